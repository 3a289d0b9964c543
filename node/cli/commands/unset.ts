import { applyEdits, EditRefusedError } from '../../../shared/hocon/index';
import { removalNeedsChoice, sourceRemovals } from '../../../shared/toolbox/index';
import { parseCommandLine, UsageError, type CliCommand } from '../command';
import { definitionIndex, emitEdited, keySourceFor, listedDefinitions, pathKeys, readFileToEdit, resolveOptionsFor } from './hoconCliSupport';

export const unsetCommand: CliCommand = {
  name: 'unset',
  usage: `Usage: toolbox-editor unset FILE PATH [--write] [--all | --definition N]

Removes every definition of PATH in FILE: each is one contiguous block (the entry, its comma, the comment on
its line and the comment lines directly above it). Prints the edited file, or with --write replaces FILE atomically
(only inside its project, the folder upward holding registries/ or else its folder, once symbolic links are resolved).

When PATH is set more than once in FILE and one of its definitions is a substitution (an environment override
\${?X}, a copy \${other.key}, "\${base}/v1", +=), nothing is removed: the definitions are listed (file:line, what
each does now, which wins) and one of these flags says what to remove:
  --all             every definition, the override too
  --definition N    definition N as listed, only that one (PATH then has what the others give)

The removal is refused, with the reason, when PATH would still be set (by an include or a substitution) or a
substitution would lose what it refers to.`,
  async run(args, io) {
    const parsed = parseCommandLine(args, { write: { type: 'boolean', default: false }, all: { type: 'boolean', default: false }, definition: { type: 'string' } });
    if (parsed.positionals.length !== 2) throw new UsageError('expecting FILE PATH');
    if (parsed.values.all === true && parsed.values.definition !== undefined) throw new UsageError('choose one of --all, --definition N');
    const [file, path] = parsed.positionals as [string, string];
    const read = await readFileToEdit(file, io);
    const keys = pathKeys(path);
    const source = keySourceFor(read, keys, io);
    const definition = definitionIndex(parsed.values.definition, source);
    const choice = definition !== undefined ? { definition } : parsed.values.all === true ? ('all' as const) : undefined;
    if (choice === undefined && source !== undefined && removalNeedsChoice(source)) {
      throw new EditRefusedError(
        `Not changed: '${path}' is set ${source.definitions.length} times and not only by plain values; removing every definition would remove the override too. Its definitions:\n` +
          `${listedDefinitions(source, io)}\nSay what to remove:\n  --all             every definition\n  --definition N    definition N only`,
      );
    }
    // Refused (exit 1, the reason on stderr) when PATH would still be set (by an include, a substitution) or a
    // substitution would lose what it refers to.
    const edited = applyEdits(read.text, sourceRemovals(read.text, keys, source, choice, { checked: true, resolve: resolveOptionsFor(read, io) }));
    return emitEdited(read, edited, parsed.values.write === true, io);
  },
};
