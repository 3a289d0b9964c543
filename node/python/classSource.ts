/**
 * Where a tool's class is, found by reading files as a run would find it — the module neuro-san's lookup of the
 * project's version imports (resources/python/tbe_worker/neurosan_lookup.py, ported), on the search path a worker
 * would have (node/python/pythonFiles.ts) — without importing anything. "Open class source" and the planning of
 * "Create Python class" use it: neither may run the project's code (issue #32).
 *
 * What reading cannot know: a module that fails to import, or one that makes its class at run time. A class found
 * here may still fail at a run; a class not found here is not in any file a run would import for it.
 */
import path from 'node:path';
import type { CodedClassWay } from '../../shared/neurosan/versions/index';
import { definitionLine, findModuleIn, moduleNames, type PythonSearch } from './pythonFiles';

export type ClassSource =
  | { ok: true; file: string; line: number }
  | {
      ok: false;
      error: string;
      /**
       * `elsewhere`: the class is there, but not where this neuro-san looks; `nowhere`: no module tried defines it;
       * `setting`: AGENT_TOOL_PATH itself cannot be made a package path; `form`: the class is no `module.Class`.
       */
      reason: 'elsewhere' | 'nowhere' | 'setting' | 'form';
      /** The modules neuro-san's lookup tried, in order (nowhere). */
      tried: string[];
      /** neuro-san's own first lines for it (`Could not find class "X" in module "m" under AGENT_TOOL_PATH …`). */
      neuroSanWords?: string;
    };

/** How a coded tool's class is looked for: the project's neuro-san (its ways), the agent network, the agent. */
export interface ClassLookupOptions {
  coded: boolean;
  neuroSan?: { version: string; lookups: CodedClassWay[] };
  agentNetwork?: string;
  agentName: string;
}

interface Found {
  file: string;
  line: number;
  module: string;
}

/** `module` defines `className` in a file reading can see. */
function lookIn(module: string, className: string, search: PythonSearch, tried: string[], without: string[]): Found | undefined {
  tried.push(module);
  const found = findModuleIn(search, module);
  if (!found) return undefined;
  const file = found.file;
  const line = file ? definitionLine(file, className) : undefined;
  if (file && line !== undefined) return { file, line, module };
  // A name the module may make at run time (`from x import *`, a module __getattr__, a mention reading cannot place):
  // taken as there — a false "not found" costs more than a missed one.
  const mention = file ? mentionLine(file, className) : undefined;
  if (file && mention !== undefined) return { file, line: mention, module };
  // A compiled module, or a name made at run time: reading cannot tell; said as a module without it.
  without.push(module);
  return undefined;
}

/** The first line that mentions `name` as a word, or where a module may make names at run time. */
function mentionLine(file: string, name: string): number | undefined {
  const names = moduleNames(file);
  return names?.mention(name) ?? names?.dynamic;
}

const truthy = (value: string | undefined): boolean => value !== undefined && ['true', 'yes'].includes(value.trim().toLowerCase());

/** AGENT_TOOL_PATH as neuro-san makes it a package path (ActivationFactory._determine_agent_tool_path), else its error. */
function thisAgentToolPath(search: PythonSearch, network: string | undefined): { thisPath: string; root: string } | { error: string } {
  const env = search.env;
  let agentToolPath = env.AGENT_TOOL_PATH ?? 'neuro_san.coded_tools';
  if (agentToolPath.includes(path.sep)) {
    const resolvedToolPath = path.resolve(search.cwd, agentToolPath);
    let best = '';
    const pythonPath = env.PYTHONPATH;
    if (pythonPath === undefined) best = agentToolPath;
    else {
      for (const one of pythonPath.split(path.delimiter)) {
        const resolved = path.resolve(search.cwd, one);
        if (resolvedToolPath.startsWith(resolved) && resolved.length > best.length) best = resolved;
      }
    }
    if (best.length === 0) return { error: `No reasonable agent tool path found in PYTHONPATH for ${agentToolPath}` };
    const split = resolvedToolPath.split(best);
    if (split.length < 2) {
      return { error: '\nCannot find tool path for {agent_tool_path} in PYTHONPATH.\nCheck to be sure your value for PYTHONPATH includes where you expect where your coded tools live.\n' };
    }
    agentToolPath = split[1]!.split(path.sep).join('.').replace(/^\.+/, '');
  }
  const root = agentToolPath;
  if (!network) return { thisPath: agentToolPath, root };
  // A `/` in a network name (hierarchical networks, commit e441f5d5) was always replaced by '.' in the package path:
  // neurosan_lookup.py says why.
  const networkPath = network.replaceAll('/', '.');
  if (!agentToolPath.endsWith(networkPath)) agentToolPath = `${agentToolPath}.${networkPath}`;
  return { thisPath: agentToolPath, root };
}

function packagesTried(thisPath: string, network: string | undefined, lookup: CodedClassWay['lookup']): string[] {
  if (lookup === 'network') return [thisPath];
  if (lookup === 'network-parent') return [thisPath, thisPath.split('.').slice(0, -1).join('.')];
  const parts = thisPath.split('.');
  const levels = network ? network.split('/').length : 0;
  return [thisPath, ...Array.from({ length: levels }, (_, i) => parts.slice(0, -(i + 1)).join('.'))];
}

/** The modules the editor's lenient lookup tries (resolve.py coded_module_candidates): it says whether a class is there. */
function lenientModules(moduleName: string, search: PythonSearch, network: string | undefined): string[] {
  const value = (search.env.AGENT_TOOL_PATH ?? 'neuro_san/coded_tools').trim();
  let root: string;
  if (!value.includes('/') && !value.includes(path.sep)) root = value.replace(/^\.+|\.+$/g, '');
  else {
    const candidate = path.resolve(search.cwd, value);
    let best: string | undefined;
    for (const entry of search.roots) {
      const r = path.resolve(entry);
      if ((candidate === r || candidate.startsWith(r.replace(/[\\/]+$/, '') + path.sep)) && (best === undefined || r.length > best.length)) best = r;
    }
    const relative = best ? path.relative(best, candidate) : value;
    root = relative.split(/[\\/]/).filter((p) => p && p !== '.').join('.');
  }
  const parts = (network ?? '').split(/[\\/]/).filter((p) => p);
  const out = [moduleName];
  for (let depth = parts.length; depth >= 0; depth--) {
    const prefix = [root, ...parts.slice(0, depth)].filter((p) => p).join('.');
    const candidate = prefix ? `${prefix}.${moduleName}` : moduleName;
    if (!out.includes(candidate)) out.push(candidate);
  }
  return out;
}

/** neuro-san's ValueError for a class it cannot find, in the wording of the release whose lookup this is. */
function notFoundMessage(className: string, moduleName: string, thisPath: string, network: string, agentName: string, lookup: CodedClassWay['lookup'], toolPathOnly: boolean): string {
  let shownPath: string;
  let shownNetwork: string;
  if (lookup === 'network' || lookup === 'network-parent') {
    shownPath = network ? thisPath.split('.').slice(0, -1).join('.') : thisPath;
    shownNetwork = network ? thisPath.split('.').pop()! : '';
  } else {
    const levels = network ? network.split('/').length : 0;
    shownPath = levels ? thisPath.split('.').slice(0, -levels).join('.') : thisPath;
    shownNetwork = network;
  }
  const head =
    `Could not find class "${className}"\nin module "${moduleName}"\nunder AGENT_TOOL_PATH "${shownPath}"\n` +
    `for the agent called "${agentName}"\nin the agent network "${shownNetwork}".\n`;
  const checks =
    '    a)  Does your AGENT_TOOL_PATH point to the correct directory?\n' +
    '    b)  Does your CodedTool actually live in a module appropriately\n' +
    '        named for your agent network?\n' +
    `    c)  Does the module in the "class" designation for the agent ${agentName}\n` +
    '        match what is in the filesystem?\n' +
    '    d)  Does the specified class name match what is actually implemented in the file?\n';
  if (lookup === 'network') {
    return `${head}\nCheck these things:\n1.  Is there a typo in your AGENT_TOOL_PATH?\n2.  CodedTools for the agent network are expected to be found in a module\n    under the path: <AGENT_TOOL_PATH>/<agent_network>/<coded_tool_name>.py\n${checks}`;
  }
  let body =
    '\nCheck these things:\n1.  Is there a typo in your AGENT_TOOL_PATH?\n2.  Expected to find a specific CodedTool for the given agent network in:\n' +
    '    <AGENT_TOOL_PATH>/<agent_network>/<coded_tool_name>.py\n    Global CodedTools (shared across networks) should be located at:\n' +
    '    <AGENT_TOOL_PATH>/<coded_tool_name>.py\n' +
    checks +
    '    e)  If an agent network contains both specific and global CodedTools,\n        the global module must not have the same name as the agent network.\n';
  if (lookup === 'network-parent') return (head + body).replace(/^(?=.)/gm, '    ');
  body += '3. Is AGENT_TOOL_PATH findable from what is set for your PYTHONPATH?\n';
  if (toolPathOnly) {
    body +=
      '\nNote: AGENT_TOOL_PATH_ONLY is enabled, so fully-qualified class references are\nnot resolved at all — even ones that point inside AGENT_TOOL_PATH. Reference the\n' +
      'class as "<module>.<ClassName>" relative to AGENT_TOOL_PATH, not by its full\npackage path: resolution searches the agent network\'s own directory first and\n' +
      'then walks up to the shared AGENT_TOOL_PATH root, so the agent network name does\nnot belong in the reference.\n';
  }
  return head + body;
}

/** A path as the user knows it: relative to the working directory when under it. */
function shown(file: string, cwd: string): string {
  const rel = path.relative(cwd, file);
  return rel.startsWith('..') || path.isAbsolute(rel) ? file : rel;
}

/** The line saying the version would not find the class, where the editor found it, and what would make it found. */
function wouldFindHint(
  classPath: string,
  className: string,
  found: Found,
  versionWords: string,
  toolPathOnly: boolean,
  rootPackage: string | undefined,
  search: PythonSearch,
  packages: readonly string[] = [],
): string {
  const where = `in ${shown(found.file, search.cwd)}`;
  if (rootPackage === undefined) {
    return `${versionWords} would not find ${classPath} (the editor's runner finds it as ${found.module}): it fails on AGENT_TOOL_PATH first; make AGENT_TOOL_PATH a folder under a PYTHONPATH entry, or a package path.`;
  }
  const rootFolder = rootPackage ? findModuleIn(search, rootPackage)?.packageFolders?.[0] : undefined;
  let relative: string | undefined;
  if (rootFolder) {
    const rel = path.relative(rootFolder, found.file);
    if (!rel.startsWith('..') && !path.isAbsolute(rel)) {
      const stem = rel.endsWith(`${path.sep}__init__.py`) ? rel.slice(0, -'/__init__.py'.length) : rel.replace(/\.[^.\\/]+$/, '');
      relative = stem.split(path.sep).join('.');
    }
  }
  let fix: string;
  if (relative && `${relative}.${className}` === classPath && rootFolder) {
    // Written relative to AGENT_TOOL_PATH already, but this version does not look there for this network (before
    // PR #589 a network in a folder looks one package up only, coded_tools/basic for basic/x): where it looks.
    const folders = packages.filter((p) => p === rootPackage || p.startsWith(`${rootPackage}.`)).map((p) => shown(path.join(rootFolder, ...p.split('.').slice(rootPackage.split('.').length)), search.cwd));
    const top = relative.split('.')[0]!;
    const moved = relative.includes('.') ? `${top}/` : path.basename(found.file);
    fix = folders.length > 0 ? `for this network it looks for the module only under ${folders.join(' and ')}; move ${moved} there` : `it does not look under ${shown(rootFolder, search.cwd)} for this network`;
  } else if (relative) fix = `write the class as '${relative}.${className}', relative to AGENT_TOOL_PATH (${shown(rootFolder!, search.cwd)})`;
  else {
    const base = path.basename(found.file);
    const target = rootFolder ? shown(rootFolder, search.cwd) : `the AGENT_TOOL_PATH folder (${rootPackage || 'unset'})`;
    fix = `move ${base} to ${target} and write the class as '${base.replace(/\.[^.]+$/, '')}.${className}'${toolPathOnly ? '' : ', or set AGENT_TOOL_PATH to the folder holding it'}`;
  }
  if (toolPathOnly) fix += ', or set AGENT_TOOL_PATH_ONLY to false';
  return `${versionWords} would not find ${classPath} (the editor's runner finds it ${where}): ${fix}.`;
}

/** What the worker's `import_problem` says of a class no lookup found (preflight.py): its one line. */
function classNotFound(classPath: string, moduleName: string, tried: string[], without: string[], search: PythonSearch): string {
  const top = moduleName.split('.')[0]!;
  if (!findModuleIn(search, top) && search.interpreterKnown) return `Class ${classPath} not found: the package '${top}' is not installed.`;
  const className = classPath.split('.').pop()!;
  const reason = without.length > 0 ? `Module ${without.join(', ')} has no attribute '${className}'` : 'None of those modules exists (check PYTHONPATH and AGENT_TOOL_PATH)';
  return `Class ${classPath} not found in PYTHONPATH: ${reason} (tried modules: ${tried.join(', ')}).`;
}

/**
 * The file and line of `classPath` as a run would load it: a LangChain class by its full name; a coded tool's as the
 * project's neuro-san finds it (every way of `neuroSan.lookups`), else the editor's lenient lookup says where it is and
 * what would make neuro-san find it.
 */
export function findClassSource(classPath: string, search: PythonSearch, options: ClassLookupOptions): ClassSource {
  const dot = classPath.lastIndexOf('.');
  if (dot <= 0 || dot === classPath.length - 1) {
    return { ok: false, error: `Value in 'class' must be of the form '<module_name>.<ClassName>', got '${classPath}'`, reason: 'form', tried: [] };
  }
  const moduleName = classPath.slice(0, dot);
  const className = classPath.slice(dot + 1);
  const tried: string[] = [];
  const without: string[] = [];
  const lenient = (): ClassSource => {
    const modules = options.coded ? lenientModules(moduleName, search, options.agentNetwork) : [moduleName];
    for (const module of modules) {
      const found = lookIn(module, className, search, tried, without);
      if (found) return { ok: true, file: found.file, line: found.line };
    }
    return { ok: false, error: classNotFound(classPath, moduleName, tried, without, search), reason: 'nowhere', tried };
  };
  if (!options.coded || !options.neuroSan) return placed(lenient(), search);

  const registryName = options.agentNetwork;
  let firstMessage: string | undefined;
  let rootPackage: string | undefined;
  /** The packages the first lookup looked for the module in (ATP.NET, then the levels it walks up). */
  let firstPackages: string[] = [];
  let firstToolPathOnly = false;
  const seen: string[] = [];
  const seenWithout: string[] = [];
  for (const way of options.neuroSan.lookups) {
    // Before hierarchical networks (PR #413) a network was called by its file's stem.
    const network = way.networkNames === 'stem' && registryName !== undefined ? registryName.slice(registryName.lastIndexOf('/') + 1) : registryName;
    const toolPathOnly = way.toolPathOnly && truthy(search.env.AGENT_TOOL_PATH_ONLY);
    const made = thisAgentToolPath(search, network);
    if ('error' in made) {
      firstMessage ??= made.error;
      continue;
    }
    const modules = [
      ...(way.lookup === 'qualified-first' && !toolPathOnly ? [moduleName] : []),
      ...packagesTried(made.thisPath, network, way.lookup).map((p) => `${p}.${moduleName}`),
    ];
    for (const module of modules) {
      const found = lookIn(module, className, search, seen, seenWithout);
      if (found) return placed({ ok: true, file: found.file, line: found.line }, search);
    }
    if (firstMessage === undefined) {
      firstMessage = notFoundMessage(className, moduleName, made.thisPath, network ?? '', options.agentName, way.lookup, toolPathOnly);
      rootPackage = made.root;
      firstPackages = packagesTried(made.thisPath, network, way.lookup);
      firstToolPathOnly = toolPathOnly;
    }
  }
  // Found by the editor alone: the line saying what would make neuro-san find it.
  for (const module of lenientModules(moduleName, search, registryName)) {
    const found = lookIn(module, className, search, tried, without);
    if (found) return { ok: false, error: wouldFindHint(classPath, className, found, options.neuroSan.version, firstToolPathOnly, rootPackage, search, firstPackages), reason: 'elsewhere', tried: seen };
  }
  // AGENT_TOOL_PATH itself failed: neuro-san's words; else what the lookups learnt.
  if (rootPackage === undefined && firstMessage !== undefined) return { ok: false, error: firstMessage.replace(/^\n+|\n+$/g, ''), reason: 'setting', tried: seen };
  const words = firstMessage?.replace(/^\n+/, '').split('\n').slice(0, 5).map((l) => l.trim()).join(' ');
  return { ok: false, error: classNotFound(classPath, moduleName, tried, without, search), reason: 'nowhere', tried: seen, ...(words ? { neuroSanWords: words } : {}) };
}

/** A found file as an absolute path (the search roots are absolute; a relative PYTHONPATH entry is the worker's cwd's). */
function placed(source: ClassSource, search: PythonSearch): ClassSource {
  return source.ok ? { ...source, file: path.resolve(search.cwd, source.file) } : source;
}

