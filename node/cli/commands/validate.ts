import { formatDiagnosticLine, type ToolboxDiagnostic } from '../../../shared/toolbox/toolboxDiagnostic';
import { parseCommandLine, UsageError, type CliCommand } from '../command';
import { diagnosticsOf, loadFileFromDisk } from '../../workspace/toolboxOnDisk';
import { diskReading, readingOptions, readingUsage } from './reading-cli-support';

export const validateCommand: CliCommand = {
  name: 'validate',
  summary: 'check toolbox or agent network files the way neuro-san reads them (exit 1 on any error)',
  usage: [
    'Usage: toolbox-editor validate FILE... [--json] [--no-default] [--as neuro-san|spec] [--cwd DIR]',
    '',
    'Prints one line per problem: FILE:LINE:COLUMN SEVERITY RULE MESSAGE. Exits 1 when any error was found, else 0.',
    'A toolbox FILE is layered over the default toolbox; an agent network FILE is checked with the toolbox it uses',
    '(its toolbox_info_file key, else $AGENT_TOOLBOX_INFO_FILE).',
    '',
    'Options:',
    '  --json        an array of diagnostics {file, line, column, severity, rule, message, tool?, fix?}',
    '  --no-default  do not layer over the default toolbox',
    ...readingUsage('neuro-san'),
  ].join('\n'),
  async run(args, io) {
    const parsed = parseCommandLine(args, { json: { type: 'boolean' }, 'no-default': { type: 'boolean' }, ...readingOptions });
    if (parsed.positionals.length === 0) throw new UsageError('give at least one FILE');
    const all: ToolboxDiagnostic[] = [];
    const seen = new Set<string>();
    for (const file of parsed.positionals) {
      const options = { ...diskReading(file, parsed.values, io), env: io.env, noDefault: parsed.values['no-default'] ?? false };
      for (const d of diagnosticsOf(loadFileFromDisk(file, options))) {
        // Two networks sharing one toolbox would report its problems twice.
        const key = `${d.file}:${d.range.start.offset}:${d.rule}:${d.message}`;
        if (!seen.has(key)) {
          seen.add(key);
          all.push(d);
        }
      }
    }
    if (parsed.values.json) {
      const plain = all.map(({ range, ...rest }) => ({ ...rest, endLine: range.end.line, endColumn: range.end.column }));
      io.stdout(`${JSON.stringify(plain, null, 2)}\n`);
    } else {
      for (const d of all) io.stdout(`${formatDiagnosticLine(d)}\n`);
    }
    return all.some((d) => d.severity === 'error') ? 1 : 0;
  },
};
