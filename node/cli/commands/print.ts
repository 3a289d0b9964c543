import { parseHocon, printSyntax } from '../../../shared/hocon/index';
import { parseCommandLine, UsageError, type CliCommand } from '../command';
import { formatDiagnostic, readTextFile } from './hoconCliSupport';

export const printCommand: CliCommand = {
  name: 'print',
  usage: `Usage: toolbox-editor print FILE

Parses FILE into its lossless syntax tree and prints the tree; the output equals the input byte for byte.
Parse problems are reported on stderr (exit 1), the text is printed anyway.`,
  async run(args, io) {
    const parsed = parseCommandLine(args, {});
    if (parsed.positionals.length !== 1) throw new UsageError('expecting exactly one FILE');
    const { absolute, text } = await readTextFile(parsed.positionals[0] as string, io);
    const document = parseHocon(text, absolute);
    io.stdout(printSyntax(document));
    const errors = document.diagnostics.filter((d) => d.severity === 'error');
    if (errors.length > 0) io.stderr(errors.map(formatDiagnostic).join('\n') + '\n');
    return errors.length > 0 ? 1 : 0;
  },
};
