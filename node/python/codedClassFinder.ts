/**
 * The finder `validate`, the app and the language server give a project's reader (shared/project/codedClasses.ts):
 * a coded class looked for as the project's neuro-san release does, on the search path its runs would have, by reading
 * files (classSource.ts). The project's own folders are read first; the interpreter's site-packages only when the
 * class is in none of them (asking `python3` for them costs a process start), and when they cannot be read (a
 * project's own interpreter that is no virtualenv) nothing is said of a class the project's folders lack.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import type { CodedClassAnswer, CodedClassFinder } from '../../shared/project/codedClasses';
import { codedClassWays, versionWords, type NeuroSanFacts } from '../../shared/neurosan/versions/index';
import { runContextFor, type DotEnvRead } from '../run/runSettingsOnDisk';
import { findClassSource } from './classSource';
import { findModuleIn, moduleNames, pythonSearchOf, type PythonSearch } from './pythonFiles';

/** The finder of the project at `projectRoot`; `dotEnv`: its `.env` read already (its facts'), not read again. */
export function codedClassFinderFor(projectRoot: string, env: Record<string, string | undefined>, facts: NeuroSanFacts, dotEnv?: DotEnvRead): CodedClassFinder {
  // Read at the first class looked for, not when the finder is made: the app makes a reader (and so a finder) at
  // every keystroke, and a toolbox's reading looks for no class.
  let project: { context: ReturnType<typeof runContextFor>; incomplete: boolean } | undefined;
  const projectOf = () =>
    (project ??= {
      // The project's run settings (a toolbox at its root stands for the project), as `call` and `test` take them.
      context: runContextFor(path.join(projectRoot, 'toolbox_info.hocon'), env, {}, dotEnv),
      // A git submodule not checked out (an empty folder) may hold any module: what the project lacks is not known.
      incomplete: missingSubmodule(projectRoot),
    });
  let full: PythonSearch | undefined;
  const fullSearch = () => (full ??= pythonSearchOf(projectOf().context.runner));
  // The PYTHONPATH folders alone: what a run finds there, it finds whatever the interpreter has installed.
  const own = (): PythonSearch => pythonSearchOf(projectOf().context.runner, false, false);
  let projectOnly: PythonSearch | undefined;
  const lookups = { version: versionWords(facts), lookups: codedClassWays(facts) };
  const answers = new Map<string, CodedClassAnswer>();
  // The files under a folder that define a class, by folder and class: many agents ask for the same class.
  const defining = new Map<string, string[]>();
  const filesDefiningOnce = (folder: string, className: string): string[] => {
    const key = `${folder}\0${className}`;
    let files = defining.get(key);
    if (files === undefined) defining.set(key, (files = filesDefining(folder, className, { files: CLASS_SEARCH_FILES }, 0)));
    return files;
  };

  return {
    find(classPath, agentNetwork, agentName) {
      const key = JSON.stringify([classPath, agentNetwork, agentName]);
      if (answers.has(key)) return answers.get(key);
      const ask = (search: PythonSearch, written = classPath) => findClassSource(written, search, { coded: true, neuroSan: lookups, agentNetwork, agentName });
      let answer: CodedClassAnswer;
      const first = ask((projectOnly ??= own()));
      if (first.ok) answer = { found: true };
      else if (first.reason === 'form' || first.reason === 'setting' || projectOf().incomplete) answer = undefined; // said by other rules, or not knowable here
      else {
        const search = fullSearch();
        const second = search.interpreterKnown ? ask(search) : undefined;
        if (second === undefined) answer = undefined;
        else if (second.ok) answer = { found: true };
        else if (second.reason === 'form' || second.reason === 'setting') answer = undefined;
        // neuro-san's own coded tools (AGENT_TOOL_PATH's default) where neuro-san is not installed to read: unknown.
        else if (second.tried.some((m) => m.startsWith('neuro_san.')) && !findModuleIn(search, 'neuro_san')) answer = undefined;
        else {
          const cwd = projectOf().context.settings.workingDirectory.value;
          const elsewhere = writtenSo(classPath, second, search, filesDefiningOnce, (written) => ask(search, written).ok);
          answer = { found: false, message: messageOf(second, search, cwd, elsewhere) };
        }
      }
      answers.set(key, answer);
      return answer;
    },
  };
}

/** Whether `.gitmodules` names a submodule whose folder is absent or empty (cloned without `--recurse-submodules`). */
function missingSubmodule(projectRoot: string): boolean {
  let text: string;
  try {
    text = readFileSync(path.join(projectRoot, '.gitmodules'), 'utf8');
  } catch {
    return false;
  }
  for (const match of text.matchAll(/^\s*path\s*=\s*(.+?)\s*$/gm)) {
    try {
      if (readdirSync(path.join(projectRoot, match[1]!)).length === 0) return true;
    } catch {
      return true;
    }
  }
  return false;
}

/** A folder an interpreter installs packages in (not one of the project's). */
function isSitePackages(folder: string): boolean {
  return /[\\/](site|dist)-packages$/.test(folder);
}

/** `elsewhere`: a file of the project that defines the class, and the name neuro-san finds it by (writtenSo). */
function messageOf(failure: Extract<ReturnType<typeof findClassSource>, { ok: false }>, search: PythonSearch, cwd: string, elsewhere?: { file: string; written: string }): string {
  if (failure.reason === 'elsewhere') return failure.error;
  const shown = (folder: string) => {
    const relative = path.relative(cwd, folder);
    return relative === '' ? '.' : relative.startsWith('..') || path.isAbsolute(relative) ? folder : relative;
  };
  const files = failure.tried.map((m) => `${m.split('.').join('/')}.py`);
  const folders = search.roots.filter((r) => !isSitePackages(r)).map(shown);
  const site = search.roots.some(isSitePackages) ? ' and the interpreter\'s site-packages' : '';
  const head = failure.neuroSanWords ?? failure.error;
  const looked = `looked for ${files.join(', ')} under ${folders.join(', ') || 'no project folder'}${site}`;
  if (elsewhere !== undefined) return `${head} ${shown(elsewhere.file)} defines it, where neuro-san does not look for this name (it ${looked}): written "${elsewhere.written}", neuro-san finds it.`;
  return `${head} No file defines it: ${looked}.`;
}

/** How many files, and how many folders deep, are read under a tool path folder for a class written wrong. */
const CLASS_SEARCH_FILES = 2000;
const CLASS_SEARCH_DEPTH = 6;

/**
 * Where the project defines the class after all, written as neuro-san would find it: the module path under
 * AGENT_TOOL_PATH of a file there with `class Name` (`website_search.website_search.WebsiteSearch` for
 * coded_tools/website_search/website_search.py, where `website_search.WebsiteSearch` imports the folder, a package
 * without the class). Only a name neuro-san's lookup finds (`found`); undefined when there is none.
 */
function writtenSo(
  classPath: string,
  failure: Extract<ReturnType<typeof findClassSource>, { ok: false }>,
  search: PythonSearch,
  definedIn: (folder: string, className: string) => string[],
  found: (written: string) => boolean,
): { file: string; written: string } | undefined {
  const dot = classPath.lastIndexOf('.');
  if (dot < 0 || failure.reason !== 'nowhere') return undefined;
  const module = classPath.slice(0, dot);
  const className = classPath.slice(dot + 1);
  // The tool path as a package: the last module tried is it with the module written after it.
  const last = failure.tried.at(-1);
  if (last === undefined || !last.endsWith(`.${module}`)) return undefined;
  const toolPackage = last.slice(0, -(module.length + 1));
  for (const root of search.roots.filter((r) => !isSitePackages(r))) {
    const folder = path.join(root, ...toolPackage.split('.'));
    for (const file of definedIn(folder, className)) {
      const parts = path.relative(folder, file).replace(/\.py$/, '').split(path.sep);
      if (parts.at(-1) === '__init__') parts.pop();
      if (parts.length === 0 || !parts.every((p) => /^[A-Za-z_][A-Za-z0-9_]*$/.test(p))) continue;
      const written = `${parts.join('.')}.${className}`;
      if (written !== classPath && found(written)) return { file, written };
    }
  }
  return undefined;
}

/** The .py files under `folder` that define `name` (read within the budget; hidden folders skipped). */
function filesDefining(folder: string, name: string, budget: { files: number }, depth: number): string[] {
  if (depth > CLASS_SEARCH_DEPTH || budget.files <= 0) return [];
  let entries;
  try {
    entries = readdirSync(folder, { withFileTypes: true });
  } catch {
    return [];
  }
  const out: string[] = [];
  for (const entry of entries.sort((a, b) => a.name.localeCompare(b.name))) {
    if (entry.name.startsWith('.') || entry.name === '__pycache__' || entry.name === 'node_modules') continue;
    const full = path.join(folder, entry.name);
    if (entry.isDirectory()) out.push(...filesDefining(full, name, budget, depth + 1));
    else if (entry.isFile() && entry.name.endsWith('.py') && budget.files-- > 0) {
      try {
        if (statSync(full).size <= 1_000_000 && moduleNames(full)?.defined.has(name)) out.push(full);
      } catch {
        // unreadable: not it
      }
    }
  }
  return out;
}
