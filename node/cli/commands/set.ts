import { applyEdits, parseHocon, setValueChecked } from '../../../shared/hocon/index';
import { parseCommandLine, UsageError, type CliCommand } from '../command';
import { emitEdited, formatDiagnostic, readFileToEdit, resolveOptionsFor } from './hoconCliSupport';

export const setCommand: CliCommand = {
  name: 'set',
  summary: 'set a value in a HOCON file, keeping everything else byte for byte',
  usage: `Usage: toolbox-editor set FILE PATH VALUE [--write]

Sets PATH (a HOCON path such as tools.my_tool.description or 'a."b.c"') to VALUE, which is HOCON text
(quote strings: '"hello"'). Prints the edited file, or with --write replaces FILE atomically.
The edit is refused, with the reason, when the file would not then resolve to exactly that change: PATH set
again elsewhere (objects merge, the last definition wins), a path into a list, an include or a substitution
that sets it too, or a new error.`,
  async run(args, io) {
    const parsed = parseCommandLine(args, { write: { type: 'boolean', default: false } });
    if (parsed.positionals.length !== 3) throw new UsageError('expecting FILE PATH VALUE');
    const [file, path, value] = parsed.positionals as [string, string, string];
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
    // Refused (exit 1, the reason on stderr) when the file would not then resolve to exactly that change.
    const edited = applyEdits(read.text, setValueChecked(read.text, path, value, { resolve: resolveOptionsFor(read, io) }));
    return emitEdited(read, edited, parsed.values.write === true, io);
  },
};
