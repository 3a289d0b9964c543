import { relative } from 'node:path';
import { applyEdits, EditRefusedError, parseHocon } from '../../../shared/hocon/index';
import { baseOf, editTarget, sourceEdits, type EditChoice, type FieldSource, type SourceChoice } from '../../../shared/toolbox/index';
import { parseCommandLine, UsageError, type CliCommand, type CliIo } from '../command';
import { definitionIndex, emitEdited, formatDiagnostic, keySourceFor, listedDefinitions, pathKeys, readFileToEdit, resolveOptionsFor } from './hoconCliSupport';

/** The flags that say which definition to change, and the form's choice each is. */
const CHOICE_FLAGS = { override: 'override', base: 'base', 'replace-all': 'both', here: 'here' } as const satisfies Record<string, SourceChoice>;
type ChoiceFlag = keyof typeof CHOICE_FLAGS;

export const setCommand: CliCommand = {
  name: 'set',
  usage: `Usage: toolbox-editor set FILE PATH VALUE [--write] [--override | --base | --replace-all | --here | --definition N]

Sets PATH (a HOCON path such as tools.my_tool.description or 'a."b.c"') to VALUE, which is HOCON text
(quote strings: '"hello"'). Prints the edited file, or with --write replaces FILE atomically (only inside its
project, the folder upward holding registries/ or else its folder, once symbolic links are resolved).

A key set more than once is changed where its value comes from: the definition that wins. An environment
override that finds nothing now (\`x = 5\` then \`x = \${?X}\` with X unset) stays as it is, and the 5 changes.
When the definition that wins is a substitution (\${?X} set, \${other.key}, "\${base}/v1", +=), when only an
unset \${?X} sets PATH, or when it wins from an included file, nothing is changed: the definitions are listed
(file:line, what each does now, which wins) and one of these flags says which to change:
  --override        VALUE replaces the substitution that wins (its variable or key no longer applies)
  --base            VALUE replaces the plain value the override overrides (what applies while it finds nothing)
  --replace-all     one definition with VALUE; the other definitions in FILE are removed
  --here            (the winner is in an included file) VALUE set in FILE, over the included file's
  --definition N    VALUE replaces definition N as listed, only that one

The edit is refused, with the reason, when the file would not then resolve to exactly that change: PATH set
again elsewhere (objects merge, the last definition wins), a path into a list, an include or a substitution
that sets it too, or a new error.`,
  async run(args, io) {
    const parsed = parseCommandLine(args, {
      write: { type: 'boolean', default: false },
      override: { type: 'boolean', default: false },
      base: { type: 'boolean', default: false },
      'replace-all': { type: 'boolean', default: false },
      here: { type: 'boolean', default: false },
      definition: { type: 'string' },
    });
    if (parsed.positionals.length !== 3) throw new UsageError('expecting FILE PATH VALUE');
    const [file, path, value] = parsed.positionals as [string, string, string];
    const flags = (Object.keys(CHOICE_FLAGS) as ChoiceFlag[]).filter((flag) => parsed.values[flag] === true);
    if (flags.length + (parsed.values.definition !== undefined ? 1 : 0) > 1) {
      throw new UsageError(`choose one of --override, --base, --replace-all, --here, --definition N (given: ${[...flags.map((f) => `--${f}`), ...(parsed.values.definition !== undefined ? ['--definition'] : [])].join(', ')})`);
    }
    const valueCheck = parseHocon(`x = ${value}`, 'VALUE');
    const valueErrors = valueCheck.diagnostics.filter((d) => d.severity === 'error');
    const entry = valueCheck.root.kind === 'object' && valueCheck.root.entries.length === 1 ? valueCheck.root.entries[0] : undefined;
    if (valueErrors.length > 0 || entry === undefined || entry.kind !== 'field') {
      throw new UsageError(`VALUE is not a HOCON value: ${valueErrors.map(formatDiagnostic).join('; ') || value}`);
    }
    // A comment after the value would swallow the rest of the line it lands on (a closing brace, say).
    if (entry.value.end !== `x = ${value.trimEnd()}`.length) {
      throw new UsageError(`VALUE must be one HOCON value with nothing after it (no comment): ${value}`);
    }
    const read = await readFileToEdit(file, io);
    const keys = pathKeys(path);
    const source = keySourceFor(read, keys, io);
    const choice = chosen(source, flags[0], definitionIndex(parsed.values.definition, source), path, io);
    // Refused (exit 1, the reason on stderr) when the file would not then resolve to exactly that change.
    const edited = applyEdits(read.text, sourceEdits(read.text, keys, value, source, choice, { checked: true, resolve: resolveOptionsFor(read, io) }));
    return emitEdited(read, edited, parsed.values.write === true, io);
  },
};

/** The choices `set` offers for PATH: the form's (where it asks), and --replace-all wherever FILE has several. */
function offered(source: FieldSource | undefined): SourceChoice[] {
  const target = editTarget(source);
  const choices = target.direct ? [] : [...target.choices];
  if (!choices.includes('both') && (source?.definitions.filter((d) => d.where === 'here').length ?? 0) > 1) choices.push('both');
  return choices;
}

/** The choice the flags make, or a refusal that lists the definitions and the flags that apply. */
function chosen(source: FieldSource | undefined, flag: ChoiceFlag | undefined, definition: number | undefined, path: string, io: CliIo): EditChoice {
  if (definition !== undefined) return { definition };
  const choices = offered(source);
  if (flag !== undefined && choices.includes(CHOICE_FLAGS[flag])) return CHOICE_FLAGS[flag];
  if (flag === undefined && editTarget(source).direct) return undefined;
  if (source === undefined) throw new EditRefusedError(`Not changed: --${flag} says which definition of '${path}' to change, and it has none: leave the flag out to add it.`);
  const why = flag === undefined ? whyAsk(source, io) : `--${flag} does not apply to '${path}'`;
  throw new EditRefusedError(`Not changed: ${why}. Its definitions:\n${listedDefinitions(source, io)}\nSay which to change:\n${flagHelp(source, choices).join('\n')}`);
}

function whyAsk(source: FieldSource, io: CliIo): string {
  const path = `'${source.path.join('.')}'`;
  const winner = source.definitions[source.winner];
  if (winner === undefined) return `${path} is set only by a substitution that finds nothing now (so the key is absent); a value would replace it`;
  if (winner.where === 'include') return `the definition of ${path} that wins is in ${relative(io.cwd, winner.file) || winner.file}, which this file includes`;
  return `the definition of ${path} that wins is ${winner.text}, not a value written here; a value would replace it`;
}

function flagHelp(source: FieldSource, choices: readonly SourceChoice[]): string[] {
  const winner = source.definitions[source.winner];
  const override = winner ?? [...source.definitions].reverse().find((d) => d.where === 'here' && d.kind !== 'value' && d.kind !== 'object');
  const base = baseOf(source);
  const here = source.definitions.filter((d) => d.where === 'here').length;
  const help: Record<SourceChoice, string> = {
    override: `  --override        VALUE replaces ${override?.text ?? 'the substitution'}${override?.references.length ? ` (${override.references.map((r) => r.name).join(', ')} no longer applies)` : ''}`,
    base: `  --base            VALUE replaces definition ${base + 1} (${source.definitions[base]?.text}): what applies while the override finds nothing`,
    both: `  --replace-all     one definition with VALUE; the other ${here - 1} in this file removed`,
    here: `  --here            VALUE set in this file, over the included file's`,
  };
  return [...choices.map((c) => help[c]), '  --definition N    VALUE replaces definition N only'];
}
