/**
 * File access for neuro-san's reading on Node: included files read as every other file is (strict UTF-8, the size
 * limit), and the working directory neuro-san is taken to run in.
 */
import path from 'node:path';
import { defaultWorkingDirectory, type PyhoconIncludeHost } from '../../shared/neurosan/index';
import { fileIncludeHost } from '../hocon/file-include-host';
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

/**
 * The working directory neuro-san runs in for `file`, on the command line: `chosen` (resolved against `base`, the
 * process's working directory) when given, else the nearest folder upward from the file that holds `registries/`
 * (a neuro-san project's root), else `base` itself (where the command was run, as neuro-san would be).
 */
export function neuroSanWorkingDirectory(file: string, chosen: string | undefined, base: string): string {
  if (chosen !== undefined) return path.resolve(base, chosen);
  return defaultWorkingDirectory(path.resolve(base, file), isDirectory, base);
}
