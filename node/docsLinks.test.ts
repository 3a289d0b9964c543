import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * The README is a short front page: at most 12 KB, linking every page under docs/, each link and anchor of it and of
 * the pages resolving to a file and a heading that exist. Code and help texts that send a reader to a section
 * (`docs/cli.md, "Machine-readable reports"`) name one that exists, so moving a section breaks a test, not a reader.
 */
const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const README_LIMIT = 12 * 1024;
const PAGES = ['README.md', ...readdirSync(path.join(repo, 'docs')).filter((f) => f.endsWith('.md')).map((f) => `docs/${f}`)];
const read = (file: string) => readFileSync(path.join(repo, file), 'utf8');

/** The text without code (fenced blocks, indented blocks and code spans hold no links), its lines where they were. */
function prose(markdown: string): string {
  const blank = (code: string) => code.replace(/[^\n]/g, '');
  return markdown
    .replace(/^( *)```[\s\S]*?^\1```/gm, blank)
    .replace(/(^|\n\n)((?: {4,}\S[^\n]*\n?)+)/g, (_, before: string, code: string) => before + blank(code))
    .replace(/`[^`\n]*`/g, '');
}

/** GitHub's anchor for a heading: lower case, punctuation dropped, blanks as hyphens (a repeated one gets -1, -2…). */
export function anchorsOf(markdown: string): Set<string> {
  const anchors = new Set<string>();
  const counts = new Map<string, number>();
  const text = markdown.replace(/^( *)```[\s\S]*?^\1```/gm, '');
  for (const heading of text.matchAll(/^#{1,6} +(.+?) *#*$/gm)) {
    const slug = heading[1]!.toLowerCase().replace(/[^\p{L}\p{N}\s_-]/gu, '').replace(/\s/g, '-');
    const seen = counts.get(slug) ?? 0;
    counts.set(slug, seen + 1);
    anchors.add(seen === 0 ? slug : `${slug}-${seen}`);
  }
  return anchors;
}

/** The relative links of a page (`[text](target)` and images), each with its line; web links are left out. */
export function relativeLinks(markdown: string): { target: string; line: number }[] {
  const text = prose(markdown);
  return [...text.matchAll(/!?\[[^\]]*\]\(([^)\s]+)\)/g)]
    .filter((m) => !/^[a-z]+:/i.test(m[1]!))
    .map((m) => ({ target: m[1]!, line: text.slice(0, m.index).split('\n').length }));
}

describe('the README', () => {
  const readme = read('README.md');

  it(`is at most ${README_LIMIT / 1024} KB`, () => {
    expect(statSync(path.join(repo, 'README.md')).size).toBeLessThanOrEqual(README_LIMIT);
  });

  it('keeps the two set-up commands, exactly as .ci/run runs the test command', () => {
    expect(readme).toContain('\n    npm install && npm start\n');
    expect(readme).toContain('\n    npm ci && npm test\n');
    expect(read('.ci/run')).toContain("'npm ci --no-audit --no-fund && npm test'");
  });

  it('links every page under docs/, and the screenshot', () => {
    const linked = new Set(relativeLinks(readme).map((l) => l.target.replace(/#.*$/, '')));
    expect(PAGES.filter((page) => page !== 'README.md' && !linked.has(page))).toEqual([]);
    expect(linked.has('docs/screenshot.png')).toBe(true);
  });
});

describe.each(PAGES)('the links of %s', (page) => {
  it('resolve to files and headings that exist', () => {
    const links = relativeLinks(read(page));
    const broken = links.filter(({ target }) => {
      const [file, anchor] = target.split('#') as [string, string | undefined];
      const resolved = file === '' ? page : path.posix.join(path.posix.dirname(page), file);
      if (!existsSync(path.join(repo, resolved))) return true;
      return anchor !== undefined && !(resolved.endsWith('.md') && anchorsOf(read(resolved)).has(anchor));
    });
    expect(broken.map(({ target, line }) => `${page}:${line} ${target}`)).toEqual([]);
  });
});

describe('sections the code names', () => {
  /** `docs/<page>.md, "Section"` in the source (a help text's quotes may be escaped; another repository's `…/docs/x.md`
   * is not ours), with the file that says it. */
  function references(): { from: string; page: string; section: string }[] {
    const found: { from: string; page: string; section: string }[] = [];
    const walk = (dir: string) => {
      for (const entry of readdirSync(path.join(repo, dir), { withFileTypes: true })) {
        const relative = `${dir}/${entry.name}`;
        if (entry.isDirectory()) {
          if (entry.name !== 'node_modules' && entry.name !== 'dist') walk(relative);
        } else if (/\.(?:ts|tsx|mjs|lua|py)$/.test(entry.name)) {
          for (const m of read(relative).matchAll(/(?<![\w/])(docs\/[\w-]+\.md),? ?\\?"([^"\\\n]+)\\?"/g)) found.push({ from: relative, page: m[1]!, section: m[2]! });
        }
      }
    };
    for (const dir of ['node', 'shared', 'renderer', 'electron', 'scripts', 'editors', 'bench', 'e2e']) walk(dir);
    return found;
  }

  it('exist in their page', () => {
    const all = references();
    // The CLI's help texts name pages this way: none found means the search broke.
    expect(all.some((r) => r.from === 'node/cli/commands/validate.ts')).toBe(true);
    const headingsOf = (page: string) => (existsSync(path.join(repo, page)) ? [...read(page).matchAll(/^#{1,6} +(.+)$/gm)].map((m) => m[1]!.toLowerCase()) : []);
    const missing = all.filter((r) => !headingsOf(r.page).includes(r.section.toLowerCase()));
    expect(missing.map((r) => `${r.from}: ${r.page}, "${r.section}"`)).toEqual([]);
  });
});

describe('the anchor and link reading itself', () => {
  it("makes GitHub's anchors and finds links outside code", () => {
    expect([...anchorsOf('# A b\n## From an entry to its Python: check, create, open\n### `tools-similar`\n## A b\n```\n# not\n```')]).toEqual([
      'a-b',
      'from-an-entry-to-its-python-check-create-open',
      'tools-similar',
      'a-b-1',
    ]);
    const sample = 'See [a](docs/a.md#x) and ![s](docs/s.png).\n\n    [not](b.md)\n\n`[not](c.md)` [web](https://x.y)\n';
    expect(relativeLinks(sample)).toEqual([
      { target: 'docs/a.md#x', line: 1 },
      { target: 'docs/s.png', line: 1 },
    ]);
  });
});
