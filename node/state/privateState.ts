import { chmod, mkdir } from 'node:fs/promises';
import path from 'node:path';
import { ApiError } from '../../shared/api/index';
import { writeFileAtomic, type AtomicWriteOptions } from '../files/atomicWrite';
import { readTextFile, readTextFileSync } from '../files/textFiles';

/**
 * State files hold what the user typed (tool arguments, sly_data, unsaved text): readable by the user alone (0600),
 * in folders only the user can list (0700). Folders this code creates are made 0700, and so are its own subfolders
 * (history/, recovery/) an earlier version made 0755; the state folder itself is left as it is when it already
 * exists, since TOOLBOX_EDITOR_STATE_DIR may name a folder the user shares with other things.
 */
const PRIVATE_FILE_MODE = 0o600;
const PRIVATE_DIR_MODE = 0o700;

/** State files that hold a few names (recent files, projects allowed to fetch includes). */
export const SMALL_STATE_FILE_BYTES = 1024 * 1024;

/**
 * A state file's text, undefined when there is none. Read as every file is (a regular file, at most `maxBytes`,
 * strict UTF-8): a FIFO or a device planted in the state folder must not hang or fill the editor. Any other failure
 * throws, in words naming the file and the limit.
 */
export async function readStateFile(file: string, maxBytes: number): Promise<string | undefined> {
  try {
    return (await readTextFile(file, maxBytes)).text;
  } catch (error) {
    if (error instanceof ApiError && error.code === 'not_found') return undefined;
    throw error;
  }
}

/** The same, synchronously. */
export function readStateFileSync(file: string, maxBytes: number): string | undefined {
  try {
    return readTextFileSync(file, maxBytes).text;
  } catch (error) {
    if (error instanceof ApiError && error.code === 'not_found') return undefined;
    throw error;
  }
}

/**
 * Writes a state file atomically, private to the user, creating its folders private. `precondition` runs right before
 * the new file replaces the old (writeFileAtomic): throwing leaves the file as it was.
 */
export async function writePrivateFile(file: string, text: string, stateDir: string, precondition?: AtomicWriteOptions['precondition']): Promise<void> {
  const dir = path.dirname(file);
  await mkdir(dir, { recursive: true, mode: PRIVATE_DIR_MODE });
  if (path.resolve(dir) !== path.resolve(stateDir)) await chmod(dir, PRIVATE_DIR_MODE).catch(() => undefined);
  await writeFileAtomic(file, text, { mode: PRIVATE_FILE_MODE, ...(precondition ? { precondition } : {}) });
}
