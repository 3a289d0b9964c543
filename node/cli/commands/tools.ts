import { keyOrigin } from '../../../shared/toolbox/toolEntry';
import { parseCommandLine, UsageError, type CliCommand } from '../command';
import { loadFileFromDisk, toolboxOf } from '../../workspace/toolboxOnDisk';
import { reportUnreadFiles } from './toolbox-cli-support';
import { isDirectoryArgument } from '../../project/projectArgument';
import { toolsOfProject } from './tools-project';

export const toolsCommand: CliCommand = {
  name: 'tools',
  summary: 'list the effective tools of a toolbox (or agent network) file, with kind, class and origin',
  usage: [
    'Usage: toolbox-editor tools FILE [--json] [--no-default]',
    '       toolbox-editor tools DIR [--used-by] [--json] [--no-default]',
    '',
    'Lists the effective tools in order: the default toolbox, overridden or extended by FILE, as neuro-san merges',
    "them. For an agent network FILE, its toolbox (toolbox_info_file, else $AGENT_TOOLBOX_INFO_FILE).",
    'A file that cannot be read, or has syntax errors, is reported on stderr (exit 1) after what could be listed.',
    'A DIR is a neuro-san project: its toolbox in use (as `validate DIR` finds it), each tool with the network',
    'agents that use it (--used-by, the default for a DIR), then agents naming a tool no toolbox defines.',
    '',
    'Options:',
    '  --json        an array of {name, kind, class, displayAs, displayAsInferred, origin, file, line}',
    '  --no-default  do not layer over the default toolbox',
    '  --used-by     (with DIR) list each tool\'s users',
  ].join('\n'),
  async run(args, io) {
    const parsed = parseCommandLine(args, { json: { type: 'boolean' }, 'no-default': { type: 'boolean' }, 'used-by': { type: 'boolean' } });
    if (parsed.positionals.length !== 1) throw new UsageError('give exactly one FILE');
    if (isDirectoryArgument(parsed.positionals[0]!, io.cwd)) {
      return toolsOfProject(parsed.positionals[0]!, { json: parsed.values.json ?? false, noDefault: parsed.values['no-default'] ?? false }, io);
    }
    if (parsed.values['used-by']) throw new UsageError('--used-by needs a project DIR');
    const loaded = loadFileFromDisk(parsed.positionals[0]!, { cwd: io.cwd, env: io.env, noDefault: parsed.values['no-default'] ?? false });
    const toolbox = toolboxOf(loaded);
    // A file that cannot be read, or not all of it (a syntax error): the tools listed are not all there are.
    const exitCode = reportUnreadFiles(toolbox.diagnostics, io) > 0 ? 1 : 0;
    const rows = toolbox.tools.map((tool) => {
      const key = keyOrigin(tool.field);
      return {
        name: tool.name,
        kind: tool.kind,
        class: tool.className ?? null,
        displayAs: tool.displayAs.value,
        displayAsInferred: tool.displayAs.inferred,
        origin: tool.origin,
        file: key.source.name,
        line: key.source.positionAt(key.start).line,
      };
    });
    if (parsed.values.json) {
      io.stdout(`${JSON.stringify(rows, null, 2)}\n`);
      return exitCode;
    }
    const table = [['NAME', 'KIND', 'CLASS', 'DISPLAY_AS', 'ORIGIN'], ...rows.map((r) => [r.name, r.kind, r.class ?? '(none)', r.displayAs + (r.displayAsInferred ? '*' : ''), r.origin])];
    const widths = table[0]!.map((_, i) => Math.max(...table.map((row) => row[i]!.length)));
    for (const row of table) io.stdout(`${row.map((cell, i) => (i === row.length - 1 ? cell : cell.padEnd(widths[i]!))).join('  ')}\n`);
    if (rows.some((r) => r.displayAsInferred)) io.stdout('* display_as inferred by neuro-san\'s rule (not written in the file)\n');
    return exitCode;
  },
};
