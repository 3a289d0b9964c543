import { createHash } from 'node:crypto';
import { mkdirSync, readdirSync, readFileSync, renameSync, statSync, unlinkSync, writeFileSync } from 'node:fs';
import Module from 'node:module';
import os from 'node:os';
import path from 'node:path';
import vm from 'node:vm';

// Runs the CLI's bundle with V8's code cache: compiling the 3 MB bundle took a tenth of a `validate DIR`'s CPU
// (about 120 ms of parsing and compiling, at every command's start); from the cache it takes about 15 ms, and the
// functions the last run compiled lazily come compiled too. Node 20 has no module.enableCompileCache (22.1+), so
// this is what it does, for one file. Anything wrong with the cache (missing, stale, corrupt, unwritable folder)
// only costs the time it would save: the bundle is then compiled from its text as Node would.

/** Set to any value to run without the cache (to measure, or where writing a cache file is unwanted). */
export const NO_CODE_CACHE_ENV = 'TOOLBOX_EDITOR_NO_CODE_CACHE';

/**
 * How many caches to keep (one per command, CLI build and Node version in use, 0.5-1.5 MB each): older ones are
 * removed when one is written.
 */
const KEPT_CACHES = 16;
const PREFIX = 'cli-';
const SUFFIX = '.v8cache';
const CHECK_BYTES = 32; // a SHA-256 of the cached data, ahead of it: V8 itself checks only the source's length

/**
 * Where the code cache is kept: the platform's folder for caches (not the state folder: nothing in it is the
 * user's, and it may be removed at any time). Undefined when $TOOLBOX_EDITOR_NO_CODE_CACHE is set.
 */
export function codeCacheDir(env: Record<string, string | undefined>, platform: NodeJS.Platform = process.platform, home: string = os.homedir()): string | undefined {
  if (env[NO_CODE_CACHE_ENV]) return undefined;
  if (platform === 'win32') return path.win32.join(env.LOCALAPPDATA || path.win32.join(home, 'AppData', 'Local'), 'toolbox-editor', 'code-cache');
  if (platform === 'darwin') return path.posix.join(home, 'Library', 'Caches', 'toolbox-editor');
  return path.posix.join(env.XDG_CACHE_HOME || path.posix.join(home, '.cache'), 'toolbox-editor');
}

/**
 * Runs `bundle` (a CommonJS file, as `require` would) with its code cache in `cacheDir`. The cache is named by a hash
 * of the bundle's bytes, the Node version and its flags: a rebuilt bundle never meets a cache of another build (V8
 * would take one made for any text of the same length). It is written when the process exits, if it was missing or
 * V8 refused it, so that it holds what this run compiled; and it is the command's own (`command`): a cache written by
 * `--help` holds none of `validate`'s functions, and `validate DIR` run from it took 7-8% more CPU, every time.
 */
export function runWithCodeCache(bundle: string, cacheDir: string | undefined, command: string = commandOf(process.argv)): void {
  let source: Buffer;
  try {
    source = readFileSync(bundle);
  } catch {
    Module.createRequire(bundle)(bundle);
    return;
  }
  const file = cacheDir === undefined ? undefined : path.join(cacheDir, `${PREFIX}${cacheKey(source)}-${command}${SUFFIX}`);
  const cachedData = file === undefined ? undefined : readCache(file);
  let script: vm.Script;
  try {
    script = new vm.Script(Module.wrap(withoutHashbang(source.toString('utf8'))), {
      filename: bundle,
      cachedData,
    });
  } catch {
    Module.createRequire(bundle)(bundle);
    return;
  }
  if (file !== undefined && (cachedData === undefined || script.cachedDataRejected === true)) {
    process.once('exit', () => writeCache(file, script));
  }
  const module = new Module(bundle);
  module.filename = bundle;
  module.paths = (Module as unknown as { _nodeModulePaths(dir: string): string[] })._nodeModulePaths(path.dirname(bundle));
  const wrapper = script.runInThisContext() as (exports: unknown, require: NodeJS.Require, module: Module, filename: string, dirname: string) => void;
  wrapper.call(module.exports, module.exports, Module.createRequire(bundle), module, bundle, path.dirname(bundle));
  module.loaded = true;
}

/** The command a run starts (its first argument), as a file name's part: `-` for none (`--help`, `--version`). */
function commandOf(argv: readonly string[]): string {
  const first = argv[2] ?? '';
  return /^[a-z][a-z0-9-]{0,39}$/.test(first) ? first : '-';
}

function cacheKey(source: Buffer): string {
  return createHash('sha256').update(source).update(`\0${process.version}\0${process.arch}\0${process.execArgv.join('\0')}`).digest('hex').slice(0, 32);
}

/** A hashbang is only allowed at the very start of a script; the wrapper puts code before it. Same length kept. */
function withoutHashbang(text: string): string {
  return text.startsWith('#!') ? `//${text.slice(2)}` : text;
}

function readCache(file: string): Buffer | undefined {
  let data: Buffer;
  try {
    data = readFileSync(file);
  } catch {
    return undefined;
  }
  if (data.length <= CHECK_BYTES) return undefined;
  const payload = data.subarray(CHECK_BYTES);
  return createHash('sha256').update(payload).digest().equals(data.subarray(0, CHECK_BYTES)) ? payload : undefined;
}

/** Written to a file of its own, then renamed: a reader never sees half a cache, two writers never mix theirs. */
function writeCache(file: string, script: vm.Script): void {
  try {
    const payload = script.createCachedData();
    const dir = path.dirname(file);
    mkdirSync(dir, { recursive: true });
    const partial = `${file}.${process.pid}.partial`;
    writeFileSync(partial, Buffer.concat([createHash('sha256').update(payload).digest(), payload]));
    renameSync(partial, file);
    removeOldCaches(dir, path.basename(file));
  } catch {
    // No cache this time (a read-only or full disk): the next run compiles from the text, as without one.
  }
}

function removeOldCaches(dir: string, kept: string): void {
  const others = readdirSync(dir)
    .filter((name) => name !== kept && name.startsWith(PREFIX) && name.endsWith(SUFFIX))
    .map((name) => ({ name, at: statSync(path.join(dir, name)).mtimeMs }))
    .sort((a, b) => b.at - a.at);
  for (const { name } of others.slice(KEPT_CACHES - 1)) unlinkSync(path.join(dir, name));
}
