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
  const client = createMessageConnection(new StreamMessageReader(toClient), new StreamMessageWriter(toServer));
  const diagnostics = new Map<string, PublishedDiagnostic[]>();
  const messages: string[] = [];
  const logs: string[] = [];
  client.onNotification('textDocument/publishDiagnostics', (p: { uri: string; diagnostics: PublishedDiagnostic[] }) => void diagnostics.set(p.uri, p.diagnostics));
  client.onNotification('window/showMessage', (p: { message: string }) => void messages.push(p.message));
  client.onNotification('window/logMessage', (p: { message: string }) => void logs.push(p.message));
  client.listen();
  await client.sendRequest('initialize', { processId: null, rootUri, capabilities: {}, workspaceFolders: rootUri ? [{ uri: rootUri, name: 'root' }] : null });
  client.sendNotification('initialized', {});
  return {
    client,
    diagnostics,
    messages,
    logs,
    dispose: async () => {
      await client.sendRequest('shutdown').catch(() => undefined);
      client.dispose();
      connection.dispose();
    },
  };
}
