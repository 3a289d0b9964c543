import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { afterEach, describe, expect, it } from 'vitest';
import type { ToolboxAnalysis } from '../../shared/api/index';
import { languageServerInProcess, type InProcessServer } from '../testSupport/languageServerClient';
import { createApiService } from './handlers';

/**
 * A user types for a long while in a big toolbox: the API thread and the language server keep what they need for the
 * next keystroke, never each keystroke's whole text. A cache holding a slice of a text kept all of it alive (V8's
 * sliced strings point into their parent): the API thread grew by the whole text at every keystroke (the entry
 * cache), and both grew at every new word counted for the token budget (the token counter's pieces).
 */
const TOOLS = 600;
const KEYSTROKES = 24;
const WARM_UP = 8;

function toolbox(): string {
  // Descriptions over the default token budget's bytes, so that their tokens are counted.
  const entries = Array.from({ length: TOOLS }, (_, i) => `tool_${i} {\n  class = "tools.module.Tool${i}"\n  description = "Looks up ${i}: ${'records of the warehouse inventory '.repeat(60)}"\n}`);
  return `${entries.join('\n')}\n`;
}

/** A word of 16 letters, new at each keystroke (a piece the token counter, which is the process's, has not seen). */
const newWord = (stem: string, n: number) => `${stem}${String.fromCharCode(97 + (n % 26))}${String.fromCharCode(97 + Math.floor(n / 26))}`;

/** The keystroke `n`: a new word in the description of a tool of its own. */
function typed(text: string, n: number, stem: string): { text: string; offset: number; inserted: string } {
  const at = text.indexOf(`Looks up ${(n * 97) % TOOLS}:`);
  const inserted = ` ${newWord(stem, n)}`;
  const offset = at + 'Looks up'.length;
  return { text: text.slice(0, offset) + inserted + text.slice(offset), offset, inserted };
}

function heapAfterCollection(): number {
  setFlagsFromString('--expose-gc');
  (runInNewContext('gc') as () => void)();
  return process.memoryUsage().heapUsed;
}

let server: InProcessServer | undefined;
afterEach(async () => server?.dispose());

describe('memory while typing in a toolbox of 600 long descriptions (a 1.3 MB text)', () => {
  it('stays flat on the API thread: analysis and catalog at every keystroke', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'tbe-memory-'));
    const file = path.join(dir, 'toolbox_info.hocon');
    let text = toolbox();
    writeFileSync(file, text);
    const api = createApiService({ mode: 'browser', cwd: dir, initialFile: null, stateDir: path.join(dir, '.state'), env: {}, emit: () => undefined });
    try {
      const keystroke = async (n: number) => {
        // As the window sends them: each text an edit of the last, the analysis a change of the one it holds.
        const next = typed(text, n, 'interconnected');
        const edit = { base: `t-${n}`, offset: next.offset, length: 0, newText: next.inserted };
        const analysis = await api.handlers['toolbox.analyze']({ path: file, edit, textId: `t-${n + 1}`, known: `t-${n}`, detail: null });
        await api.handlers['catalog.render']({ path: file, edit: { base: `t-${n + 1}`, offset: 0, length: 0, newText: '' }, keyOrder: 'sorted', reading: 'neuro-san', vars: {} });
        text = next.text;
        return analysis;
      };
      const opened = await api.handlers['toolbox.analyze']({ path: file, text, textId: 't-0', detail: null });
      // Every description's tokens are counted (each is over the budget).
      expect((opened as ToolboxAnalysis).diagnostics.filter((d) => d.rule === 'description-over-budget')).toHaveLength(TOOLS);
      // The caches of a few recent texts (loads, analyses sent, texts to edit) fill up first.
      for (let n = 0; n < WARM_UP; n++) await keystroke(n);
      const before = heapAfterCollection();
      for (let n = WARM_UP; n < WARM_UP + KEYSTROKES; n++) await keystroke(n);
      const grown = heapAfterCollection() - before;
      expect(text.length).toBeGreaterThan(1_000_000);
      // One text kept per keystroke is 24 MB more; what a keystroke's new entry and words keep is kilobytes.
      expect(grown, `${(grown / 1e6).toFixed(1)} MB more after ${KEYSTROKES} keystrokes`).toBeLessThan(8_000_000);
    } finally {
      api.dispose();
    }
  }, 120_000);

  it('stays flat in the language server', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'tbe-memory-lsp-'));
    const file = path.join(dir, 'toolbox_info.hocon');
    let text = toolbox();
    writeFileSync(file, text);
    server = await languageServerInProcess({ rootUri: pathToFileURL(dir).href });
    const { client, diagnostics } = server;
    const uri = pathToFileURL(file).href;
    const published = () => expect.poll(() => diagnostics.get(uri)?.length ?? 0, { timeout: 30_000 }).toBeGreaterThan(0);
    client.sendNotification('textDocument/didOpen', { textDocument: { uri, languageId: 'hocon', version: 1, text } });
    await published();
    const keystroke = async (n: number) => {
      const next = typed(text, n, 'reconfigurable');
      const before = text.slice(0, next.offset).split('\n');
      const position = { line: before.length - 1, character: before.at(-1)!.length };
      diagnostics.delete(uri);
      client.sendNotification('textDocument/didChange', { textDocument: { uri, version: n + 2 }, contentChanges: [{ range: { start: position, end: position }, text: next.inserted }] });
      await client.sendRequest('textDocument/hover', { textDocument: { uri }, position });
      await published();
      text = next.text;
    };
    for (let n = 0; n < WARM_UP; n++) await keystroke(n);
    const before = heapAfterCollection();
    for (let n = WARM_UP; n < WARM_UP + KEYSTROKES; n++) await keystroke(n);
    const grown = heapAfterCollection() - before;
    expect(grown, `${(grown / 1e6).toFixed(1)} MB more after ${KEYSTROKES} keystrokes`).toBeLessThan(8_000_000);
  }, 180_000);
});
