import { spawn } from 'node:child_process';
import path from 'node:path';
import { PassThrough } from 'node:stream';
import { createConnection, createMessageConnection, ProposedFeatures, StreamMessageReader, StreamMessageWriter, type MessageConnection } from 'vscode-languageserver/node';
import { startLanguageServer, type LanguageServerOptions } from '../language/languageServer';

export interface PublishedDiagnostic {
  range: { start: { line: number; character: number }; end: { line: number; character: number } };
  code: string;
  message: string;
  severity: number;
}

export interface InProcessServer {
  client: MessageConnection;
  /** The last diagnostics published for each URI. */
  diagnostics: Map<string, PublishedDiagnostic[]>;
  /** Messages the server showed (window/showMessage). */
  messages: string[];
  /** What the server logged (window/logMessage), in order. */
  logs: string[];
  /** Shuts the server down as a client does, then closes the streams. */
  dispose(): Promise<void>;
}

/**
 * For tests: `toolbox-editor lsp` in this process over a pair of streams, with a bare JSON-RPC client, initialized
 * (with `rootUri` as its workspace folder, when given).
 */
export async function languageServerInProcess(options: Partial<LanguageServerOptions> & { rootUri?: string | null } = {}): Promise<InProcessServer> {
  const toServer = new PassThrough();
  const toClient = new PassThrough();
  const connection = createConnection(ProposedFeatures.all, new StreamMessageReader(toServer), new StreamMessageWriter(toClient));
  const { rootUri = null, ...serverOptions } = options;
  startLanguageServer(connection, { env: {}, settleMs: 0, ...serverOptions });
  const server = await initializedClient(createMessageConnection(new StreamMessageReader(toClient), new StreamMessageWriter(toServer)), rootUri);
  return {
    ...server,
    dispose: async () => {
      await server.client.sendRequest('shutdown').catch(() => undefined);
      server.client.dispose();
      connection.dispose();
    },
  };
}

export interface StdioServer extends InProcessServer {
  /** What the server wrote to standard error. */
  stderr(): string;
}

/**
 * For tests: `node CLI lsp --stdio` as a process (the CLI as it ships: bundleCliAsShipped), with the same bare client,
 * initialized. `dispose` asks it to shut down and exit, and kills it if it has not within a second.
 */
export async function languageServerOverStdio(cli: string, options: { rootUri?: string | null; cwd?: string } = {}): Promise<StdioServer> {
  const child = spawn(process.execPath, [cli, 'lsp', '--stdio'], { cwd: options.cwd ?? path.dirname(cli), env: { PATH: process.env.PATH ?? '' }, stdio: ['pipe', 'pipe', 'pipe'] });
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => void (stderr += chunk.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const server = await initializedClient(createMessageConnection(new StreamMessageReader(child.stdout), new StreamMessageWriter(child.stdin)), options.rootUri ?? null);
  const settled = <T>(promise: Promise<T>, ms: number) => Promise.race([promise.catch(() => undefined), new Promise<undefined>((resolve) => setTimeout(() => resolve(undefined), ms).unref())]);
  return {
    ...server,
    stderr: () => stderr,
    dispose: async () => {
      await settled(server.client.sendRequest('shutdown'), 1000);
      server.client.sendNotification('exit');
      await settled(exited, 1000);
      child.kill('SIGKILL');
      server.client.dispose();
    },
  };
}

/** The bare client on a connection to a server: what it publishes and says kept, initialized with `rootUri`. */
async function initializedClient(client: MessageConnection, rootUri: string | null): Promise<Omit<InProcessServer, 'dispose'>> {
  const diagnostics = new Map<string, PublishedDiagnostic[]>();
  const messages: string[] = [];
  const logs: string[] = [];
  client.onNotification('textDocument/publishDiagnostics', (p: { uri: string; diagnostics: PublishedDiagnostic[] }) => void diagnostics.set(p.uri, p.diagnostics));
  client.onNotification('window/showMessage', (p: { message: string }) => void messages.push(p.message));
  client.onNotification('window/logMessage', (p: { message: string }) => void logs.push(p.message));
  client.listen();
  await client.sendRequest('initialize', { processId: null, rootUri, capabilities: {}, workspaceFolders: rootUri ? [{ uri: rootUri, name: 'root' }] : null });
  client.sendNotification('initialized', {});
  return { client, diagnostics, messages, logs };
}
