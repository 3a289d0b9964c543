import { statSync } from 'node:fs';
import path from 'node:path';

/** Whether a command-line argument names a folder (a project) rather than a file. */
export function isDirectoryArgument(argument: string, cwd: string): boolean {
  try {
    return statSync(path.resolve(cwd, argument)).isDirectory();
  } catch {
    return false;
  }
}
