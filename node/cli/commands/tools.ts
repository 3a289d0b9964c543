import { fieldOf, keyOrigin, type ToolEntry } from '../../../shared/toolbox/index';
import { parseCommandLine, UsageError, type CliCommand } from '../command';
import { loadFileFromDisk, toolboxOf } from '../../workspace/toolboxOnDisk';
import { diskReading, readingOptions, readingUsage } from './readingCliSupport';
import { reportUnreadFiles } from './toolboxCliSupport';
import { isDirectoryArgument } from '../../project/projectArgument';
import { toolsOfProject } from './toolsProject';
import { MCP_OPTION_HELP } from './mcpCliSupport';

export const toolsCommand: CliCommand = {
  name: 'tools',
  usage: [
    'Usage: toolbox-editor tools FILE [--json] [--no-default] [--as neuro-san|spec] [--cwd DIR]',
    '       toolbox-editor tools DIR [--used-by] [--json] [--no-default] [--mcp]',
    '',
    'Lists the effective tools in order: the default toolbox, overridden or extended by FILE, as neuro-san merges',
    "them. For an agent network FILE, its toolbox (toolbox_info_file, else $AGENT_TOOLBOX_INFO_FILE).",
    'A file that cannot be read, or has syntax errors, is reported on stderr (exit 1) after what could be listed',
    "(neuro-san's reading loads nothing of a file it fails on; --as spec lists what the spec's reading recovered).",
    'A DIR is a neuro-san project: its toolbox in use (as `validate DIR` finds it), each tool with the network',
    'agents that use it (--used-by, the default for a DIR), then agents naming a tool no toolbox defines, then the',
    'MCP servers the networks name, each with the agents that use it and the filter each applies (with --mcp, the',
    'tools each server lists and each agent gets, with neuro-san\'s renaming of names outside [a-zA-Z0-9_-]).',
    '',
    'Options:',
    '  --json        an array of {name, kind, class, displayAs, displayAsInferred, origin, file, line}; kind is null',
    '                for an entry that is not a dictionary, class the value written (a string, else as written)',
    '  --no-default  do not layer over the default toolbox',
    '  --used-by     (with DIR) list each tool\'s users',
    MCP_OPTION_HELP,
    ...readingUsage('neuro-san'),
  ].join('\n'),
  async run(args, io) {
    const parsed = parseCommandLine(args, { json: { type: 'boolean' }, 'no-default': { type: 'boolean' }, 'used-by': { type: 'boolean' }, mcp: { type: 'boolean' }, ...readingOptions });
    if (parsed.positionals.length !== 1) throw new UsageError('give exactly one FILE');
    const file = parsed.positionals[0]!;
    if (isDirectoryArgument(file, io.cwd)) {
      return toolsOfProject(file, { json: parsed.values.json ?? false, noDefault: parsed.values['no-default'] ?? false, mcp: parsed.values.mcp ?? false }, io);
    }
    if (parsed.values['used-by']) throw new UsageError('--used-by needs a project DIR');
    if (parsed.values.mcp) throw new UsageError('--mcp needs a project DIR (its networks name the servers)');
    const loaded = loadFileFromDisk(file, { ...diskReading(file, parsed.values, io), env: io.env, noDefault: parsed.values['no-default'] ?? false });
    const toolbox = toolboxOf(loaded);
    // A file that cannot be read, or not all of it (a syntax error): the tools listed are not all there are.
    const exitCode = reportUnreadFiles(toolbox.diagnostics, io) > 0 ? 1 : 0;
    const rows = toolbox.tools.map((tool) => {
      const key = keyOrigin(tool.field);
      return {
        name: tool.name,
        // As neuro-san sees them: an entry that is not a dictionary has no kind, and a class is whatever was written.
        kind: tool.value.kind === 'object' ? tool.kind : null,
        class: writtenClass(tool),
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
    const table = [['NAME', 'KIND', 'CLASS', 'DISPLAY_AS', 'ORIGIN'], ...rows.map((r) => [r.name, r.kind ?? '(none)', r.class === null ? '(none)' : String(r.class), r.displayAs + (r.displayAsInferred ? '*' : ''), r.origin])];
    const widths = table[0]!.map((_, i) => Math.max(...table.map((row) => row[i]!.length)));
    for (const row of table) io.stdout(`${row.map((cell, i) => (i === row.length - 1 ? cell : cell.padEnd(widths[i]!))).join('  ')}\n`);
    if (rows.some((r) => r.displayAsInferred)) io.stdout('* display_as inferred by neuro-san\'s rule (not written in the file)\n');
    return exitCode;
  },
};

/** The entry's `class` as written when it is a scalar (neuro-san reports `123` as 123), else null. */
function writtenClass(tool: ToolEntry): string | number | boolean | null {
  if (tool.className !== undefined) return tool.className;
  const value = fieldOf(tool, 'class')?.value;
  return value?.kind === 'number' || value?.kind === 'boolean' ? value.value : null;
}
