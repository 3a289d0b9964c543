import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { bundleCliAsShipped } from '../testSupport/bundleEntry';
import { languageServerOverStdio, type StdioServer } from '../testSupport/languageServerClient';

/**
 * Issue #32: `toolbox-editor lsp --stdio`, as it ships, on a toolbox of 10,000 entries (about 1 MB) with five problems
 * each. Its diagnostics were collected in quadratic time on the server's main thread, at every reading: 90 s here
 * before anything was published, and no request answered meanwhile.
 */
let cli = '';
let server: StdioServer | undefined;
beforeAll(async () => {
  cli = await bundleCliAsShipped(mkdtempSync(path.join(tmpdir(), 'tbe-lsp-shipped-')));
}, 60_000);
afterEach(async () => server?.dispose());

/** 10,000 tools, each with a class without a module, a one-word description, parameters not an object, an unknown key. */
function tenThousandEntries(): string {
  const entries = Array.from({ length: 10_000 }, (_, i) => `tool_${i} {\n  class = "Tool${i}"\n  description = "x"\n  parameters = 3\n  colour = "red"\n}`);
  return `${entries.join('\n')}\n`;
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

describe('toolbox-editor lsp --stdio on a toolbox of 10,000 entries', () => {
  it('publishes its diagnostics within seconds and answers requests all along', async () => {
    // A lone toolbox file, opened in an editor without a workspace folder: its folder is its project.
    const dir = mkdtempSync(path.join(tmpdir(), 'tbe-lsp-10k-'));
    const file = path.join(dir, 'toolbox_info.hocon');
    const text = tenThousandEntries();
    writeFileSync(file, text);
    server = await languageServerOverStdio(cli, { cwd: dir });
    const { client, diagnostics } = server;
    const uri = pathToFileURL(file).href;

    const opened = Date.now();
    client.sendNotification('textDocument/didOpen', { textDocument: { uri, languageId: 'hocon', version: 1, text } });
    // Meanwhile, a hover every 100 ms (on `class`: its documentation), each given 5 s to be answered.
    const waits: number[] = [];
    while (!diagnostics.has(uri) && Date.now() - opened < 15_000) {
      const asked = Date.now();
      const hover = client.sendRequest('textDocument/hover', { textDocument: { uri }, position: { line: 1, character: 4 } });
      const answered = await Promise.race([hover.then(() => true), sleep(5000).then(() => false)]);
      waits.push(answered ? Date.now() - asked : Infinity);
      await sleep(100);
    }
    const took = Date.now() - opened;
    expect(diagnostics.get(uri)?.length, `diagnostics within 15 s of opening (server's stderr: ${server.stderr().slice(0, 500)})`).toBe(49_999);
    expect(took).toBeLessThan(15_000);
    expect(waits.length).toBeGreaterThan(0);
    expect(Math.max(...waits), `each hover answered within 5 s (waits: ${waits.join(', ')} ms)`).toBeLessThan(5000);

    // Every class reported, the last problem on the last entry's last line.
    const published = diagnostics.get(uri)!;
    expect(published.filter((d) => d.code === 'coded-class-form')).toHaveLength(10_000);
    expect(published.at(-1)!.range.start.line).toBe(59_998);

    // Still answering: the outline of the 10,000 entries, then a clean shutdown.
    const symbols = (await client.sendRequest('textDocument/documentSymbol', { textDocument: { uri } })) as { name: string }[];
    expect(symbols).toHaveLength(10_000);
    await expect(client.sendRequest('shutdown')).resolves.toBeNull();
  }, 60_000);
});
