import { readFileSync } from 'node:fs';
import type { IncludeHost } from '../../shared/hocon/index';

/**
 * File access for the HOCON resolver on Node: reads UTF-8 files synchronously; a path that does not exist (or is
 * a directory) is "no such file", any other failure (permissions) is an error the caller sees.
 */
export const fileIncludeHost: IncludeHost = {
  readFile(path: string): string | undefined {
    try {
      return readFileSync(path, 'utf8');
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if (code === 'ENOENT' || code === 'EISDIR' || code === 'ENOTDIR') return undefined;
      throw error;
    }
  },
};
