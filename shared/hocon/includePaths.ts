/**
 * Path arithmetic for includes, without Node's `path` (shared/ is pure). Paths use '/' or '\' as separators;
 * results use the separator style of the directory they were built from.
 */

export function isAbsolutePath(path: string): boolean {
  return path.startsWith('/') || path.startsWith('\\') || /^[A-Za-z]:[\\/]/.test(path);
}

export function dirnameOf(path: string): string {
  const index = Math.max(path.lastIndexOf('/'), path.lastIndexOf('\\'));
  if (index < 0) return '.';
  if (index === 0) return path.slice(0, 1);
  if (index === 2 && /^[A-Za-z]:/.test(path)) return path.slice(0, 3);
  return path.slice(0, index);
}

export function joinPath(dir: string, relative: string): string {
  if (isAbsolutePath(relative)) return normalizePath(relative);
  if (dir === '' || dir === '.') return normalizePath(relative);
  const separator = dir.includes('\\') && !dir.includes('/') ? '\\' : '/';
  const glue = dir.endsWith('/') || dir.endsWith('\\') ? '' : separator;
  return normalizePath(dir + glue + relative);
}

/**
 * What normalizePath changes: a backslash, a drive, an empty, `.` or `..` segment, a slash at the end. A project
 * reader asks for the same paths' keys thousands of times (3% of `validate DIR` on neuro-san-studio, and their
 * arrays for the collector): most are normal already, and are returned as they are.
 */
const NOT_NORMAL = /\\|^[A-Za-z]:|\/\/|(?:^|\/)\.\.?(?:\/|$)|[\s\S]\/$/;

/** Removes `.` segments and folds `..` where possible (keeps leading `..` of relative paths). */
export function normalizePath(path: string): string {
  return path !== '' && !NOT_NORMAL.test(path) ? path : foldSegments(path);
}

/**
 * `path` from the folder `base` ('/'-separated, both in the same terms): the part under it, or `path` as it is (with
 * '/' separators) when it does not lie under it. A path and a base of `.` or '' give the path.
 */
export function pathWithin(base: string, path: string): string {
  const folder = normalizePath(base).replace(/\\/g, '/');
  const file = normalizePath(path).replace(/\\/g, '/');
  if (folder === '.' || folder === '') return file;
  return file.startsWith(`${folder}/`) ? file.slice(folder.length + 1) : file;
}

/** normalizePath's work on any path, normal or not (exported for the test that checks the shortcut against it). */
export function foldSegments(path: string): string {
  const separator = path.includes('\\') && !path.includes('/') ? '\\' : '/';
  const drive = /^[A-Za-z]:/.test(path) ? path.slice(0, 2) : '';
  const rest = path.slice(drive.length);
  const absolute = rest.startsWith('/') || rest.startsWith('\\');
  const out: string[] = [];
  for (const part of rest.split(/[\\/]+/)) {
    if (part === '' || part === '.') continue;
    if (part === '..' && out.length > 0 && out[out.length - 1] !== '..') out.pop();
    else if (part === '..' && absolute) continue;
    else out.push(part);
  }
  const body = out.join(separator);
  return drive + (absolute ? separator : '') + (body === '' && !absolute ? '.' : body);
}

/** The extension of the file name (lower case, with the dot), or '' if it has none. */
export function extensionOf(path: string): string {
  const base = path.slice(Math.max(path.lastIndexOf('/'), path.lastIndexOf('\\')) + 1);
  const dot = base.lastIndexOf('.');
  return dot <= 0 ? '' : base.slice(dot).toLowerCase();
}

/**
 * The local path a `file:` URL opens, as Python's urlopen reads it (`file:///abs`, `file://localhost/abs`, and
 * `file:///C:/x` on Windows); undefined for `file://host/...` on another host, which urlopen refuses.
 */
export function fileUrlPath(url: string): string | undefined {
  const match = /^file:(?:\/\/(?:localhost)?(?=\/)|(?!\/\/))(.*)$/i.exec(url);
  if (match === null) return undefined;
  let path = match[1]!;
  try {
    path = decodeURIComponent(path);
  } catch {
    // Not percent-encoding: urllib's unquote leaves it as written.
  }
  return /^\/[A-Za-z]:[\\/]/.test(path) ? path.slice(1) : path;
}

/** Whether an include's name is a URL with a scheme pyhocon (and the specification's heuristic) fetches. */
export function isUrlName(name: string): boolean {
  return /^(https?|file):\/\//i.test(name);
}
