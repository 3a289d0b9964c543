import { mkdtempSync, writeFileSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PassThrough } from 'node:stream';
import { pathToFileURL } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { createConnection, createMessageConnection, ProposedFeatures, StreamMessageReader, StreamMessageWriter, type MessageConnection } from 'vscode-languageserver/node';
import { startLanguageServer } from './languageServer';

/** The server in this process, over a pair of streams, with a bare JSON-RPC client. */
function serverAndClient(): { client: MessageConnection; diagnostics: Map<string, unknown[]> } {
  const toServer = new PassThrough();
  const toClient = new PassThrough();
  const connection = createConnection(ProposedFeatures.all, new StreamMessageReader(toServer), new StreamMessageWriter(toClient));
  startLanguageServer(connection, { env: {}, settleMs: 0 });
  const client = createMessageConnection(new StreamMessageReader(toClient), new StreamMessageWriter(toServer));
  const diagnostics = new Map<string, unknown[]>();
  client.onNotification('textDocument/publishDiagnostics', (p: { uri: string; diagnostics: unknown[] }) => void diagnostics.set(p.uri, p.diagnostics));
  client.listen();
  return { client, diagnostics };
}

let open: MessageConnection | undefined;
afterEach(() => open?.dispose());

describe('toolbox-editor lsp on hostile files', () => {
  it('answers every request on hostile texts and stays alive for the next file', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'tbe-lsp-'));
    mkdirSync(path.join(dir, 'registries'));
    const { client, diagnostics } = serverAndClient();
    open = client;
    await client.sendRequest('initialize', { processId: null, rootUri: pathToFileURL(dir).href, capabilities: {}, workspaceFolders: null });
    client.sendNotification('initialized', {});
    const hostile = {
      'deep.hocon': `a = ${'['.repeat(100_000)}`,
      'cycle.hocon': 'a = ${b}\nb = ${a}\nc = ${c} ${c}\n',
      'long.hocon': `a = "${'x'.repeat(2_000_000)}"\n`,
      'bad.hocon': '{ "a": [1, 2 \n include required("/dev/zero")\n b = ${?\n',
    };
    for (const [name, text] of Object.entries(hostile)) {
      writeFileSync(path.join(dir, name), text);
      const uri = pathToFileURL(path.join(dir, name)).href;
      client.sendNotification('textDocument/didOpen', { textDocument: { uri, languageId: 'hocon', version: 1, text } });
      const position = { line: 0, character: 5 };
      for (const method of ['textDocument/hover', 'textDocument/definition', 'textDocument/documentSymbol', 'textDocument/foldingRange', 'textDocument/completion']) {
        const params = method.endsWith('Symbol') || method.endsWith('Range') ? { textDocument: { uri } } : { textDocument: { uri }, position };
        await client.sendRequest(method, params).catch((error: Error) => error);
      }
      const formatted = await client.sendRequest('textDocument/formatting', { textDocument: { uri }, options: { tabSize: 2, insertSpaces: true } }).catch((e: Error) => e);
      expect(formatted instanceof Error ? formatted.message : 'answered').toBeDefined();
    }
    // Still alive: a plain file gets its outline and its diagnostics.
    const good = pathToFileURL(path.join(dir, 'good.hocon')).href;
    writeFileSync(path.join(dir, 'good.hocon'), 'x { y = 1 }\n');
    client.sendNotification('textDocument/didOpen', { textDocument: { uri: good, languageId: 'hocon', version: 1, text: 'x { y = 1 }\n' } });
    const symbols = (await client.sendRequest('textDocument/documentSymbol', { textDocument: { uri: good } })) as { name: string }[];
    expect(symbols.map((s) => s.name)).toEqual(['x']);
    await expect.poll(() => diagnostics.get(pathToFileURL(path.join(dir, 'deep.hocon')).href)?.length ?? 0, { timeout: 20_000 }).toBeGreaterThan(0);
  }, 60_000);

  it('syncs incrementally: a change to part of the text is what the server reads', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'tbe-lsp-'));
    const { client } = serverAndClient();
    open = client;
    await client.sendRequest('initialize', { processId: null, rootUri: null, capabilities: {}, workspaceFolders: null });
    client.sendNotification('initialized', {});
    const uri = pathToFileURL(path.join(dir, 'a.hocon')).href;
    client.sendNotification('textDocument/didOpen', { textDocument: { uri, languageId: 'hocon', version: 1, text: 'first { y = 1 }\n' } });
    client.sendNotification('textDocument/didChange', {
      textDocument: { uri, version: 2 },
      contentChanges: [{ range: { start: { line: 0, character: 0 }, end: { line: 0, character: 5 } }, text: 'second' }],
    });
    const symbols = (await client.sendRequest('textDocument/documentSymbol', { textDocument: { uri } })) as { name: string }[];
    expect(symbols.map((s) => s.name)).toEqual(['second']);
  });
});
