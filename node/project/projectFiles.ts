import path from 'node:path';
import { ApiError } from '../../shared/api/index';
import { landingOf, type WriteBounds } from '../files/folderBounds';
import { projectRootOf } from './projectSettingsOnDisk';

/** What a project edit may change: HOCON files (networks, toolboxes, what they include). */
const EDITABLE_EXTENSIONS = new Set(['.hocon', '.conf', '.json']);

/**
 * The folder a write of a project's file stays in (node/files/folderBounds.ts): the project's, the nearest folder
 * upward holding `registries/`, else the file's own folder (a toolbox of its own).
 */
export function projectWriteRoot(file: string): Pick<WriteBounds, 'root' | 'rootName'> {
  const root = projectRootOf(file);
  return root !== undefined ? { root, rootName: 'the project folder' } : { root: path.dirname(path.resolve(file)), rootName: "the file's folder" };
}

/**
 * The absolute path of a file a project edit names (relative to the root, or absolute), refused unless it is a HOCON
 * file inside the project's folder once every symlink is resolved: `../outside/x.hocon`, an absolute path elsewhere,
 * a link that leads out of the folder (the file's or a folder's on the way), a file reached through an include outside
 * it, or a Python file. A link that stays inside is followed (the file it names is written, the link kept).
 */
export async function projectFileOf(root: string, file: string): Promise<string> {
  const absolute = path.resolve(root, file);
  if (!EDITABLE_EXTENSIONS.has(path.extname(absolute).toLowerCase())) {
    throw new ApiError('invalid_request', `${file} is not a HOCON file (.hocon, .conf or .json): a project edit does not change it.`);
  }
  const landing = await landingOf(absolute, root);
  if (!landing.inside) {
    const link = landing.linkOut && landing.linkOut.link !== absolute ? ` through the link ${landing.linkOut.link}` : '';
    const leads = landing.real !== absolute ? ` (it leads to ${landing.real}${link})` : '';
    throw new ApiError('invalid_request', `${file} is outside the project folder ${root}${leads}: a project edit only changes the project's own files. Change it by hand.`);
  }
  return absolute;
}
