import { lstat, readlink, realpath } from 'node:fs/promises';
import path from 'node:path';
import { ApiError } from '../../shared/api/index';

/**
 * Where a write lands once symlinks are followed, and the one check every writer of the editor makes before it writes
 * (or creates a folder): the landing must be inside a root folder. A project is someone else's files: a link
 * committed in it (`registries/x.hocon -> ~/.bashrc`, `junit.xml -> ~/.ssh/authorized_keys`, a package folder pointing
 * elsewhere) must not carry a write of ours out of it.
 *
 * Which root each writer uses (decided by the caller, named in the messages):
 * - a project's files (format/set/unset --write, a project rename, saved cases, run settings): the project's folder,
 *   the nearest folder upward holding `registries/` (`projectWriteRoot`, node/project/projectFiles.ts), else the
 *   file's own folder;
 * - a file the CLI is told to write (`test --junit PATH`): the working directory when PATH lies in it, else PATH's
 *   own folder (`outputWriteRoot`): a place outside the working tree named on the command line is the user's choice,
 *   and only a link at PATH itself could redirect it;
 * - a scaffolded module: the project's folder when the module root lies in it, else that root (one the user chose).
 *
 * The root itself is resolved (a project opened through a link is still that project). The check is made right
 * before the write: it stops links that are in the project, not a program racing us to plant one meanwhile (that
 * program could write the file itself).
 */

/** Enough for any real chain of links; a loop ends here. */
const MAX_LINK_HOPS = 40;

/** A symbolic link on the way to a path that takes it out of a folder, and where the link leads (links followed). */
export interface LinkOut {
  link: string;
  leadsTo: string;
}

/** Where a write to a path would land. */
export interface Landing {
  /** The path written once every link is followed; for a dangling link, what it names (writing creates that). */
  real: string;
  /** Whether `real` is inside the folder (the folder's own real path). */
  inside: boolean;
  /** When outside: the first link, itself inside the folder, that leads out (none: the path is outside as written). */
  linkOut?: LinkOut;
  /** When the path's last part is itself a symbolic link: where it leads. */
  finalLink?: string;
}

/** Where a write to `target` lands, and whether that is inside `folder`, every symlink of either resolved. */
export async function landingOf(target: string, folder: string): Promise<Landing> {
  const absolute = path.resolve(target);
  const inside = await resolveLinks(path.resolve(folder), 0);
  const real = await resolveLinks(absolute, 0);
  const info = await lstat(absolute).catch(() => undefined);
  const finalLink = info?.isSymbolicLink() ? { finalLink: real } : {};
  if (within(inside, real)) return { real, inside: true, ...finalLink };
  const linkOut = await firstLinkOut(absolute, inside);
  return { real, inside: false, ...(linkOut ? { linkOut } : {}), ...finalLink };
}

/**
 * Where a write to `target` would land when that is outside `folder` (undefined when it stays inside). A planted link
 * (a cases file pointing elsewhere) must not carry a read or a write out of the folder it was meant for.
 */
export async function escapesFolder(target: string, folder: string): Promise<string | undefined> {
  const landing = await landingOf(target, folder);
  return landing.inside ? undefined : landing.real;
}

/** A write refused because it would leave its root, or go through a link. */
export class WriteRefusedError extends ApiError {
  constructor(message: string) {
    super('io', message);
    this.name = 'WriteRefusedError';
  }
}

export interface WriteBounds {
  /** The folder the write must stay in once every link is resolved. */
  root: string;
  /** The root in the messages: "the project folder", "the working directory". */
  rootName: string;
  /**
   * When the path itself is a symbolic link. `refuse` (files the editor makes or keeps on its own: a report, saved
   * cases, run settings, a module): nothing is written; such a link is not the editor's, and writing through it would
   * change another file. `follow` (a file the user names or opens to edit, `format --write FILE`): the file it names is
   * written, the link kept (atomicWrite.ts), as long as that file is inside the root.
   */
  finalLink: 'refuse' | 'follow';
  /** What is written, in the messages ("the JUnit report"). */
  what?: string;
  /** What the user can do instead, ending the message of a link out (default: remove it, or edit the file itself). */
  advice?: string;
}

/**
 * Refuses (WriteRefusedError, naming the link and where it leads) a write to `target` that would land outside
 * `bounds.root` once symlinks are resolved, or go through a link at `target` itself when `finalLink` is `refuse`.
 * Returns where the write lands. Call it before creating any folder for the write too.
 */
export async function checkWriteBounds(target: string, bounds: WriteBounds): Promise<string> {
  const absolute = path.resolve(target);
  const landing = await landingOf(absolute, bounds.root);
  const root = `${bounds.rootName} ${path.resolve(bounds.root)}`;
  const what = bounds.what ?? 'files';
  if (!landing.inside) {
    const { linkOut } = landing;
    const why = linkOut
      ? `${linkOut.link} is a symbolic link to ${linkOut.leadsTo}, outside ${root}`
      : `it is outside ${root}${landing.real !== absolute ? ` (it is ${landing.real})` : ''}`;
    const advice = bounds.advice ?? 'Remove the link, or change the file where it really is.';
    throw new WriteRefusedError(`${absolute} was not written: ${why}. Toolbox Editor writes ${what} only inside ${bounds.rootName}, links resolved. ${advice}`);
  }
  if (landing.finalLink !== undefined && bounds.finalLink === 'refuse') {
    throw new WriteRefusedError(
      `${absolute} was not written: it is a symbolic link to ${landing.finalLink}, and Toolbox Editor does not write ${what} through a link (that would change the file it names). Remove the link, and the file is written in its place.`,
    );
  }
  return landing.real;
}

/**
 * The root a file the CLI is told to write (a report) stays in: the working directory when the path lies in it (a
 * link committed in the working tree must not redirect it), else the path's own folder (a place outside named on the
 * command line; only a link at the path itself is refused).
 */
export function outputWriteRoot(target: string, cwd: string): Pick<WriteBounds, 'root' | 'rootName'> {
  const absolute = path.resolve(cwd, target);
  return within(path.resolve(cwd), absolute) ? { root: path.resolve(cwd), rootName: 'the working directory' } : { root: path.dirname(absolute), rootName: 'the folder named' };
}

/** Whether `p` is `folder` or below it (both absolute), as written: no link is resolved. */
export function within(folder: string, p: string): boolean {
  const relative = path.relative(folder, p);
  return relative === '' || (relative !== '..' && !relative.startsWith(`..${path.sep}`) && !path.isAbsolute(relative));
}

/**
 * The first symbolic link on the way to `absolute` that lies inside `inside` (its folder resolved) but leads out of
 * it: the link to name when a write would leave. Links above the folder (a project opened through a link) are not it.
 */
async function firstLinkOut(absolute: string, inside: string): Promise<LinkOut | undefined> {
  const prefixes: string[] = [];
  for (let p = absolute; ; p = path.dirname(p)) {
    prefixes.unshift(p);
    if (path.dirname(p) === p) break;
  }
  for (const p of prefixes) {
    const info = await lstat(p).catch(() => undefined);
    if (info === undefined) return undefined;
    if (!info.isSymbolicLink()) continue;
    const leadsTo = await resolveLinks(p, 0);
    if (within(inside, leadsTo)) continue;
    if (within(inside, await resolveLinks(path.dirname(p), 0))) return { link: p, leadsTo };
  }
  return undefined;
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
