import { dirnameOf, joinPath, normalizePath } from '../hocon/index';

/**
 * Which project files other project files include, from their text alone (no reading): what tells a fragment from a
 * file of no kind, the same whether one file is validated or the whole project (fileKind.ts). An `include` statement
 * starts a line (pyhocon's keyword is caseless); its target is looked for where neuro-san looks (the working
 * directory, the project root, for a file read directly) and next to the including file (for a file it includes).
 */
const INCLUDE = /^[ \t]*include[ \t]+(?:required[ \t]*\([ \t]*)?(?:(file|url|package)[ \t]*\([ \t]*)?"((?:[^"\\\n]|\\.)*)"/gim;

export interface WrittenInclude {
  /** `file(...)`, `url(...)`, `package(...)`, or '' for a quoted name alone. */
  mode: string;
  target: string;
}

/** The includes a text writes, in order. */
export function includesWritten(text: string): WrittenInclude[] {
  if (!/include/i.test(text)) return [];
  const out: WrittenInclude[] = [];
  for (const match of text.matchAll(INCLUDE)) out.push({ mode: (match[1] ?? '').toLowerCase(), target: match[2]! });
  return out;
}

/** Whether an include reads from the network (or a `file://` URL), as pyhocon decides: `url(...)` or a scheme. */
export function isUrlInclude(include: WrittenInclude): boolean {
  return include.mode === 'url' || (include.mode === '' && /^(https?|file):\/\//.test(include.target));
}

/**
 * For each project file some other project file includes, the files that include it. `files` are paths in one base
 * (relative to the root, or absolute), `cwd` the project root in that base, `textOf` their text (undefined when
 * unreadable).
 */
export function includersOf(files: readonly string[], cwd: string, textOf: (path: string) => string | undefined): Map<string, string[]> {
  const known = new Set(files.map(normalizePath));
  const includers = new Map<string, string[]>();
  const mark = (candidate: string, from: string) => {
    const path = normalizePath(candidate);
    if (path === normalizePath(from) || !known.has(path)) return;
    const list = includers.get(path) ?? [];
    if (!list.includes(from)) list.push(from);
    includers.set(path, list);
  };
  for (const file of files) {
    const text = textOf(file);
    if (text === undefined) continue;
    for (const include of includesWritten(text)) {
      if (include.mode === 'package' || isUrlInclude(include)) continue;
      const candidates = [joinPath(cwd, include.target), joinPath(dirnameOf(file), include.target)];
      if (!/[*?]/.test(include.target)) {
        for (const candidate of candidates) mark(candidate, file);
        continue;
      }
      for (const pattern of candidates.map(globPattern)) for (const path of known) if (pattern.test(path)) mark(path, file);
    }
  }
  return includers;
}

/** A glob as pyhocon's `glob(recursive=True)` reads it: `**` any folders, `*` and `?` within one name. */
function globPattern(glob: string): RegExp {
  const escaped = normalizePath(glob)
    .split(/(\*\*\/?|\*|\?)/)
    .map((part) => (part === '**/' || part === '**' ? '(?:.*/)?' : part === '*' ? '[^/]*' : part === '?' ? '[^/]' : part.replace(/[.+^${}()|[\]\\]/g, '\\$&')))
    .join('');
  return new RegExp(`^${escaped}$`);
}
