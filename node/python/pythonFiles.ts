/**
 * What a project's Python would find, learnt by reading files: where a module is, whether a module defines a class,
 * which neuro-san its site-packages hold. Nothing here starts the interpreter a project chose or puts the project on a
 * Python path (issue #32): opening a class's source, planning a scaffold, listing an MCP server's tools and asking which
 * neuro-san is installed all come here. Only a run (Run, `call`, `test`, `check`, an MCP `tools/call`) starts the
 * project's Python.
 *
 * The search path is the one a worker gets (node/python/workerOptions.ts): its PYTHONPATH folders in order, then the
 * interpreter's site-packages. Those are read from a virtualenv's folder (`pyvenv.cfg`, `lib/python3.X/site-packages`);
 * for the default `python3` they are asked of this machine's `python3` in isolated mode (`-I -S`, an empty
 * environment, a working directory outside every project), where no `sitecustomize`, `.pth` file or project module
 * can run. Any other interpreter (a script, a path we cannot read as a virtualenv) is never run: its site-packages are
 * unknown, and what depends on them says so.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { DEFAULT_INTERPRETER, resolveInterpreter, workerLaunch, type PythonEnvironmentOptions } from './workerOptions';

export interface PythonSearch {
  /** The folders a module is looked for in, in sys.path's order: PYTHONPATH's, then the interpreter's site-packages. */
  roots: string[];
  /** Whether the interpreter's own site-packages are among them (else what is installed is unknown). */
  interpreterKnown: boolean;
  /** The environment a worker would get (PYTHONPATH, AGENT_TOOL_PATH…) and its working directory. */
  env: Record<string, string>;
  cwd: string;
  /** Modules already looked for on these roots (a project's networks ask for the same modules many times). */
  found?: Map<string, ModuleFile | undefined>;
}

/** findModule on a search's roots, remembered for that search. */
export function findModuleIn(search: PythonSearch, dotted: string): ModuleFile | undefined {
  search.found ??= new Map();
  if (search.found.has(dotted)) return search.found.get(dotted);
  const found = findModule(dotted, search.roots);
  search.found.set(dotted, found);
  return found;
}

const isDirectory = (p: string): boolean => {
  try {
    return statSync(p).isDirectory();
  } catch {
    return false;
  }
};
const isFile = (p: string): boolean => {
  try {
    return statSync(p).isFile();
  } catch {
    return false;
  }
};

const ownSitePackages = new Map<string, string[] | undefined>();

/**
 * The site-packages of `command` (this machine's `python3`, or one the user named), asked in isolated mode: `-I` (no PYTHONPATH, no user site, no script
 * folder on the path), `-S` (no `site` import: no `.pth` file runs), an empty environment but PATH, a working
 * directory that is no project's. Cached per process.
 */
function isolatedSitePackages(command: string): string[] | undefined {
  if (ownSitePackages.has(command)) return ownSitePackages.get(command);
  const script = 'import json, site, sys\nprint(json.dumps([site.getsitepackages(), site.getusersitepackages()]))';
  let found: string[] | undefined;
  try {
    const result = spawnSync(command, ['-I', '-S', '-c', script], {
      cwd: os.tmpdir(),
      env: { PATH: process.env.PATH ?? '/usr/bin:/bin' },
      encoding: 'utf8',
      timeout: 10_000,
      windowsHide: true,
    });
    if (result.status === 0) {
      const [site, user] = JSON.parse(result.stdout) as [string[], string];
      found = [...(existsSync(user) ? [user] : []), ...site.filter(isDirectory)];
    }
  } catch {
    found = undefined;
  }
  ownSitePackages.set(command, found);
  return found;
}

/** A virtualenv's site-packages, read from its folder; undefined when `interpreter` is not inside one. */
export function virtualenvSitePackages(interpreter: string): string[] | undefined {
  const bin = path.dirname(interpreter);
  const venv = path.dirname(bin);
  if (!isFile(path.join(venv, 'pyvenv.cfg'))) return undefined;
  const found: string[] = [];
  if (process.platform === 'win32') {
    const site = path.join(venv, 'Lib', 'site-packages');
    if (isDirectory(site)) found.push(site);
    return found;
  }
  for (const lib of ['lib', 'lib64']) {
    let names: string[];
    try {
      names = readdirSync(path.join(venv, lib));
    } catch {
      continue;
    }
    for (const name of names.filter((n) => /^python3(\.\d+)?$/.test(n)).sort().reverse()) {
      const site = path.join(venv, lib, name, 'site-packages');
      if (isDirectory(site) && !found.includes(site)) found.push(site);
    }
  }
  return found;
}

/**
 * The site-packages of the run settings' interpreter, where they can be known without running a Python the project
 * chose: a virtualenv's are read from its folder; `python3`, or an interpreter the user named (command line,
 * preference: `userChose`), is asked in isolated mode; a project's own choice of anything else is never run.
 */
export function interpreterSitePackages(python: string | undefined, cwd: string, userChose = false): string[] | undefined {
  const chosen = python?.trim() || DEFAULT_INTERPRETER;
  if (chosen === DEFAULT_INTERPRETER) return isolatedSitePackages(DEFAULT_INTERPRETER);
  const interpreter = resolveInterpreter(chosen, cwd);
  return virtualenvSitePackages(interpreter) ?? (userChose ? isolatedSitePackages(interpreter) : undefined);
}

/**
 * Where a worker with these options would look for modules, and with which environment: no project code runs.
 * `userChose`: the interpreter is the user's choice (command line, preference), not the project's. `withSite` false:
 * the PYTHONPATH folders alone (no process is started to learn the site-packages).
 */
export function pythonSearchOf(options: PythonEnvironmentOptions, userChose = false, withSite = true): PythonSearch {
  const launch = workerLaunch(options);
  const fromPath = (launch.env.PYTHONPATH ?? '').split(path.delimiter).filter((p) => p !== '').map((p) => path.resolve(launch.cwd, p));
  const site = withSite ? interpreterSitePackages(options.python, launch.cwd, userChose) : undefined;
  const roots: string[] = [];
  for (const root of [...fromPath, ...(site ?? [])]) if (!roots.includes(root)) roots.push(root);
  return { roots, interpreterKnown: site !== undefined, env: launch.env, cwd: launch.cwd };
}

/** A module found on the search path: its file (none for a namespace package) and, for a package, its folders. */
export interface ModuleFile {
  file: string | null;
  packageFolders: string[] | null;
}

const listings = new Map<string, { mtimeMs: number; names: Set<string> }>();

/** A folder's entries, read again only when the folder changed (its mtime: site-packages hold thousands). */
function listing(folder: string): Set<string> {
  let mtimeMs: number;
  try {
    mtimeMs = statSync(folder).mtimeMs;
  } catch {
    return new Set();
  }
  const cached = listings.get(folder);
  if (cached?.mtimeMs === mtimeMs) return cached.names;
  let names: Set<string>;
  try {
    names = new Set(readdirSync(folder));
  } catch {
    names = new Set();
  }
  listings.set(folder, { mtimeMs, names });
  return names;
}

const EXTENSION = /\.(cpython-[^.]*\.so|abi3\.so|so|pyd)$/;

function findIn(folder: string, name: string): ModuleFile | 'namespace' | undefined {
  const names = listing(folder);
  const base = path.join(folder, name);
  const hasFolder = names.has(name) && isDirectory(base);
  if (hasFolder) {
    const init = path.join(base, '__init__.py');
    if (isFile(init)) return { file: init, packageFolders: [base] };
  }
  if (names.has(`${name}.py`) && isFile(`${base}.py`)) return { file: `${base}.py`, packageFolders: null };
  for (const entry of names) {
    if (entry.startsWith(`${name}.`) && EXTENSION.test(entry.slice(name.length))) return { file: path.join(folder, entry), packageFolders: null };
  }
  return hasFolder ? 'namespace' : undefined;
}

/** The file of module `dotted` as Python's path finder would pick it under `roots` (packages first, then modules). */
export function findModule(dotted: string, roots: readonly string[]): ModuleFile | undefined {
  const parts = dotted.split('.');
  if (parts.some((p) => !/^[A-Za-z_][A-Za-z0-9_]*$/.test(p))) return undefined;
  let folders: readonly string[] = roots;
  let found: ModuleFile | undefined;
  for (const part of parts) {
    if (found && !found.packageFolders) return undefined;
    if (found) folders = found.packageFolders!;
    const namespace: string[] = [];
    found = undefined;
    for (const folder of folders) {
      const hit = findIn(folder, part);
      if (hit === 'namespace') namespace.push(path.join(folder, part));
      else if (hit) {
        found = hit;
        break;
      }
    }
    if (!found && namespace.length > 0) found = { file: null, packageFolders: namespace };
    if (!found) return undefined;
  }
  return found;
}

/** A module's top-level names: where each is defined, bound by an import, and whether it may make names at run time. */
export interface ModuleNames {
  /** `class`, `def`, an assignment: the first line of each. */
  defined: Map<string, number>;
  /** Bound by an `import` or `from … import` (the first line of each). */
  imported: Map<string, number>;
  /** The first line that mentions `name` as a word (for a name reading cannot place). */
  mention(name: string): number | undefined;
  /** `from x import *` or a module `__getattr__`: any name may exist. */
  dynamic: number | undefined;
}

const namesCache = new Map<string, { size: number; mtimeMs: number; names: ModuleNames | undefined }>();

/** The top-level names of a Python source file, read once while it is unchanged (size and mtime). */
export function moduleNames(file: string): ModuleNames | undefined {
  if (!file.endsWith('.py')) return undefined;
  let stat;
  try {
    stat = statSync(file);
  } catch {
    return undefined;
  }
  const cached = namesCache.get(file);
  if (cached && cached.size === stat.size && cached.mtimeMs === stat.mtimeMs) return cached.names;
  let names: ModuleNames | undefined;
  if (stat.size <= 16 * 1024 * 1024) {
    try {
      names = indexNames(readFileSync(file, 'utf8'));
    } catch {
      names = undefined;
    }
  }
  namesCache.set(file, { size: stat.size, mtimeMs: stat.mtimeMs, names });
  return names;
}

function indexNames(text: string): ModuleNames {
  const defined = new Map<string, number>();
  const imported = new Map<string, number>();
  let dynamic: number | undefined;
  const lines = text.split(/\r\n|\r|\n/);
  let inImport = false;
  const bind = (name: string, line: number) => void (imported.has(name) || imported.set(name, line));
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    // Only top-level lines bind a module's names (and the continuation lines of an import): a class body is skipped.
    const first = line.charCodeAt(0);
    if (!inImport && (line.length === 0 || first === 32 || first === 9 || first === 35)) continue;
    const def = /^(?:class|def|async\s+def)\s+([A-Za-z_][A-Za-z0-9_]*)/.exec(line) ?? /^([A-Za-z_][A-Za-z0-9_]*)\s*(?::[^=]*)?=(?!=)/.exec(line);
    if (def && !defined.has(def[1]!)) defined.set(def[1]!, i + 1);
    if (/^def\s+__getattr__\b/.test(line) || /^from\s+\S+\s+import\s+\*/.test(line)) dynamic ??= i + 1;
    const startsImport = /^(?:from\s+\S+\s+)?import\s/.test(line);
    if (startsImport || inImport) {
      const listed = (startsImport ? line.replace(/^from\s+\S+\s+import\s+|^import\s+/, '') : line).replace(/#.*$/, '').replace(/[()\\]/g, ' ');
      for (const part of listed.split(',')) {
        const words = part.trim().split(/\s+/);
        const name = words.length === 3 && words[1] === 'as' ? words[2] : words.length === 1 ? words[0]!.split('.')[0] : undefined;
        if (name && /^[A-Za-z_][A-Za-z0-9_]*$/.test(name)) bind(name, i + 1);
      }
      inImport = (startsImport && /\(\s*(#.*)?$/.test(line)) || (inImport && !/\)/.test(line));
    }
  }
  const mention = (name: string): number | undefined => {
    const word = new RegExp(`(?<![A-Za-z0-9_])${name.replace(/[^A-Za-z0-9_]/g, '')}(?![A-Za-z0-9_])`);
    const index = lines.findIndex((l) => word.test(l));
    return index >= 0 ? index + 1 : undefined;
  };
  return { defined, imported, mention, dynamic };
}

/**
 * The line (1-based) where a Python source file defines `name` at its top level: `class name`, `def name`, an
 * assignment, or an import that binds it. Undefined when none does (or the file is compiled or unreadable).
 */
export function definitionLine(file: string, name: string): number | undefined {
  const names = moduleNames(file);
  return names?.defined.get(name) ?? names?.imported.get(name);
}

/** The neuro-san version whose distribution metadata the search path holds (`neuro_san-0.6.95.dist-info`), if any. */
export function installedNeuroSanOf(search: PythonSearch): { version: string | null; known: boolean } {
  // An interpreter we could not read may not exist at all: a distribution on its PYTHONPATH says nothing then.
  if (!search.interpreterKnown) return { version: null, known: false };
  for (const root of search.roots) {
    let names: string[];
    try {
      names = readdirSync(root);
    } catch {
      continue;
    }
    for (const name of names) {
      const match = /^neuro_san-([^-]+)\.(?:dist-info|egg-info)$/i.exec(name);
      if (match) return { version: match[1]!, known: true };
    }
  }
  return { version: null, known: true };
}
