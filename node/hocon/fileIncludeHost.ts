import { ApiError } from '../../shared/api/index';
import type { IncludeHost } from '../../shared/hocon/index';
import { NotAFileError, readTextSync } from '../files/textFiles';
import { errorMessage } from '../../shared/errorMessage';

/**
 * File access for the HOCON resolver on Node, by the same rules as opening a file in the app (node/files/textFiles):
 * strict UTF-8 and the size limit. A path that does not exist is "no such file"; a folder, a file that is not UTF-8
 * text, one too large or one we may not read is an UnreadableFile whose problem says so in the same plain words.
 */
export const fileIncludeHost: IncludeHost = {
  readFile(path) {
    try {
      return readTextSync(path);
    } catch (error) {
      if (error instanceof ApiError && error.code === 'not_found') return undefined;
      if (error instanceof NotAFileError) return { problem: error.message, folder: true };
      return { problem: errorMessage(error) };
    }
  },
};
