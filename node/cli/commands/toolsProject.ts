import path from 'node:path';
import type { CliIo } from '../command';
import { loadProjectFromDisk } from '../../project/projectOnDisk';
import { findProjectRoot } from '../../project/projectSettingsOnDisk';
import { reportUnreadFiles } from './toolboxCliSupport';
import { askProjectServers, printMcpServers } from './mcpCliSupport';
import { plural } from '../../../shared/plural';

/**
 * `tools DIR --used-by`: each tool of the project's toolbox with the network agents that use it (file:line:column
 * of their `"toolbox": "<tool>"`, relative to the working directory), then the agents naming a tool no toolbox has.
 */
export async function toolsOfProject(dir: string, options: { json: boolean; noDefault: boolean; mcp: boolean }, io: CliIo): Promise<number> {
  const { root, analysis } = await loadProjectFromDisk(findProjectRoot(path.resolve(io.cwd, dir)), { env: io.env, noDefault: options.noDefault });
  // Only with --mcp is any server contacted.
  const listings = options.mcp ? await askProjectServers(analysis) : undefined;
  const shown = (file: string) => (path.isAbsolute(file) ? file : path.relative(io.cwd, path.join(root, file)) || file);
  const exitCode = reportUnreadFiles(analysis.diagnostics.filter((d) => d.file === analysis.toolbox?.path), io) > 0 ? 1 : 0;
  const tools = analysis.tools.map((t) => ({ ...t, file: shown(t.file), users: t.users.map((u) => ({ ...u, network: shown(u.network) })) }));
  const undefinedTools = analysis.undefinedToolUsers.map((u) => ({ ...u, network: shown(u.network) }));
  if (options.json) {
    const mcp = { ...analysis.mcp, ...(listings ? { listings: [...listings.values()] } : {}) };
    io.stdout(`${JSON.stringify({ toolbox: analysis.toolbox ?? null, tools, undefinedTools, mcp }, null, 2)}\n`);
    return exitCode;
  }
  const toolbox = analysis.toolbox;
  io.stdout(`toolbox in use: ${toolbox ? `${shown(toolbox.path)} (from ${toolbox.from})` : 'the default toolbox only'}\n`);
  for (const tool of tools) {
    const broken = tool.errors > 0 ? `, ${plural(tool.errors, 'error')}` : '';
    io.stdout(`${tool.name} (${tool.origin}${broken}): ${tool.users.length === 0 ? 'used by no agent' : `used by ${tool.users.length}`}\n`);
    for (const user of tool.users) io.stdout(`  ${user.network}:${user.line}:${user.column} agent '${user.agent}'\n`);
  }
  if (undefinedTools.length > 0) {
    io.stdout('not defined in any toolbox:\n');
    for (const user of undefinedTools) io.stdout(`  ${user.tool}: ${user.network}:${user.line}:${user.column} agent '${user.agent}'\n`);
  }
  printMcpServers(analysis.mcp, listings, shown, io);
  return exitCode;
}
