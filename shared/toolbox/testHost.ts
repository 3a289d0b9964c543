import type { IncludeHost } from '../hocon/index';

/** An in-memory file system for the toolbox model's tests: path → text. */
export function memoryHost(files: Record<string, string>): IncludeHost {
  return { readFile: (path) => files[path.replace(/^\.\//, '')] };
}
