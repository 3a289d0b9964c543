import { chmod, mkdir } from 'node:fs/promises';
import path from 'node:path';
import { writeFileAtomic } from '../files/atomicWrite';

/**
 * State files hold what the user typed (tool arguments, sly_data, unsaved text): readable by the user alone (0600),
 * in folders only the user can list (0700). Folders this code creates are made 0700, and so are its own subfolders
 * (history/, recovery/) an earlier version made 0755; the state folder itself is left as it is when it already
 * exists, since TOOLBOX_EDITOR_STATE_DIR may name a folder the user shares with other things.
 */
const PRIVATE_FILE_MODE = 0o600;
const PRIVATE_DIR_MODE = 0o700;

/** Writes a state file atomically, private to the user, creating its folders private. */
export async function writePrivateFile(file: string, text: string, stateDir: string): Promise<void> {
  const dir = path.dirname(file);
  await mkdir(dir, { recursive: true, mode: PRIVATE_DIR_MODE });
  if (path.resolve(dir) !== path.resolve(stateDir)) await chmod(dir, PRIVATE_DIR_MODE).catch(() => undefined);
  await writeFileAtomic(file, text, { mode: PRIVATE_FILE_MODE });
}
