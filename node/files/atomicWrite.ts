import { randomBytes } from 'node:crypto';
import { constants, type Stats } from 'node:fs';
import { access, lstat, open, readdir, readlink, realpath, rename, stat, unlink } from 'node:fs/promises';
import path from 'node:path';
import { ApiError } from '../../shared/api/index';
import { oneAtATime } from './oneAtATime';
import { readRegularFile } from './regularFile';

export interface AtomicWriteOptions {
  /**
   * The file's mode, whatever it was (state files: 0o600). By default an existing file keeps its own mode (set
   * bits included, whatever the umask) and a new one gets 0o644 less the umask.
   */
  mode?: number;
  /**
   * Checked after the new text is durable beside the file and right before it replaces it (in the same turn as the
   * write, one save of the file at a time in this process): throwing leaves the file as it was.
   */
  precondition?: (realTarget: string) => Promise<void>;
}

/** A temporary file a save leaves behind only when it was killed; older than this it is nobody's. */
const STALE_TEMP_MS = 60_000;

/**
 * Replaces a file's content so that a crash, a full disk or a power cut leaves either the old file or the new one,
 * never a half-written mix: write a temporary file in the same folder, fsync it, rename it over the target, then
 * read it back and compare. The file stays as it was apart from its content: a symlink keeps pointing at its
 * (updated) target, even a dangling one; the mode (and the owner, where the system lets us) is kept; a read-only
 * file is refused rather than replaced; a file with other hard links is written in place, so every name sees the
 * new text. Temporary files of an earlier save that was killed are removed. Writes of the same file are serialised.
 */
export async function writeFileAtomic(target: string, text: string, options: AtomicWriteOptions = {}): Promise<void> {
  const realTarget = await linkTarget(target);
  await oneAtATime(realTarget, async () => {
    const prepared = await prepareAt(target, realTarget, text, options);
    await prepared.commit(options.precondition);
  });
}

/**
 * A file's new text, durable beside it but not yet in its place: several files are prepared first and then put in
 * place one after another, so that a full disk or a read-only file stops a set of writes before any file changes.
 */
export interface PreparedReplacement {
  /** The file written (symlinks followed): saves of it are serialised on this name (oneAtATime). */
  realTarget: string;
  /**
   * Puts the new text in place once `precondition` passes, and reads it back; on a failure the file is as it was and
   * the prepared text is removed.
   */
  commit(precondition?: (realTarget: string) => Promise<void>): Promise<void>;
  /** Removes the prepared text without touching the file. */
  discard(): Promise<void>;
}

/** Prepares `text` to replace `target` by writeFileAtomic's rules (the checks run now, the write on commit). */
export async function prepareReplacement(target: string, text: string, options: Omit<AtomicWriteOptions, 'precondition'> = {}): Promise<PreparedReplacement> {
  return prepareAt(target, await linkTarget(target), text, options);
}

async function prepareAt(target: string, realTarget: string, text: string, options: Omit<AtomicWriteOptions, 'precondition'>): Promise<PreparedReplacement> {
  const dir = path.dirname(realTarget);
  const base = path.basename(realTarget);
  const existing = await stat(realTarget).catch(() => undefined);
  if (existing && !existing.isFile()) throw new ApiError('io', `${target} is not a regular file (a device, FIFO, socket or folder): it was not written.`);
  if (existing && options.mode === undefined) {
    // No write bit at all (0444), or none for us (another user's 0644): the file is read-only, and replacing it by a
    // rename would get round that.
    const writable = (existing.mode & 0o222) !== 0 && (await access(realTarget, constants.W_OK).then(() => true, () => false));
    if (!writable) {
      throw new ApiError('io', `${target} is read-only (mode ${(existing.mode & 0o7777).toString(8).padStart(4, '0')}): it was not changed. Make it writable first, or save under another name.`);
    }
  }
  await removeStaleTemps(dir, base);
  const bytes = Buffer.from(text, 'utf8');
  const inPlace = existing !== undefined && existing.nlink > 1;
  // A file with other hard links cannot be replaced without cutting the other names off it: it is rewritten in
  // place on commit, so the copy made now is only the new text kept safe meanwhile.
  const mode = inPlace ? 0o600 : (options.mode ?? (existing ? existing.mode & 0o7777 : undefined));
  const tmp = await writeTemporary(dir, base, bytes, mode, inPlace ? undefined : existing);
  const discard = () => unlink(tmp).then(() => undefined, () => undefined);
  return {
    realTarget,
    discard,
    async commit(precondition) {
      try {
        await precondition?.(realTarget);
        if (!inPlace) await rename(tmp, realTarget);
      } catch (error) {
        await discard();
        throw error;
      }
      if (inPlace) {
        // Left beside the file if this fails half-way: the whole new text, until the next save removes it.
        await writeInPlace(realTarget, bytes);
        await discard();
      }
      await syncFolder(dir);
      // Read back as any file is read (a regular file, bounded): a name swapped for a FIFO meanwhile cannot hang this.
      const back = Buffer.from((await readRegularFile(realTarget, bytes.length)).bytes);
      if (!back.equals(bytes)) {
        throw new Error(`${target} was written but reads back differently (${back.length} bytes instead of ${bytes.length}).`);
      }
    },
  };
}

/** The new text in a fresh `.NAME.<12 hex>.tmp` beside the file, with the mode and owner it will have, synced. */
async function writeTemporary(dir: string, base: string, bytes: Buffer, mode: number | undefined, existing: Stats | undefined): Promise<string> {
  const tmp = path.join(dir, `.${base}.${randomBytes(6).toString('hex')}.tmp`);
  try {
    const handle = await open(tmp, 'wx', mode ?? 0o644);
    try {
      // open() applies the umask and drops set-id bits: set the mode and owner the file had, explicitly.
      if (mode !== undefined) await handle.chmod(mode);
      if (existing && (existing.uid !== process.getuid?.() || existing.gid !== process.getgid?.())) {
        await handle.chown(existing.uid, existing.gid).catch(() => undefined);
        // chown clears set-id bits on some systems: set the mode again.
        if (mode !== undefined) await handle.chmod(mode);
      }
      await handle.writeFile(bytes);
      await handle.sync();
    } finally {
      await handle.close();
    }
    return tmp;
  } catch (error) {
    await unlink(tmp).catch(() => undefined);
    throw error;
  }
}

/**
 * Rewrites a hard-linked file in place. Not atomic, so the new text was first made durable beside it; that copy is
 * removed once the file holds it (a save killed in between leaves it, with the whole new text, until the next save).
 */
async function writeInPlace(realTarget: string, bytes: Buffer): Promise<void> {
  const handle = await open(realTarget, 'r+');
  try {
    await handle.truncate(0);
    await handle.write(bytes, 0, bytes.length, 0);
    await handle.sync();
  } finally {
    await handle.close();
  }
}

/**
 * The file a path names once symlinks are followed: its real path, or for a dangling link the path the link chain
 * ends at (saving creates the file there, and the link stays a link).
 */
async function linkTarget(target: string): Promise<string> {
  const real = await realpath(target).catch(() => undefined);
  if (real !== undefined) return real;
  let current = path.resolve(target);
  for (let hops = 0; hops < 40; hops++) {
    const info = await lstat(current).catch(() => undefined);
    if (!info?.isSymbolicLink()) return current;
    current = path.resolve(path.dirname(current), await readlink(current));
  }
  throw new ApiError('io', `${target}: too many levels of symbolic links.`);
}

/** Removes `.NAME.<12 hex>.tmp` files of earlier saves of this file that were killed before they finished. */
async function removeStaleTemps(dir: string, base: string): Promise<void> {
  const names = await readdir(dir).catch(() => [] as string[]);
  const prefix = `.${base}.`;
  const now = Date.now();
  for (const name of names) {
    if (!name.startsWith(prefix) || !/^[0-9a-f]{12}\.tmp$/.test(name.slice(prefix.length))) continue;
    const file = path.join(dir, name);
    const info = await lstat(file).catch(() => undefined);
    if (info?.isFile() && now - info.mtimeMs > STALE_TEMP_MS) await unlink(file).catch(() => undefined);
  }
}

/** Makes the rename itself durable. Folders cannot be opened for fsync on Windows; there the rename is enough. */
async function syncFolder(dir: string): Promise<void> {
  if (process.platform === 'win32') return;
  const handle = await open(dir, 'r').catch(() => undefined);
  if (!handle) return;
  try {
    await handle.sync().catch(() => undefined);
  } finally {
    await handle.close();
  }
}
