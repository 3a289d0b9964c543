import { statSync } from 'node:fs';
import path from 'node:path';

/**
 * Whether a command-line argument names a project folder rather than a file. A folder named like a configuration
 * file (`tb.hocon/`) is a mistake for a file, and is reported as one (a folder, not a file).
 */
export function isDirectoryArgument(argument: string, cwd: string): boolean {
  if (/\.(hocon|json|conf|properties)[\\/]?$/i.test(argument)) return false;
  try {
    return statSync(path.resolve(cwd, argument)).isDirectory();
  } catch {
    return false;
  }
}
