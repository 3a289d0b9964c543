import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { MOCKING, SLOW_TESTS } from '../vitest.config';

const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

function testFiles(dir: string, out: string[] = []): string[] {
  for (const name of readdirSync(path.join(repo, dir))) {
    if (name === 'node_modules' || name === 'dist') continue;
    const relative = `${dir}/${name}`;
    if (statSync(path.join(repo, relative)).isDirectory()) testFiles(relative, out);
    else if (/\.test\.(ts|mjs)$/.test(name)) out.push(relative);
  }
  return out;
}

describe("the fast unit tier's shared module registry (vitest.config.ts)", () => {
  it('holds no file that replaces a module or a global: each such file is in MOCKING (or the slow tier)', () => {
    const files = ['shared', 'node', 'electron', 'renderer', 'scripts', 'editors/vscode/src'].flatMap((d) => testFiles(d));
    expect(files.length).toBeGreaterThan(200);
    const mocking = files.filter((f) => /\bvi\.(mock|doMock|stubGlobal|stubEnv|resetModules)\(/.test(readFileSync(path.join(repo, f), 'utf8')));
    expect(mocking.length).toBeGreaterThan(0);
    expect(mocking.filter((f) => !MOCKING.includes(f) && !SLOW_TESTS.includes(f))).toEqual([]);
  });
});
