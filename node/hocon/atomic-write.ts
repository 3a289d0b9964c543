import { closeSync, fsyncSync, openSync, readFileSync, renameSync, rmSync, statSync, writeSync } from 'node:fs';
import path from 'node:path';

/**
 * Writes a file atomically: a temporary file in the same folder, fsync, then rename over the target, so a reader
 * (or a crash) sees the old file or the new one, never half of one. `verify` gets the text read back from the
 * temporary file before the rename and may throw to abort (the original file is then untouched).
 */
export function writeFileAtomic(target: string, text: string, verify: (readBack: string) => void): void {
  const dir = path.dirname(target);
  const temp = path.join(dir, `.${path.basename(target)}.${process.pid}.${Date.now()}.tmp`);
  let mode: number | undefined;
  try {
    mode = statSync(target).mode & 0o777;
  } catch {
    mode = undefined;
  }
  const fd = openSync(temp, 'wx', mode ?? 0o644);
  try {
    try {
      writeSync(fd, text, null, 'utf8');
      fsyncSync(fd);
    } finally {
      closeSync(fd);
    }
    verify(readFileSync(temp, 'utf8'));
    renameSync(temp, target);
  } catch (error) {
    rmSync(temp, { force: true });
    throw error;
  }
}
