import { cpSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { bundleEntry } from '../testSupport/bundleEntry';
import { languageServerInProcess, type InProcessServer } from '../testSupport/languageServerClient';

let server: InProcessServer | undefined;
afterEach(async () => server?.dispose());

/** The server in this process (the project read on the calling thread unless `readingEntry` is given). */
async function serverAndClient(options: Parameters<typeof languageServerInProcess>[0] = {}) {
  server = await languageServerInProcess(options);
  return server;
}

describe('toolbox-editor lsp on hostile files', () => {
  it('answers every request on hostile texts and stays alive for the next file', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'tbe-lsp-'));
    mkdirSync(path.join(dir, 'registries'));
    const { client, diagnostics } = await serverAndClient({ rootUri: pathToFileURL(dir).href });
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
    const { client } = await serverAndClient();
    const uri = pathToFileURL(path.join(dir, 'a.hocon')).href;
    client.sendNotification('textDocument/didOpen', { textDocument: { uri, languageId: 'hocon', version: 1, text: 'first { y = 1 }\n' } });
    const outline = async () => ((await client.sendRequest('textDocument/documentSymbol', { textDocument: { uri } })) as { name: string }[]).map((s) => s.name);
    // The text's syntax tree is kept between requests: an edit makes a new one.
    expect(await outline()).toEqual(['first']);
    client.sendNotification('textDocument/didChange', {
      textDocument: { uri, version: 2 },
      contentChanges: [{ range: { start: { line: 0, character: 0 }, end: { line: 0, character: 5 } }, text: 'second' }],
    });
    expect(await outline()).toEqual(['second']);
  });
});

// The project-reading thread as the CLI ships it: bundled from the current sources (as scripts/build.mjs does).
const here = path.dirname(fileURLToPath(import.meta.url));
const readingEntry = path.join(mkdtempSync(path.join(tmpdir(), 'tbe-lsp-thread-')), 'project-reading-thread.cjs');

/** A project whose reading takes seconds: a toolbox of 2,000 tools and 300 networks of 20 agents using them. */
function largeProject(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'tbe-lsp-large-'));
  mkdirSync(path.join(dir, 'registries'));
  mkdirSync(path.join(dir, 'toolbox'));
  const tools = Array.from({ length: 2000 }, (_, i) => `  "tool_${i}": { "class": "pkg.mod${i}.Tool${i}", "description": "Looks up the record number ${i} in the archive and returns its fields.", "parameters": { "type": "object", "properties": { "id": { "type": "string", "description": "The record id." } }, "required": ["id"] } }`);
  writeFileSync(path.join(dir, 'toolbox', 'toolbox_info.hocon'), `{\n${tools.join('\n')}\n}\n`);
  writeFileSync(path.join(dir, '.env'), 'AGENT_TOOLBOX_INFO_FILE=toolbox/toolbox_info.hocon\n');
  for (let n = 0; n < 300; n++) {
    const agents = Array.from({ length: 20 }, (_, j) => `    {"name": "a${j}", "toolbox": "tool_${(n * 20 + j) % 2000}"}`);
    const front = `    {"name": "front", "function": {"description": "Answers."}, "instructions": "Answer.", "tools": [${agents.map((_, j) => `"a${j}"`).join(', ')}]}`;
    writeFileSync(path.join(dir, 'registries', `net_${n}.hocon`), `{\n  "tools": [\n${[front, ...agents].join(',\n')}\n  ]\n}\n`);
  }
  return dir;
}

describe('toolbox-editor lsp on a large project', () => {
  beforeAll(async () => {
    await bundleEntry(path.join(here, 'projectReadingMain.ts'), readingEntry, new URL('../../node/language/x.cjs', import.meta.url));
  }, 60_000);

  it('answers a hover while the project is being read, from the reading before', async () => {
    const dir = largeProject();
    const { client, logs } = await serverAndClient({ rootUri: pathToFileURL(dir).href, readingEntry, settleMs: 0 });
    const file = path.join(dir, 'registries', 'net_0.hocon');
    const uri = pathToFileURL(file).href;
    const text = readFileSync(file, 'utf8');
    client.sendNotification('textDocument/didOpen', { textDocument: { uri, languageId: 'hocon', version: 1, text } });
    const read = () => logs.filter((l) => l.startsWith(`Read ${dir} in `)).length;
    const reading = () => logs.filter((l) => l === `Reading ${dir}`).length;
    await expect.poll(read, { timeout: 60_000 }).toBeGreaterThan(0);
    const before = read();

    // An edit: the project is read again (seconds); meanwhile a hover on a tool answers from the last reading.
    client.sendNotification('textDocument/didChange', { textDocument: { uri, version: 2 }, contentChanges: [{ range: { start: { line: 0, character: 1 }, end: { line: 0, character: 1 } }, text: ' ' }] });
    await expect.poll(reading, { timeout: 10_000 }).toBeGreaterThan(before);
    const line = text.split('\n').findIndex((l) => l.includes('"toolbox": "tool_5"'));
    const hover = (await client.sendRequest('textDocument/hover', { textDocument: { uri }, position: { line, character: text.split('\n')[line]!.indexOf('tool_5') + 2 } })) as { contents: { value: string } };
    const readWhenAnswered = read();
    expect(hover.contents.value).toContain('**tool_5**');
    expect(readWhenAnswered, 'the hover was answered while the project was being read').toBe(before);
    await expect.poll(read, { timeout: 60_000 }).toBeGreaterThan(before);
  }, 120_000);
});

describe('toolbox-editor lsp hovers', () => {
  it('says on an include which file neuro-san reads there, from which working directory', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'tbe-lsp-include-'));
    cpSync(path.join(here, '../../fixtures/project'), dir, { recursive: true });
    const { client, logs } = await serverAndClient({ rootUri: pathToFileURL(dir).href });
    const file = path.join(dir, 'registries', 'weather.hocon');
    const uri = pathToFileURL(file).href;
    const text = readFileSync(file, 'utf8');
    client.sendNotification('textDocument/didOpen', { textDocument: { uri, languageId: 'hocon', version: 1, text } });
    const lines = text.split('\n');
    const line = lines.findIndex((l) => l.includes('include "registries/aaosa.hocon"'));
    const hover = (await client.sendRequest('textDocument/hover', { textDocument: { uri }, position: { line, character: lines[line]!.indexOf('aaosa') } })) as { contents: { value: string } };
    expect(hover.contents.value.split('\n\n')).toEqual([
      `neuro-san reads \`registries/aaosa.hocon\` (found in its working directory \`${dir}\`)`,
      "That folder is the nearest folder with registries/ (neuro-san's working directory).",
      'The specification reads the same file.',
      'Go to Definition opens `registries/aaosa.hocon`.',
    ]);
    // A client that opens a folder without saying it reports folder changes (this one) is not asked for them.
    expect(logs.filter((l) => l.includes('failed'))).toEqual([]);
  });
});

describe('toolbox-editor lsp formatting', () => {
  /** The text after applying the edits a formatting request answers (the client's tab settings given). */
  async function formatted(files: Record<string, string>, options: Record<string, unknown>): Promise<string> {
    const dir = mkdtempSync(path.join(tmpdir(), 'tbe-lsp-format-'));
    for (const [name, text] of Object.entries(files)) writeFileSync(path.join(dir, name), text);
    const { client } = await serverAndClient({ rootUri: pathToFileURL(dir).href });
    const text = files['a.hocon']!;
    const uri = pathToFileURL(path.join(dir, 'a.hocon')).href;
    client.sendNotification('textDocument/didOpen', { textDocument: { uri, languageId: 'hocon', version: 1, text } });
    const edits = (await client.sendRequest('textDocument/formatting', { textDocument: { uri }, options })) as { range: { start: { line: number; character: number }; end: { line: number; character: number } }; newText: string }[];
    const offsets = text.split('\n').reduce<number[]>((starts, line, i) => [...starts, (starts[i] ?? 0) + line.length + 1], [0]);
    const at = (p: { line: number; character: number }) => offsets[p.line]! + p.character;
    return [...edits].sort((x, y) => at(y.range.start) - at(x.range.start)).reduce((t, e) => t.slice(0, at(e.range.start)) + e.newText + t.slice(at(e.range.end)), text);
  }

  const FOUR = '{\n    "web": {\n        "class": "a.B",\n          "description": "Looks things up."\n    }\n}\n';

  it("keeps the file's own indentation whatever the client's tab size", async () => {
    expect(await formatted({ 'a.hocon': FOUR }, { tabSize: 2, insertSpaces: true })).toBe('{\n    "web": {\n        "class": "a.B",\n        "description": "Looks things up."\n    }\n}\n');
    expect(await formatted({ 'a.hocon': FOUR }, { tabSize: 8, insertSpaces: false })).toBe('{\n    "web": {\n        "class": "a.B",\n        "description": "Looks things up."\n    }\n}\n');
  });

  it('takes the .editorconfig over the file, and trims line ends when the client asks', async () => {
    const files = { 'a.hocon': FOUR.replace('"a.B",', '"a.B",  '), '.editorconfig': 'root = true\n[*.hocon]\nindent_style = space\nindent_size = 2\n' };
    expect(await formatted(files, { tabSize: 4, insertSpaces: true })).toBe('{\n  "web": {\n    "class": "a.B",  \n    "description": "Looks things up."\n  }\n}\n');
    expect(await formatted(files, { tabSize: 4, insertSpaces: true, trimTrailingWhitespace: true })).toBe('{\n  "web": {\n    "class": "a.B",\n    "description": "Looks things up."\n  }\n}\n');
  });
});

describe('toolbox-editor lsp completions', () => {
  it('replaces the closing quote an editor typed with the tool name, so the line keeps one pair of quotes', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'tbe-lsp-completion-'));
    cpSync(path.join(here, '../../fixtures/project'), dir, { recursive: true });
    const { client } = await serverAndClient({ rootUri: pathToFileURL(dir).href });
    const file = path.join(dir, 'registries', 'weather.hocon');
    const uri = pathToFileURL(file).href;
    const lines = readFileSync(file, 'utf8').split('\n');
    const at = lines.findIndex((l) => l.includes('"name": "weather_lookup"'));
    lines.splice(at + 1, 0, '      "toolbox": ""');
    client.sendNotification('textDocument/didOpen', { textDocument: { uri, languageId: 'hocon', version: 1, text: lines.join('\n') } });
    const character = lines[at + 1]!.length - 1;
    type Item = { label: string; textEdit: { range: { start: { character: number }; end: { character: number } }; newText: string } };
    const complete = async () => (await client.sendRequest('textDocument/completion', { textDocument: { uri }, position: { line: at + 1, character } })) as Item[];
    // The tool names come from the project's reading, which may still be under way when the file opens.
    let items: Item[] = [];
    await expect.poll(async () => (items = await complete()).map((i) => i.label), { timeout: 20_000 }).toContain('send_report');
    const edit = items.find((i) => i.label === 'send_report')!.textEdit;
    const line = lines[at + 1]!;
    expect(line.slice(0, edit.range.start.character) + edit.newText + line.slice(edit.range.end.character)).toBe('      "toolbox": "send_report"');
  });
});

describe('toolbox-editor lsp quick fixes', () => {
  it('offers a diagnostic\'s quick fix as a code action where it is, and names it in the diagnostic', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'tbe-lsp-fix-'));
    const text = 'lookup {\n  class = "pkg.mod.Tool"\n  description = "Looks up the record in the archive and returns its fields."\n  parameters {\n    type = "object"\n    properties { id { type = "string", description = "The record id." } }\n    required = ["idd"]\n  }\n}\n';
    const file = path.join(dir, 'toolbox_info.hocon');
    writeFileSync(file, text);
    const { client, diagnostics } = await serverAndClient();
    const uri = pathToFileURL(file).href;
    client.sendNotification('textDocument/didOpen', { textDocument: { uri, languageId: 'hocon', version: 1, text } });
    await expect.poll(() => diagnostics.get(uri)?.map((d) => `${d.range.start.line}:${d.range.start.character} ${d.code}`), { timeout: 20_000 }).toEqual(['6:16 required-unknown']);
    expect(diagnostics.get(uri)![0]!.message).toMatch(/\(quick fix: Change to "id"\)$/);
    type Action = { title: string; edit: { changes: Record<string, { range: { start: { line: number; character: number } }; newText: string }[]> } };
    const at = (line: number) => ({ textDocument: { uri }, range: { start: { line, character: 18 }, end: { line, character: 18 } }, context: { diagnostics: [] } });
    const actions = (await client.sendRequest('textDocument/codeAction', at(6))) as Action[];
    expect(actions.map((a) => [a.title, a.edit.changes[uri]!.map((e) => `${e.range.start.line}:${e.range.start.character} ${e.newText}`)])).toEqual([['Change to "id"', ['6:16 "id"']]]);
    expect(await client.sendRequest('textDocument/codeAction', at(1))).toEqual([]);
  });
});
