import { compareDiagnostics, formatDiagnosticLine, type ToolboxDiagnostic } from '../../../shared/toolbox/toolboxDiagnostic';
import { parseCommandLine, UsageError, type CliCommand } from '../command';
import { diagnosticsOf, loadFileFromDisk } from '../../workspace/toolboxOnDisk';
import { reviewLoaded } from '../../review/reviewToolbox';
import { toSarif } from './sarifReport';
import { diskReading, readingOptions, readingUsage } from './reading-cli-support';

export const validateCommand: CliCommand = {
  name: 'validate',
  summary: 'check toolbox or agent network files the way neuro-san reads them (exit 1 on any error)',
  usage: [
    'Usage: toolbox-editor validate FILE... [--format text|json|sarif] [--no-default] [--as neuro-san|spec] [--cwd DIR]',
    '',
    'Prints one line per problem: FILE:LINE:COLUMN SEVERITY RULE MESSAGE. Exits 1 when any error was found, else 0.',
    'A toolbox FILE is layered over the default toolbox; an agent network FILE is checked with the toolbox it uses',
    '(its toolbox_info_file key, else $AGENT_TOOLBOX_INFO_FILE).',
    '',
    'Options:',
    '  --format F    text (default); json: an array of diagnostics {severity, rule, message, file, line, column,',
    '                tool?, fix?, endLine, endColumn} (documented in README, "Machine-readable reports"); sarif: a',
    '                SARIF 2.1.0 log for code-scanning services (pull-request annotations)',
    '  --json        the same as --format json',
    '  --no-default  do not layer over the default toolbox',
    ...readingUsage('neuro-san'),
  ].join('\n'),
  async run(args, io) {
    const parsed = parseCommandLine(args, { json: { type: 'boolean' }, format: { type: 'string' }, 'no-default': { type: 'boolean' }, ...readingOptions });
    if (parsed.positionals.length === 0) throw new UsageError('give at least one FILE');
    const format = parsed.values.format ?? (parsed.values.json ? 'json' : 'text');
    if (format !== 'text' && format !== 'json' && format !== 'sarif') throw new UsageError(`--format takes text, json or sarif, not '${format}'`);
    if (parsed.values.json && format !== 'json') throw new UsageError('--json is --format json: give one of them');
    const all: ToolboxDiagnostic[] = [];
    const seen = new Set<string>();
    for (const file of parsed.positionals) {
      const options = { ...diskReading(file, parsed.values, io), env: io.env, noDefault: parsed.values['no-default'] ?? false };
      const loaded = loadFileFromDisk(file, options);
      const found = [...diagnosticsOf(loaded), ...(await reviewLoaded(loaded, file, io.cwd))].sort(compareDiagnostics);
      for (const d of found) {
        // Two networks sharing one toolbox would report its problems twice.
        const key = `${d.file}:${d.range.start.offset}:${d.rule}:${d.message}`;
        if (!seen.has(key)) {
          seen.add(key);
          all.push(d);
        }
      }
    }
    if (format === 'sarif') {
      io.stdout(`${JSON.stringify(toSarif(all, io.cwd), null, 2)}\n`);
    } else if (format === 'json') {
      io.stdout(diagnosticsJson(all));
    } else {
      for (const d of all) io.stdout(`${formatDiagnosticLine(d)}\n`);
    }
    return all.some((d) => d.severity === 'error') ? 1 : 0;
  },
};

/** The `--json` form of diagnostics (also `check --json`'s): positions as line/column, the range's end as endLine/endColumn. */
export function diagnosticsJson(all: readonly ToolboxDiagnostic[]): string {
  const plain = all.map(({ range, ...rest }) => ({ ...rest, endLine: range.end.line, endColumn: range.end.column }));
  return `${JSON.stringify(plain, null, 2)}\n`;
}
