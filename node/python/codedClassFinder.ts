/**
 * The finder `validate`, the app and the language server give a project's reader (shared/project/codedClasses.ts):
 * a coded class looked for as the project's neuro-san release does, on the search path its runs would have, by reading
 * files (classSource.ts). The project's own folders are read first; the interpreter's site-packages only when the
 * class is in none of them (asking `python3` for them costs a process start), and when they cannot be read (a
 * project's own interpreter that is no virtualenv) nothing is said of a class the project's folders lack.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { CodedClassAnswer, CodedClassFinder } from '../../shared/project/codedClasses';
import { codedClassWays, versionWords, type NeuroSanFacts } from '../../shared/neurosan/versions/index';
import { runContextFor, type DotEnvRead } from '../run/runSettingsOnDisk';
import { findClassSource } from './classSource';
import { findModuleIn, pythonSearchOf, type PythonSearch } from './pythonFiles';

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

  return {
    find(classPath, agentNetwork, agentName) {
      const key = JSON.stringify([classPath, agentNetwork, agentName]);
      if (answers.has(key)) return answers.get(key);
      const ask = (search: PythonSearch) => findClassSource(classPath, search, { coded: true, neuroSan: lookups, agentNetwork, agentName });
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
        else answer = { found: false, message: messageOf(second, search, projectOf().context.settings.workingDirectory.value) };
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

function messageOf(failure: Extract<ReturnType<typeof findClassSource>, { ok: false }>, search: PythonSearch, cwd: string): string {
  if (failure.reason === 'elsewhere') return failure.error;
  const shown = (folder: string) => {
    const relative = path.relative(cwd, folder);
    return relative === '' ? '.' : relative.startsWith('..') || path.isAbsolute(relative) ? folder : relative;
  };
  const files = failure.tried.map((m) => `${m.split('.').join('/')}.py`);
  const folders = search.roots.filter((r) => !isSitePackages(r)).map(shown);
  const site = search.roots.some(isSitePackages) ? ' and the interpreter\'s site-packages' : '';
  const head = failure.neuroSanWords ?? failure.error;
  return `${head} No file defines it: looked for ${files.join(', ')} under ${folders.join(', ') || 'no project folder'}${site}.`;
}
