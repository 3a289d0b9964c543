import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { bundleEntry } from '../testSupport/bundleEntry';
import { codeCacheDir } from './codeCache';

// The executable as it ships (launch.ts bundled), starting a bundle of the test's own beside it, in fresh processes:
// the cache is written when a process exits and read by the next one.
const here = path.dirname(fileURLToPath(import.meta.url));
const dir = mkdtempSync(path.join(os.tmpdir(), 'toolbox-editor-code-cache-'));
const launcher = path.join(dir, 'toolbox-editor.cjs');
const main = path.join(dir, 'toolbox-editor-main.cjs');

beforeAll(async () => {
  await bundleEntry(path.join(here, 'launch.ts'), launcher, pathToFileURL(launcher));
  writeFileSync(path.join(dir, 'sibling.cjs'), 'module.exports = "sibling";\n');
}, 60_000);

function run(cacheHome: string, args: string[] = ['a', 'b']): { stdout: string; stderr: string; status: number | null } {
  const result = spawnSync(process.execPath, [launcher, ...args], { encoding: 'utf8', env: { PATH: process.env.PATH ?? '', HOME: cacheHome, XDG_CACHE_HOME: cacheHome } });
  return { stdout: result.stdout, stderr: result.stderr, status: result.status };
}

const cachesIn = (cacheHome: string): string[] => {
  const folder = path.join(cacheHome, 'toolbox-editor');
  return existsSync(folder) ? readdirSync(folder).map((name) => path.join(folder, name)) : [];
};

/** The one cache file written under `cacheHome`. */
function onlyCache(cacheHome: string): string {
  const [cache, ...more] = cachesIn(cacheHome);
  expect(more).toEqual([]);
  if (cache === undefined) throw new Error('no cache was written');
  return cache;
}

describe('the CLI started from its code cache', () => {
  it('runs the bundle as Node would: its own file, folder, require, arguments and exit code', () => {
    const cacheHome = mkdtempSync(path.join(dir, 'home-'));
    writeFileSync(main, '#!/usr/bin/env node\nprocess.stdout.write([path(__filename), path(__dirname), require("./sibling.cjs"), process.argv.slice(2)].join(" ")); process.exitCode = 3;\nfunction path(p) { return require("node:path").basename(p); }\n');
    for (const _ of [1, 2]) {
      const { stdout, stderr, status } = run(cacheHome);
      expect(stderr).toBe('');
      expect(stdout).toBe(`toolbox-editor-main.cjs ${path.basename(dir)} sibling a,b`);
      expect(status).toBe(3);
    }
  });

  it('writes the cache once, then takes it', () => {
    const cacheHome = mkdtempSync(path.join(dir, 'home-'));
    writeFileSync(main, 'process.stdout.write(String(6 * 7));\n');
    expect(run(cacheHome).stdout).toBe('42');
    const cache = onlyCache(cacheHome);
    expect(cache).toMatch(/cli-[0-9a-f]{32}-a\.v8cache$/);
    const written = statSync(cache).mtimeMs;
    expect(run(cacheHome).stdout).toBe('42');
    expect(statSync(cache).mtimeMs).toBe(written);
  });

  it("keeps each command's own cache: one run first (--help) leaves the next command none of its functions", () => {
    const cacheHome = mkdtempSync(path.join(dir, 'home-'));
    writeFileSync(main, 'process.stdout.write(process.argv[2]);\n');
    expect(run(cacheHome, ['--help']).stdout).toBe('--help');
    expect(run(cacheHome, ['validate', '.']).stdout).toBe('validate');
    expect(run(cacheHome, ['validate', 'x']).stdout).toBe('validate');
    expect(cachesIn(cacheHome).map((file) => path.basename(file).replace(/^cli-[0-9a-f]{32}/, '')).sort()).toEqual(['--.v8cache', '-validate.v8cache']);
  });

  it('never runs a cache made for another build of the same length', () => {
    const cacheHome = mkdtempSync(path.join(dir, 'home-'));
    writeFileSync(main, 'function f() { return "one"; }\nprocess.stdout.write(f());\n');
    expect(run(cacheHome).stdout).toBe('one');
    expect(run(cacheHome).stdout).toBe('one');
    writeFileSync(main, 'function f() { return "two"; }\nprocess.stdout.write(f());\n');
    expect(run(cacheHome).stdout).toBe('two');
    expect(cachesIn(cacheHome)).toHaveLength(2);
  });

  it('compiles from the text when the cache is damaged, and writes it again', () => {
    const cacheHome = mkdtempSync(path.join(dir, 'home-'));
    writeFileSync(main, 'process.stdout.write("intact");\n');
    run(cacheHome);
    const cache = onlyCache(cacheHome);
    const bytes = readFileSync(cache);
    bytes.writeUInt8(bytes.readUInt8(bytes.length - 10) ^ 0xff, bytes.length - 10);
    writeFileSync(cache, bytes);
    expect(run(cacheHome)).toMatchObject({ stdout: 'intact', stderr: '' });
    expect(readFileSync(cache).equals(bytes)).toBe(false);
  });

  it('runs where no cache can be written', () => {
    const cacheHome = path.join(dir, 'a-file');
    writeFileSync(cacheHome, '');
    writeFileSync(main, 'process.stdout.write("ran");\n');
    expect(run(cacheHome)).toMatchObject({ stdout: 'ran', stderr: '', status: 0 });
  });
});

describe('codeCacheDir', () => {
  it("is the platform's folder for caches, or none when turned off", () => {
    expect(codeCacheDir({}, 'linux', '/home/u')).toBe('/home/u/.cache/toolbox-editor');
    expect(codeCacheDir({ XDG_CACHE_HOME: '/c' }, 'linux', '/home/u')).toBe('/c/toolbox-editor');
    expect(codeCacheDir({}, 'darwin', '/Users/u')).toBe('/Users/u/Library/Caches/toolbox-editor');
    expect(codeCacheDir({ LOCALAPPDATA: 'C:\\L' }, 'win32', 'C:\\Users\\u')).toBe('C:\\L\\toolbox-editor\\code-cache');
    expect(codeCacheDir({ TOOLBOX_EDITOR_NO_CODE_CACHE: '1' }, 'linux', '/home/u')).toBeUndefined();
  });
});
