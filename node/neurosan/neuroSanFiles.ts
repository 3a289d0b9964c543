/**
 * File access for neuro-san's reading on Node: included files read as every other file is (strict UTF-8, the size
 * limit), and the working directory neuro-san is taken to run in.
 */
import path from 'node:path';
import { defaultWorkingDirectory, type PyhoconIncludeHost } from '../../shared/neurosan/index';
import { fileIncludeHost } from '../hocon/fileIncludeHost';
import { isDirectory } from '../project/projectSettingsOnDisk';

/** Reads included files from disk (pyhocon treats a file it cannot read like a missing one). */
export const neuroSanFileHost: PyhoconIncludeHost & { isDirectory(path: string): boolean } = {
  readFile(p) {
    const text = fileIncludeHost.readFile(p);
    // A folder is an IOError to pyhocon (skipped); a file that is not UTF-8 makes Python raise.
    return text === undefined || typeof text === 'string' ? text : text.folder ? undefined : { problem: text.problem };
  },
  isDirectory,
};

/** Why a folder is taken as neuro-san's working directory. */
export type WorkingDirectoryReason = 'chosen' | 'registries' | 'file-folder';

export interface WorkingDirectory {
  path: string;
  why: WorkingDirectoryReason;
}

/**
 * The working directory neuro-san is taken to run in for `file` (absolute), in the app: `chosen` when given (the
 * preference; a relative one resolved against `chosenBase`, by default the folder the rule below gives), else the
 * nearest folder upward from the file that holds `registries/` (a neuro-san project's root, where neuro-san is run
 * from), else the file's own folder.
 */
export function neuroSanWorkingDirectoryOf(file: string, chosen?: string, chosenBase?: string): WorkingDirectory {
  const found = defaultWorkingDirectory(file, isDirectory);
  if (chosen !== undefined && chosen !== '') return { path: path.resolve(chosenBase ?? found, chosen), why: 'chosen' };
  return { path: found, why: isDirectory(path.join(found, 'registries')) ? 'registries' : 'file-folder' };
}

/**
 * The same rule on the command line, where neuro-san would be started from the folder the command runs in (`base`):
 * `--cwd` (`chosen`, relative to `base`) when given, else the project's root, else `base` rather than the file's
 * folder. `file` is relative to `base`.
 */
export function neuroSanWorkingDirectory(file: string, chosen: string | undefined, base: string): string {
  if (chosen !== undefined) return path.resolve(base, chosen);
  const found = neuroSanWorkingDirectoryOf(path.resolve(base, file));
  return found.why === 'registries' ? found.path : base;
}
