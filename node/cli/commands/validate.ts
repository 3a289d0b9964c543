import path from 'node:path';
import { formatDiagnosticLine, type ToolboxDiagnostic } from '../../../shared/toolbox/toolboxDiagnostic';
import { parseCommandLine, UsageError, type CliCommand } from '../command';
import { diagnosticsOf, loadFileFromDisk } from '../../workspace/toolboxOnDisk';
import { isDirectoryArgument } from '../../project/projectArgument';
import { validateProject } from './validate-project';

export const validateCommand: CliCommand = {
  name: 'validate',
  summary: 'check toolbox or agent network files the way neuro-san reads them (exit 1 on any error)',
  usage: [
    'Usage: toolbox-editor validate FILE... [--json] [--no-default]',
    '       toolbox-editor validate DIR [--json] [--no-default]',
    '',
    'Prints one line per problem: FILE:LINE:COLUMN SEVERITY RULE MESSAGE. Exits 1 when any error was found, else 0.',
    'A toolbox FILE is layered over the default toolbox; an agent network FILE is checked with the toolbox it uses',
    '(its toolbox_info_file key, else $AGENT_TOOLBOX_INFO_FILE).',
    'A DIR is a neuro-san project: every .hocon file under it is checked by its kind (toolbox, agent network,',
    'manifest, fragment, LLM config, MCP servers info, test case), each problem once, with the toolbox neuro-san',
    'would use ($AGENT_TOOLBOX_INFO_FILE, else DIR/.env, else neuro_san_studio/toolbox/toolbox_info.hocon or',
    'toolbox/toolbox_info.hocon); a summary by kind ends the output. With --json: {root, settings, files,',
    'diagnostics, summary}.',
    '',
    'Options:',
    '  --json        an array of diagnostics {file, line, column, severity, rule, message, tool?, fix?}',
    '  --no-default  do not layer over the default toolbox',
  ].join('\n'),
  async run(args, io) {
    const parsed = parseCommandLine(args, { json: { type: 'boolean' }, 'no-default': { type: 'boolean' } });
    if (parsed.positionals.length === 0) throw new UsageError('give at least one FILE');
    if (parsed.positionals.length === 1 && isDirectoryArgument(parsed.positionals[0]!, io.cwd)) {
      return validateProject(parsed.positionals[0]!, { json: parsed.values.json ?? false, noDefault: parsed.values['no-default'] ?? false }, io);
    }
    const all: ToolboxDiagnostic[] = [];
    const seen = new Set<string>();
    for (const file of parsed.positionals) {
      for (const d of diagnosticsOf(loadFileFromDisk(file, { cwd: io.cwd, env: io.env, noDefault: parsed.values['no-default'] ?? false }))) {
        // Two networks sharing one toolbox would report its problems twice.
        // The same file may be named relatively (given) and absolutely (a network's toolbox, found from the cwd).
        const key = `${path.resolve(io.cwd, d.file)}:${d.range.start.offset}:${d.rule}:${d.message}`;
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
