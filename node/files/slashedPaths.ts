import path from 'node:path';

/*
 * A path as the editor names files everywhere (messages, project files, settings, reports): '/'-separated on every
 * system. One helper: six copies of it were kept across node/ (issue #34).
 */

/** `p` with the system's separator replaced by '/'. */
export function slashed(p: string): string {
  return p.split(path.sep).join('/');
}

/** `absolute` relative to `base`, '/'-separated, when it lies below it; else `absolute` as it is. */
export function slashedWithin(base: string, absolute: string): string {
  const relative = path.relative(base, absolute);
  return relative && !relative.startsWith('..') && !path.isAbsolute(relative) ? slashed(relative) : absolute;
}
