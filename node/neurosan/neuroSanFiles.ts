/**
 * File access for neuro-san's reading on Node: included files read as every other file is (strict UTF-8, the size
 * limit), and the working directory neuro-san is taken to run in.
 */
import path from 'node:path';
import type { PyhoconIncludeHost } from '../../shared/neurosan/index';
import { fileIncludeHost } from '../hocon/fileIncludeHost';
import { isDirectory, projectRootOf } from '../project/projectSettingsOnDisk';
import { settingsWorkingDirectory } from '../run/settingsFile';

/** Reads included files from disk (pyhocon treats a file it cannot read like a missing one). */
export const neuroSanFileHost: PyhoconIncludeHost & { isDirectory(path: string): boolean } = {
  readFile(p) {
    const text = fileIncludeHost.readFile(p);
    // A folder is an IOError to pyhocon (skipped); a file that is not UTF-8 makes Python raise.
    return text === undefined || typeof text === 'string' ? text : text.folder ? undefined : { problem: text.problem };
  },
  isDirectory,
};

/**
 * Why a folder is taken as neuro-san's working directory: `project-file`, the project's run settings say so (their
 * `workingDirectory`: neuro-san runs where its tools run); `chosen`, the preference (the app) or `--cwd` (the CLI);
 * else neuro-san-studio's layout: `registries`, the project's root; `file-folder`, no project.
 */
export type WorkingDirectoryReason = 'project-file' | 'chosen' | 'registries' | 'file-folder';

export interface WorkingDirectory {
  path: string;
  why: WorkingDirectoryReason;
}

/**
 * By the project's layout and what it ships: its root (projectPlacement.ts: the nearest folder upward from `file`
 * holding `registries/`, or the project around it that runs it), else the file's folder.
 */
export function layoutWorkingDirectoryOf(file: string): WorkingDirectory {
  const root = projectRootOf(file);
  return root !== undefined ? { path: root, why: 'registries' } : { path: path.dirname(path.resolve(file)), why: 'file-folder' };
}

/**
 * The working directory neuro-san is taken to run in for `file` (absolute), in the app — the folder its tools run in
 * too (the run settings' `workingDirectory`, shared/run/runSettings.ts, decides alike): the project's settings file's
 * `run.workingDirectory` when it sets one, else `chosen` when given (the preference; a relative one resolved against
 * `chosenBase`, by default the layout's folder), else the layout's (layoutWorkingDirectoryOf).
 */
export function neuroSanWorkingDirectoryOf(file: string, chosen?: string, chosenBase?: string): WorkingDirectory {
  const set = settingsWorkingDirectory(file);
  if (set) return { path: set.path, why: 'project-file' };
  const layout = layoutWorkingDirectoryOf(file);
  if (chosen !== undefined && chosen !== '') return { path: path.resolve(chosenBase ?? layout.path, chosen), why: 'chosen' };
  return layout;
}

/**
 * The same rule on the command line, where neuro-san would be started from the folder the command runs in (`base`):
 * `--cwd` (`chosen`, relative to `base`) when given, else the project's settings file's `run.workingDirectory`, else
 * the project's root, else `base` rather than the file's folder. `file` is relative to `base`.
 */
export function neuroSanWorkingDirectory(file: string, chosen: string | undefined, base: string): string {
  if (chosen !== undefined) return path.resolve(base, chosen);
  const found = neuroSanWorkingDirectoryOf(path.resolve(base, file));
  return found.why === 'file-folder' ? base : found.path;
}
