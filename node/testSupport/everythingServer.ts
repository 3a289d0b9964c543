import { spawn } from 'node:child_process';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { appRoot } from '../paths';

export interface RunningMcpServer {
  /** `http://127.0.0.1:PORT/mcp` */
  url: string;
  stop(): Promise<void>;
}

/**
 * For tests: `@modelcontextprotocol/server-everything` (an MCP server nobody here wrote) on Streamable HTTP, made to
 * listen on 127.0.0.1 and a free port (fixtures/mcp/loopback_listen.mjs).
 */
export function startEverythingServer(): Promise<RunningMcpServer> {
  const root = appRoot();
  const entry = path.join(root, 'node_modules', '@modelcontextprotocol', 'server-everything', 'dist', 'index.js');
  const child = spawn(process.execPath, ['--import', pathToFileURL(path.join(root, 'fixtures', 'mcp', 'loopback_listen.mjs')).href, entry, 'streamableHttp'], {
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  const stop = () =>
    new Promise<void>((resolve) => {
      if (child.exitCode !== null || child.signalCode !== null) return resolve();
      child.once('exit', () => resolve());
      child.kill('SIGTERM');
    });
  return new Promise((resolve, reject) => {
    let said = '';
    child.stderr.on('data', (chunk: Buffer) => {
      said += chunk.toString();
      const port = /TBE_LISTENING (\d+)/.exec(said)?.[1];
      if (port) resolve({ url: `http://127.0.0.1:${port}/mcp`, stop });
    });
    child.once('error', reject);
    child.once('exit', (code) => reject(new Error(`server-everything ended (${code}) before listening: ${said}`)));
  });
}
