import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { languageServerInProcess, type InProcessServer } from '../testSupport/languageServerClient';

const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const project = path.join(repo, 'fixtures/agents');
let server: InProcessServer | undefined;
afterEach(async () => server?.dispose());

async function open(relative: string) {
  server = await languageServerInProcess({ rootUri: pathToFileURL(project).href });
  const file = path.join(project, relative);
  const text = readFileSync(file, 'utf8');
  const uri = pathToFileURL(file).href;
  server.client.sendNotification('textDocument/didOpen', { textDocument: { uri, languageId: 'hocon', version: 1, text } });
  return { client: server.client, uri, text };
}

interface Symbol {
  name: string;
  detail?: string;
  children?: Symbol[];
}

describe('the language server on a network file', () => {
  it("outlines the network's agents with their kind, the front man marked", async () => {
    const { client, uri } = await open('registries/crew.hocon');
    const symbols = (await client.sendRequest('textDocument/documentSymbol', { textDocument: { uri } })) as Symbol[];
    const tools = symbols.find((s) => s.name === 'tools')!;
    expect(tools.children!.map((c) => [c.name, c.detail])).toEqual([
      ['lead', 'front man, LLM agent'],
      ['historian', 'LLM agent'],
      ['search', 'toolbox tool search_web'],
      ['wiki', 'toolbox tool wiki'],
      ['tally', 'coded tool tally.Tally'],
    ]);
  }, 60_000);

  it("hovering an agent's name shows what its LLM is offered: names, from where, tokens", async () => {
    const { client, uri, text } = await open('registries/crew.hocon');
    const offset = text.indexOf('"lead"') + 2;
    const before = text.slice(0, offset).split('\n');
    const hover = (await client.sendRequest('textDocument/hover', { textDocument: { uri }, position: { line: before.length - 1, character: before.at(-1)!.length } })) as { contents: { value: string } };
    const value = hover.contents.value;
    expect(value).toContain('**lead**: front man, LLM agent');
    expect(value).toMatch(/Offered to its LLM \(\d+\+ tokens, o200k_base\):/);
    expect(value).toContain('- `historian` (agent)\n- `search` (toolbox)\n- `wiki` (toolbox): not known here\n- `tally` (coded)\n- `__math__solver` (network)');
    expect(value).toContain('Not offered: `nobody`');
  }, 60_000);

  it('a coded first agent: no front man in the outline (neuro-san refuses the network)', async () => {
    const { client, uri } = await open('registries/coded_first.hocon');
    const symbols = (await client.sendRequest('textDocument/documentSymbol', { textDocument: { uri } })) as Symbol[];
    expect(symbols.find((s) => s.name === 'tools')!.children!.map((c) => c.detail)).toEqual(['coded tool count.Counter', 'LLM agent']);
  }, 60_000);
});
