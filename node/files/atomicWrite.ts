import { randomBytes } from 'node:crypto';
import { open, readFile, realpath, rename, stat, unlink } from 'node:fs/promises';
import path from 'node:path';

/**
 * Replaces a file's content so that a crash, a full disk or a power cut leaves either the old file or the new one,
 * never a half-written mix: write a temporary file in the same folder, fsync it, rename it over the target, then
 * read it back and compare. A symlink keeps pointing at its (updated) target; the file's permissions are kept.
 */
export async function writeFileAtomic(target: string, text: string): Promise<void> {
  const realTarget = await realpath(target).catch(() => target);
  const dir = path.dirname(realTarget);
  const tmp = path.join(dir, `.${path.basename(realTarget)}.${randomBytes(6).toString('hex')}.tmp`);
  const mode = await stat(realTarget).then((s) => s.mode & 0o7777, () => 0o644);
  const bytes = Buffer.from(text, 'utf8');
  try {
    const handle = await open(tmp, 'wx', mode);
    try {
      await handle.writeFile(bytes);
      await handle.sync();
    } finally {
      await handle.close();
    }
    await rename(tmp, realTarget);
  } catch (error) {
    await unlink(tmp).catch(() => undefined);
    throw error;
  }
  await syncFolder(dir);
  const back = await readFile(realTarget);
  if (!back.equals(bytes)) {
    throw new Error(`${target} was written but reads back differently (${back.length} bytes instead of ${bytes.length}).`);
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
