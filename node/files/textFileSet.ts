import { ApiError } from '../../shared/api/index';
import { errorMessage } from '../../shared/errorMessage';
import { prepareReplacement, type PreparedReplacement } from './atomicWrite';
import { oneAtATime } from './oneAtATime';
import { readRegularFile } from './regularFile';
import { contentHash, fileError, MAX_TEXT_FILE_BYTES, writeTextFile } from './textFiles';

/** One file of a set: the text it must hold now, and the text it gets. */
export interface FileChange {
  absolute: string;
  before: string;
  after: string;
}

/**
 * Changes several files as one: all written or none. Every file's new text is first written beside it (a read-only
 * file, a full disk or a missing folder stops the set here, before any file changes); then each replaces its file,
 * once that file still holds `before`. When one cannot, the files already replaced get their `before` back, and the
 * error says which (if any) could not be.
 */
export async function writeTextFilesAllOrNone(changes: readonly FileChange[]): Promise<void> {
  const prepared: PreparedReplacement[] = [];
  try {
    for (const change of changes) {
      try {
        prepared.push(await prepareReplacement(change.absolute, change.after));
      } catch (error) {
        const refused = fileError(error, change.absolute, 'write');
        throw new ApiError(refused.code, `${refused.message} No file was changed.`);
      }
    }
  } catch (error) {
    await Promise.all(prepared.map((p) => p.discard()));
    throw error;
  }
  const done: FileChange[] = [];
  for (const [i, change] of changes.entries()) {
    const replacement = prepared[i]!;
    try {
      await oneAtATime(replacement.realTarget, () => replacement.commit((real) => stillHolds(real, change)));
      done.push(change);
    } catch (error) {
      await Promise.all(prepared.slice(i + 1).map((p) => p.discard()));
      const notRestored = await restore(done);
      const reason = errorMessage(fileError(error, change.absolute, 'write'));
      if (notRestored.length === 0) throw new ApiError(error instanceof ApiError && error.code === 'conflict' ? 'conflict' : 'io', `${reason} No file was changed.`);
      throw new ApiError('io', `${reason} These files were changed and could not be put back: ${notRestored.join(', ')}.`);
    }
  }
}

/** Refuses (conflict) unless the file holds `change.before`. */
async function stillHolds(real: string, change: FileChange): Promise<void> {
  const current = await readRegularFile(real, MAX_TEXT_FILE_BYTES).catch(() => undefined);
  if (current === undefined || contentHash(current.bytes) !== contentHash(change.before)) {
    throw new ApiError('conflict', `${change.absolute} was changed on disk by another program meanwhile.`);
  }
}

/** Puts back the files of a set that were replaced, last first; the ones that could not be. */
async function restore(done: readonly FileChange[]): Promise<string[]> {
  const failed: string[] = [];
  for (const change of [...done].reverse()) {
    await writeTextFile(change.absolute, change.before, { expectedSha256: contentHash(change.after) }).catch(() => failed.push(change.absolute));
  }
  return failed;
}
