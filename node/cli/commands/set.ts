import { applyEdits, parseHocon, setValue } from '../../../shared/hocon/index';
import { parseCommandLine, UsageError, type CliCommand } from '../command';
import { emitEdited, formatDiagnostic, readTextFile } from './hocon-cli-support';

export const setCommand: CliCommand = {
  name: 'set',
  summary: 'set a value in a HOCON file, keeping everything else byte for byte',
  usage: `Usage: toolbox-editor set FILE PATH VALUE [--write]

Sets PATH (a HOCON path such as tools.my_tool.description or 'a."b.c"') to VALUE, which is HOCON text
(quote strings: '"hello"'). Prints the edited file, or with --write replaces FILE atomically.`,
  async run(args, io) {
    const parsed = parseCommandLine(args, { write: { type: 'boolean', default: false } });
    if (parsed.positionals.length !== 3) throw new UsageError('expecting FILE PATH VALUE');
    const [file, path, value] = parsed.positionals as [string, string, string];
    const valueCheck = parseHocon(`x = ${value}`, 'VALUE');
    const valueErrors = valueCheck.diagnostics.filter((d) => d.severity === 'error');
    if (valueErrors.length > 0 || valueCheck.root.kind !== 'object' || valueCheck.root.entries.length !== 1) {
      throw new UsageError(`VALUE is not a HOCON value: ${valueErrors.map(formatDiagnostic).join('; ') || value}`);
    }
    const { absolute, text } = readTextFile(file, io);
    const edited = applyEdits(text, setValue(text, path, value));
    return emitEdited(absolute, edited, parsed.values.write === true, io);
  },
};
