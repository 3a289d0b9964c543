import { applyEdits, removeKeyChecked } from '../../../shared/hocon/index';
import { parseCommandLine, UsageError, type CliCommand } from '../command';
import { emitEdited, readFileToEdit, resolveOptionsFor } from './hoconCliSupport';

export const unsetCommand: CliCommand = {
  name: 'unset',
  summary: 'remove a key from a HOCON file (with its comment lines), keeping the rest byte for byte',
  usage: `Usage: toolbox-editor unset FILE PATH [--write]

Removes every definition of PATH in FILE: each is one contiguous block (the entry, its comma, the comment on
its line and the comment lines directly above it). Prints the edited file, or with --write replaces FILE atomically.
The removal is refused, with the reason, when PATH would still be set (by an include or a substitution) or a
substitution would lose what it refers to.`,
  async run(args, io) {
    const parsed = parseCommandLine(args, { write: { type: 'boolean', default: false } });
    if (parsed.positionals.length !== 2) throw new UsageError('expecting FILE PATH');
    const [file, path] = parsed.positionals as [string, string];
    const read = await readFileToEdit(file, io);
    // Refused (exit 1, the reason on stderr) when PATH would still be set (by an include, a substitution) or a
    // substitution would lose what it refers to.
    const edited = applyEdits(read.text, removeKeyChecked(read.text, path, { resolve: resolveOptionsFor(read, io) }));
    return emitEdited(read, edited, parsed.values.write === true, io);
  },
};
