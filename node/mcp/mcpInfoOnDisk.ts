/**
 * The MCP info file neuro-san would read when started in a folder: AGENT_MCP_INFO_FILE, else the deprecated
 * MCP_SERVERS_INFO_FILE, from the environment, else the project's `.env` or conventional place when the folder lies
 * in a project — chosen by the variables of the neuro-san version the project runs, and read as neuro-san reads it
 * (pyhocon): the project view's reading (shared/project/analyzeProject.ts `projectMcpInfoFile`), for runs of an MCP
 * server's tool and `call --mcp`, which have no project analysis to take it from.
 */
import path from 'node:path';
import { readMcpInfo, type McpServerSettings } from '../../shared/mcp/index';
import { projectMcpInfoFile } from '../../shared/project/analyzeProject';
import { projectReaderOnDisk } from '../project/projectOnDisk';
import { findProjectRoot } from '../project/projectSettingsOnDisk';
import type { VersionLookup } from '../neurosan/projectVersion';

export interface McpInfoOnDisk {
  /** Absolute. */
  file: string;
  variable: 'AGENT_MCP_INFO_FILE' | 'MCP_SERVERS_INFO_FILE';
  /** Said to the user: the deprecated variable, one the project's version may not read, a file that cannot be read. */
  notes: string[];
  /** Whether neuro-san reads it (else `servers` is empty and `notes` say why). */
  readable: boolean;
  servers: ReadonlyMap<string, McpServerSettings>;
}

/** `versionLookup`: what the interpreter of the project's runs said it has, when a run asked it (its variables count). */
export function mcpInfoOnDisk(cwd: string, env: Record<string, string | undefined>, versionLookup?: VersionLookup): McpInfoOnDisk | undefined {
  const root = findProjectRoot(cwd);
  // The project's reader, its files not listed: only the info file (and what it includes) is read.
  const { reader, neuroSan } = projectReaderOnDisk(root, { env, files: [], ...(versionLookup ? { versionLookup } : {}) });
  // Whether the newest release the editor knows reads a variable says nothing of a project that pins no version.
  const { info } = projectMcpInfoFile(reader, reader.options.settings, neuroSan.from === 'newest known');
  if (!info) return undefined;
  const { view } = info;
  // Relative to the project root, where neuro-san runs (settingsOf made them so); an absolute one as it is.
  const file = path.resolve(root, view.path);
  const notes = [view.note, view.problem].filter((n): n is string => n !== undefined).map((n) => `MCP info file ${file} (${view.variable}): ${n}`);
  if (info.root === undefined) {
    // Why neuro-san could not read it, where it says so.
    const readable = view.problem !== undefined && typeof reader.options.host.readFile(view.path) === 'string';
    const errors = readable ? reader.document(view.path).diagnostics.filter((d) => d.severity === 'error') : [];
    notes.push(...errors.map((d) => `${path.resolve(root, d.file)}:${d.line}:${d.column}: ${d.message}`));
    return { file, variable: view.variable, notes, readable: false, servers: new Map() };
  }
  return { file, variable: view.variable, notes, readable: true, servers: readMcpInfo(info.root).servers };
}
