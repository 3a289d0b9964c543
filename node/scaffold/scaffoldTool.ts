/**
 * "Create Python class": writes a coded tool's module at the path its `class` implies under a root folder (one on
 * AGENT_TOOL_PATH or PYTHONPATH), with the packages' `__init__.py` files it needs. Never overwrites a file.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { RunnableToolSpec } from '../../shared/toolbox/index';
import type { ResolvedRunSettings } from '../../shared/run/index';
import { checkWriteBounds, within, WriteRefusedError, type WriteBounds } from '../files/folderBounds';
import { projectWriteRoot } from '../project/projectFiles';
import { agentToolFolder } from '../run/agentToolFolder';
import { findModule, type PythonSearch } from '../python/pythonFiles';
import { resolveInterpreter } from '../python/workerOptions';
import { isPythonIdentifier, pythonModuleText } from './pythonModuleText';

export const CODED_TOOL_MODULE = 'neuro_san.interfaces.coded_tool';

export class ScaffoldError extends Error {
  override name = 'ScaffoldError';
  constructor(
    message: string,
    /** `exists`: the module is already there (never overwritten); `invalid`: the entry cannot name a module. */
    readonly reason: 'exists' | 'invalid' | 'io',
  ) {
    super(message);
  }
}

export interface ModulePlacement {
  /** The module file to write. */
  file: string;
  /** The package folders between the root and the file: each needs an `__init__.py` (written when missing). */
  packages: string[];
}

/** Where `module.Class` (or `pkg.module.Class`) lives under root: `root/pkg/module.py`. */
export function modulePlacement(className: string, root: string): ModulePlacement {
  const parts = className.split('.');
  if (parts.length < 2 || !parts.every(isPythonIdentifier)) {
    throw new ScaffoldError(`'${className}' is not a Python module path and class (module.Class): no file can be made for it.`, 'invalid');
  }
  const modules = parts.slice(0, -1);
  const packages = modules.slice(0, -1).map((_, i) => path.join(root, ...modules.slice(0, i + 1)));
  return { file: `${path.join(root, ...modules)}.py`, packages };
}

/**
 * The root a module goes under when the user names none, from the run settings: the root "Create Python class" last
 * wrote to (`toolRoot`), else AGENT_TOOL_PATH's folder (where neuro-san looks first; a relative value or a module
 * path such as `coded_tools` found as neuro-san finds it), else the first PYTHONPATH folder the project's runs have (not
 * one only this machine's environment brings), else the toolbox's folder.
 */
export function defaultScaffoldRoot(settings: ResolvedRunSettings, toolboxFile: string): string {
  if (settings.toolRoot) return settings.toolRoot.value;
  const agent = agentToolFolder(settings);
  if (agent !== undefined) return agent;
  const first = settings.pythonPath.find((p) => p.from !== 'environment');
  return first ? first.value : path.dirname(toolboxFile);
}

/**
 * The folder a module written under `root` stays in, symlinks resolved (node/files/folderBounds.ts): the toolbox's
 * project folder (else its folder) when the root lies in it, so a committed link (`coded_tools -> ~/bin`) cannot
 * take the module out; else the root itself, a folder outside the project that the user chose (or the settings name).
 */
export function scaffoldBounds(root: string, toolboxFile: string): Pick<WriteBounds, 'root' | 'rootName'> {
  const project = projectWriteRoot(toolboxFile);
  if (!within(path.resolve(project.root), path.resolve(root))) return { root, rootName: 'the module root' };
  return project.rootName === 'the project folder' ? project : { ...project, rootName: "the toolbox's folder" };
}

export interface ScaffoldResult {
  file: string;
  /** Every file written (the module and any `__init__.py`). */
  created: string[];
  /** Whether the class subclasses neuro-san's CodedTool (the interpreter can import it). */
  codedToolBase: boolean;
}

export interface ScaffoldOptions {
  root: string;
  /** Where the project's runs look for modules (node/python/pythonFiles.ts): read, never imported. */
  search: PythonSearch;
  /** The toolbox the tool is in: its project's folder bounds the write (scaffoldBounds). */
  toolboxFile: string;
  /** The interpreter, for the comment of a plain class. */
  python?: string;
  cwd: string;
  /** Only say where the module would go and whether one is there already. */
  dryRun?: boolean;
  /**
   * The user named the root (`--root`, the app's folder choice). A root the settings chose — a committed `toolRoot`,
   * AGENT_TOOL_PATH, PYTHONPATH — must lie inside the project: a cloned repository does not choose where we write.
   */
  rootGiven?: boolean;
}

/**
 * Whether the project's runs would find `module`, by reading their search path (issue #32: planning a scaffold runs
 * no project code). A module in a folder only the interpreter knows (its site-packages, when that interpreter is not
 * one we may read) is not seen.
 */
function canImport(search: PythonSearch, module: string): { importable: boolean; file: string | null } {
  const found = findModule(module, search.roots);
  return found ? { importable: true, file: found.file ?? found.packageFolders?.[0] ?? null } : { importable: false, file: null };
}

export async function scaffoldTool(spec: RunnableToolSpec, options: ScaffoldOptions): Promise<ScaffoldResult> {
  if (spec.kind !== 'coded') {
    throw new ScaffoldError(`'${spec.name}' is a LangChain entry (it has no description): its class comes from a package, not from a module of yours.`, 'invalid');
  }
  const placement = modulePlacement(spec.className, options.root);
  // A module of that name the interpreter already finds (elsewhere on its path) would shadow the new one, or be
  // shadowed by it: the class belongs in that module.
  const moduleName = spec.className.split('.').slice(0, -1).join('.');
  const existing = canImport(options.search, moduleName);
  if (existing.importable) {
    const where = existing.file ? ` (${existing.file})` : '';
    throw new ScaffoldError(`The module ${moduleName} exists already${where}: add the class ${spec.className.split('.').pop()} to it, or name another module.`, 'exists');
  }
  // Where the interpreter's site-packages cannot be read, a neuro-san project's coded tool subclasses CodedTool.
  const codedToolBase = canImport(options.search, CODED_TOOL_MODULE).importable || !options.search.interpreterKnown;
  if (options.dryRun) return { file: placement.file, created: [], codedToolBase };
  if (!options.rootGiven) {
    const project = projectWriteRoot(options.toolboxFile);
    if (!within(path.resolve(project.root), path.resolve(options.root))) {
      throw new ScaffoldError(
        `The run settings put new modules under ${options.root}, outside ${project.rootName} ${project.root}: no module was written. Name the root yourself to write there (--root, or choose the folder).`,
        'invalid',
      );
    }
  }
  const text = pythonModuleText({
    className: spec.className.split('.').pop() as string,
    tool: spec.name,
    fileName: path.basename(placement.file),
    ...(spec.description !== undefined ? { description: spec.description } : {}),
    ...(spec.parameters ? { parameters: spec.parameters } : {}),
    codedToolBase,
    python: resolveInterpreter(options.python, options.cwd),
  });
  // A package folder or the root that is a link out of the bounds (planted, or left by a move) would take the module
  // elsewhere; a link in the module's or an __init__.py's place would be written through. Checked before any folder
  // is made.
  const bounds = { ...scaffoldBounds(options.root, options.toolboxFile), finalLink: 'refuse' as const, what: 'a Python module', advice: 'Remove the link, or choose another root.' };
  try {
    for (const file of [placement.file, ...placement.packages.map((dir) => path.join(dir, '__init__.py'))]) await checkWriteBounds(file, bounds);
  } catch (error) {
    if (error instanceof WriteRefusedError) throw new ScaffoldError(`${error.message} No module was written.`, 'io');
    throw error;
  }
  const created: string[] = [];
  try {
    await mkdir(path.dirname(placement.file), { recursive: true });
    // 'wx': fails if the file exists, atomically, so an existing module is never replaced.
    await writeFile(placement.file, text, { encoding: 'utf8', flag: 'wx' });
    created.push(placement.file);
    for (const dir of placement.packages) {
      const init = path.join(dir, '__init__.py');
      try {
        await writeFile(init, '', { flag: 'wx' });
        created.push(init);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      }
    }
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST' && created.length === 0) {
      throw new ScaffoldError(`${placement.file} exists already: Toolbox Editor never overwrites a module. Open it, or give the class another name.`, 'exists');
    }
    throw new ScaffoldError(`Cannot write ${placement.file}: ${(error as Error).message}`, 'io');
  }
  return { file: placement.file, created, codedToolBase };
}
