import { realpathSync } from 'node:fs';
import path from 'node:path';
import { ApiError } from '../../shared/api/index';

/** What a project edit may change: HOCON files (networks, toolboxes, what they include). */
const EDITABLE_EXTENSIONS = new Set(['.hocon', '.conf', '.json']);

/**
 * The absolute path of a file a project edit names (relative to the root, or absolute), refused unless it is a HOCON
 * file inside the project's folder once every symlink is resolved: `../outside/x.hocon`, an absolute path elsewhere,
 * a link that leads out of the folder, a file reached through an include outside it, or a Python file.
 */
export function projectFileOf(root: string, file: string): string {
  const absolute = path.resolve(root, file);
  if (!EDITABLE_EXTENSIONS.has(path.extname(absolute).toLowerCase())) {
    throw new ApiError('invalid_request', `${file} is not a HOCON file (.hocon, .conf or .json): a project edit does not change it.`);
  }
  let real: string;
  let realRoot: string;
  try {
    real = realpathSync(absolute);
    realRoot = realpathSync(root);
  } catch {
    throw new ApiError('not_found', `No file at ${absolute}.`);
  }
  const inside = path.relative(realRoot, real);
  if (inside === '' || inside === '..' || inside.startsWith(`..${path.sep}`) || path.isAbsolute(inside)) {
    throw new ApiError('invalid_request', `${file} is outside the project folder ${root}${real !== absolute ? ` (it leads to ${real})` : ''}: a project edit only changes the project's own files. Change it by hand.`);
  }
  return absolute;
}
