import { chmod, mkdir } from 'node:fs/promises';
import path from 'node:path';
import { writeFileAtomic } from '../files/atomicWrite';

/**
 * State files hold what the user typed (tool arguments, sly_data, unsaved text): readable by the user alone, in
 * folders only the user can list (0600 and 0700, also for files and folders an earlier version made 0644/0755).
 */
const PRIVATE_FILE_MODE = 0o600;
const PRIVATE_DIR_MODE = 0o700;

/** Writes a state file atomically, private to the user, creating its folder (and the state folder above) private. */
export async function writePrivateFile(file: string, text: string, stateDir: string): Promise<void> {
  const dir = path.dirname(file);
  await mkdir(dir, { recursive: true, mode: PRIVATE_DIR_MODE });
  for (const folder of new Set([path.resolve(stateDir), path.resolve(dir)])) {
    await chmod(folder, PRIVATE_DIR_MODE).catch(() => undefined);
  }
  await writeFileAtomic(file, text, { mode: PRIVATE_FILE_MODE });
}
