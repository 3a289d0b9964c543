import { lstat, readlink, realpath } from 'node:fs/promises';
import path from 'node:path';

/** Enough for any real chain of links; a loop ends here. */
const MAX_LINK_HOPS = 40;

/**
 * Where a write to `target` would land once every link is followed, when that is outside `folder` (undefined when it
 * stays inside). A planted link (a cases file or a package folder pointing elsewhere) must not carry a write out of
 * the folder it was meant for. A dangling link counts as what it names: writing creates that.
 */
export async function escapesFolder(target: string, folder: string): Promise<string | undefined> {
  const inside = await realpath(folder).catch(() => path.resolve(folder));
  const resolved = await resolveLinks(path.resolve(target), 0);
  const relative = path.relative(inside, resolved);
  const within = relative === '' || (relative !== '..' && !relative.startsWith(`..${path.sep}`) && !path.isAbsolute(relative));
  return within ? undefined : resolved;
}

/** The real path of `p`: its existing part resolved by realpath, dangling links followed, the rest appended. */
async function resolveLinks(p: string, hops: number): Promise<string> {
  const real = await realpath(p).catch(() => undefined);
  if (real !== undefined) return real;
  if (hops > MAX_LINK_HOPS) return p;
  const info = await lstat(p).catch(() => undefined);
  if (info?.isSymbolicLink()) return resolveLinks(path.resolve(path.dirname(p), await readlink(p)), hops + 1);
  const parent = path.dirname(p);
  if (parent === p) return p;
  return path.join(await resolveLinks(parent, hops), path.basename(p));
}
