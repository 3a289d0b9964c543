import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { countTokens as o200k } from 'gpt-tokenizer/encoding/o200k_base';
import { countTokens as cl100k } from 'gpt-tokenizer/encoding/cl100k_base';
import { runCliIn, workspace } from '../../testSupport/cliRun';
import { describeWithShared } from '../../testSupport/sharedData';

const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const fixture = path.join(repo, 'fixtures/review/near_duplicates.hocon');
const packageCount = { o200k_base: o200k, cl100k_base: cl100k };

interface Counts {
  tokenizer: string;
  total: number;
  overhead: number;
  tools: { name: string; tokens: number; unknown?: true }[];
  estimated: boolean;
}

async function countsOf(file: string, tokenizer: 'o200k_base' | 'cl100k_base') {
  const text = await runCliIn(repo, ['catalog', file, '--no-default']);
  const json = await runCliIn(repo, ['catalog', file, '--no-default', '--tokens', '--json', '--tokenizer', tokenizer]);
  expect(json.code).toBe(0);
  return { text: text.stdout, counts: JSON.parse(json.stdout) as Counts };
}

/** What the preview shows for a value only the Python class knows, as tojson writes it. */
const PLACEHOLDER = '"\\u003cunknown until the tool class is loaded\\u003e"';

/** The rendered catalog with unknown descriptions empty and unknown inputs none: what is known of it. */
function withoutPlaceholders(text: string): string {
  return text.replaceAll(`"description": ${PLACEHOLDER}`, '"description": ""').replaceAll(`"input": ${PLACEHOLDER}`, '"input": {}');
}

function expectSharesAddUp(counts: Counts) {
  const sum = counts.tools.reduce((n, t) => n + t.tokens, 0);
  // Each entry's share is measured alone: joining two entries (", ") can merge or split a token at the seam.
  expect(Math.abs(counts.total - counts.overhead - sum)).toBeLessThanOrEqual(counts.tools.length);
}

describe('catalog --tokens', () => {
  it.each(['o200k_base', 'cl100k_base'] as const)('counts the rendered text as the tokenizer package does (%s)', async (tokenizer) => {
    const { text, counts } = await countsOf(fixture, tokenizer);
    expect(counts.tokenizer).toBe(tokenizer);
    expect(counts.total).toBe(packageCount[tokenizer](text));
    expect(counts.tools.map((t) => t.name).sort()).toEqual(['convert_currency', 'search_web_pages', 'send_email', 'web_page_search']);
    expectSharesAddUp(counts);
  });

  it('lists the heaviest tool first in the table, with the total and the template overhead', async () => {
    const { code, stdout } = await runCliIn(repo, ['catalog', fixture, '--no-default', '--tokens']);
    expect(code).toBe(0);
    const lines = stdout.split('\n');
    expect(lines[0]).toMatch(/^Tokens \(o200k_base.*estimate\)$/);
    expect(lines[1]).toMatch(/^total\s+\d+$/);
    expect(lines[2]).toMatch(/^template\s+\d+ \(/);
    // convert_currency has three described parameters: the heaviest entry.
    expect(lines[3]).toMatch(/^convert_currency\s+\d+ \(\d+\.\d%\)$/);
  });

  it('says a count is an estimate where a run of characters is too long to count exactly', async () => {
    // One run of 20,000 letters: counted exactly, it takes time in the square of its length (200,000 took 38.6 s).
    const dir = workspace({ 'toolbox.hocon': `long { class = "a.B", description = "${'x'.repeat(20_000)}" }\n` });
    const { text, counts } = await countsOf(path.join(dir, 'toolbox.hocon'), 'o200k_base');
    expect(counts).toMatchObject({ estimated: true });
    expect(Math.abs(counts.total - o200k(text)) / o200k(text)).toBeLessThanOrEqual(0.02);
    const table = await runCliIn(repo, ['catalog', path.join(dir, 'toolbox.hocon'), '--no-default', '--tokens']);
    expect(table.stdout.split('\n')[1]).toBe('Estimated: too long to count exactly in time (a very long run of characters is counted in pieces)');
    expect((await countsOf(fixture, 'o200k_base')).counts.estimated).toBe(false);
  });

  it('counts what is known of a LangChain tool, not the placeholder the preview shows for its description', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'catalog-tokens-'));
    const file = path.join(dir, 'lc.hocon');
    writeFileSync(file, 'lc { class = "langchain_community.tools.DuckDuckGoSearchRun" }\ncoded { class = "m.C", description = "Returns the time in a city, as HH:MM." }\n');
    try {
      const { text, counts } = await countsOf(file, 'o200k_base');
      expect(text).toContain(PLACEHOLDER);
      expect(counts.tools.find((t) => t.name === 'lc')).toEqual({ name: 'lc', tokens: expect.any(Number), unknown: true });
      expect(counts.tools.find((t) => t.name === 'coded')).not.toHaveProperty('unknown');
      expect(counts.total).toBe(o200k(withoutPlaceholders(text)));
      expect(counts.total).toBeLessThan(o200k(text));
      expectSharesAddUp(counts);
      const table = await runCliIn(repo, ['catalog', file, '--no-default', '--tokens']);
      expect(table.stdout).toMatch(/^lc\s+\d+ \(\d+\.\d%\) \+ unknown until its class is loaded$/m);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('refuses an unknown tokenizer, and --json without --tokens', async () => {
    expect((await runCliIn(repo, ['catalog', fixture, '--tokens', '--tokenizer', 'p50k'])).code).toBe(2);
    expect((await runCliIn(repo, ['catalog', fixture, '--json'])).code).toBe(2);
  });
});

describeWithShared('reference/neuro-san/toolboxes', 'catalog --tokens on the studio toolbox', (dir) => {
  it('counts the whole catalog as the package does, and the shares add up', async () => {
    const { text, counts } = await countsOf(path.join(dir, 'studio_toolbox_info.hocon'), 'o200k_base');
    // Its LangChain tools' descriptions are unknown until their classes are loaded: not counted as the placeholder.
    expect(counts.total).toBe(o200k(withoutPlaceholders(text)));
    expect(counts.tools.length).toBeGreaterThan(20);
    expect(counts.tools[0]!.tokens).toBeGreaterThanOrEqual(counts.tools.at(-1)!.tokens);
    expectSharesAddUp(counts);
  });
});
