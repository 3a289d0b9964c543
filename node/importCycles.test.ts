import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
// @ts-expect-error: a script of the repository, plain JavaScript
import { importCycles } from '../scripts/importCycles.mjs';

const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

describe('the import graph of the app (docs/internals.md, its invariants)', () => {
  it('has no runtime import cycle: `node scripts/importCycles.mjs` names the files of one', () => {
    const { files, groups } = importCycles(repo) as { files: number; groups: string[][] };
    // Fewer files than this means the walk broke, not that the code is acyclic.
    expect(files).toBeGreaterThan(400);
    expect(groups).toEqual([]);
  });
});
