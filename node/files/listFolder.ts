import { readdir, stat } from 'node:fs/promises';
import path from 'node:path';
import { ApiError, type FolderListing } from '../../shared/api/index';
import { errorMessage } from '../../shared/errorMessage';

/** The files the Open dialog's browser offers: what neuro-san reads a toolbox from. */
const TOOLBOX_FILE = /\.(hocon|json|conf)$/i;
/** A folder this big is shown in part (the user can type a path or filter instead). */
const MAX_ENTRIES = 2000;

/**
 * One folder for browser mode's file browser: its sub-folders and toolbox files (hidden ones left out), folders
 * first, each by name. Only names and kinds cross to the page — never contents — and the path is checked: it must
 * be a folder that exists (resolved against the server's folder, as typed paths are).
 */
export async function listFolder(folder: string): Promise<FolderListing> {
  if (folder.includes('\0')) throw new ApiError('invalid_request', 'A folder path cannot contain a NUL character.');
  const absolute = path.resolve(folder);
  let info;
  try {
    info = await stat(absolute);
  } catch {
    throw new ApiError('not_found', `No folder at ${absolute}.`);
  }
  if (!info.isDirectory()) throw new ApiError('io', `${absolute} is a file, not a folder.`);
  let dirents;
  try {
    dirents = await readdir(absolute, { withFileTypes: true });
  } catch (error) {
    throw new ApiError('io', `Cannot list ${absolute}: ${errorMessage(error)}`);
  }
  const entries: FolderListing['entries'] = [];
  for (const entry of dirents) {
    if (entry.name.startsWith('.')) continue;
    let isFolder = entry.isDirectory();
    if (entry.isSymbolicLink()) isFolder = await stat(path.join(absolute, entry.name)).then((s) => s.isDirectory(), () => false);
    if (isFolder) entries.push({ name: entry.name, kind: 'folder' });
    else if ((entry.isFile() || entry.isSymbolicLink()) && TOOLBOX_FILE.test(entry.name)) entries.push({ name: entry.name, kind: 'file' });
  }
  entries.sort((a, b) => (a.kind === b.kind ? a.name.localeCompare(b.name, undefined, { sensitivity: 'base' }) : a.kind === 'folder' ? -1 : 1));
  const parent = path.dirname(absolute);
  return { path: absolute, parent: parent === absolute ? null : parent, entries: entries.slice(0, MAX_ENTRIES), truncated: entries.length > MAX_ENTRIES };
}
