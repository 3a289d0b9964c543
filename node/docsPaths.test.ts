import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * docs/internals.md is a map of the code: every file or folder it names in backticks must exist, so that a move or a
 * rename that forgets the map fails here instead of leaving it wrong. A source file is named by its path from the
 * repository's root, never by its bare name (which could not be checked).
 */
const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const MAP = 'docs/internals.md';

/** The repository's own top-level folders and files a path may start with (dist/ is built, not kept). */
const REPO_PATH = /^(?:(?:shared|node|renderer|electron|resources|e2e|fixtures|bench|editors|scripts|docs)\/[\w./-]*|README\.md|package\.json|eslint\.config\.js)$/;
/** What looks like a source file's name, whatever folder it is in. */
const SOURCE_FILE = /\.(?:ts|tsx|mjs|cjs|js|py)$/;

/** Every backticked span of the text (code blocks left out: their text is a drawing, not a reference). */
export function backticked(markdown: string): string[] {
  const prose = markdown.replace(/^```[\s\S]*?^```/gm, '');
  return [...prose.matchAll(/`([^`\n]+)`/g)].map((m) => m[1]!);
}

/** The spans that name a path of the repository, and the source-file names that are not paths from its root. */
export function namedPaths(markdown: string): { paths: string[]; bare: string[] } {
  const spans = backticked(markdown).filter((s) => !/\s/.test(s));
  const paths = [...new Set(spans.filter((s) => REPO_PATH.test(s)))];
  const bare = [...new Set(spans.filter((s) => SOURCE_FILE.test(s) && !REPO_PATH.test(s) && !s.startsWith('dist/')))];
  return { paths, bare };
}

describe(MAP, () => {
  const text = readFileSync(path.join(repo, MAP), 'utf8');
  const { paths, bare } = namedPaths(text);

  it('names only files and folders that exist', () => {
    // A map with hardly any paths found means the extraction broke, not that the map is fine.
    expect(paths.length).toBeGreaterThan(100);
    expect(paths.filter((p) => !existsSync(path.join(repo, p)))).toEqual([]);
  });

  it('names every source file by its path from the root', () => {
    expect(bare).toEqual([]);
  });

  it('is linked from the README', () => {
    const linked = readFileSync(path.join(repo, 'README.md'), 'utf8').includes(`](${MAP})`);
    expect(linked, `README.md links to ${MAP}`).toBe(true);
  });
});

describe('the path check itself', () => {
  it('finds paths in prose and tables, not in drawings, and catches bare file names', () => {
    const sample = 'See `node/api/apiThread.ts` and `shared/hocon/`.\n\n| a | `electron/main.ts` |\n\n```\n`node/nowhere.ts`\n```\nAlso `apiThread.ts`, `.toolbox-editor.json` and `dist/cli/api-thread.cjs`.';
    expect(namedPaths(sample)).toEqual({ paths: ['node/api/apiThread.ts', 'shared/hocon/', 'electron/main.ts'], bare: ['apiThread.ts'] });
  });
});
