/**
 * The MCP info file neuro-san would read when started in a folder: AGENT_MCP_INFO_FILE, else the deprecated
 * MCP_SERVERS_INFO_FILE, from the environment, else the project's `.env` or conventional place when the folder lies
 * in a project. For `call --mcp`, which has no project analysis to take it from.
 */
import path from 'node:path';
import { resolveFile } from '../../shared/hocon/index';
import { mcpInfoChoice, readMcpInfo, type McpServerSettings } from '../../shared/mcp/index';
import { projectVersionFacts } from '../neurosan/projectVersion';
import { fileIncludeHost } from '../hocon/fileIncludeHost';
import { findProjectRoot, projectSettingsOf } from '../project/projectSettingsOnDisk';

export interface McpInfoOnDisk {
  /** Absolute. */
  file: string;
  variable: 'AGENT_MCP_INFO_FILE' | 'MCP_SERVERS_INFO_FILE';
  /** Said to the user: the deprecated variable, a file that cannot be read. */
  notes: string[];
  servers: ReadonlyMap<string, McpServerSettings>;
}

export function mcpInfoOnDisk(cwd: string, env: Record<string, string | undefined>): McpInfoOnDisk | undefined {
  const root = findProjectRoot(cwd);
  const choice = mcpInfoChoice(projectSettingsOf(root, { env }), projectVersionFacts(root).facts);
  if (!choice) return undefined;
  const { view } = choice;
  // Relative to the project root, where neuro-san runs (settingsOf made them so); an absolute one as it is.
  const file = path.resolve(root, view.path);
  const notes = [view.note, view.problem].filter((n): n is string => n !== undefined).map((n) => `MCP info file ${file} (${view.variable}): ${n}`);
  if (view.problem) return { file, variable: view.variable, notes, servers: new Map() };
  if (typeof fileIncludeHost.readFile(file) !== 'string') {
    return { file, variable: view.variable, notes: [...notes, `${view.variable} names ${file}, which cannot be read: no settings from it`], servers: new Map() };
  }
  const doc = resolveFile(file, { host: fileIncludeHost, baseDir: root, env });
  const errors = doc.diagnostics.filter((d) => d.severity === 'error');
  if (errors.length > 0) notes.push(...errors.map((d) => `${d.file}:${d.line}:${d.column}: ${d.message}`));
  return { file, variable: view.variable, notes, servers: readMcpInfo(doc.value).servers };
}
