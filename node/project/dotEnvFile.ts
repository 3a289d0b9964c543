import path from 'node:path';
import { parseEnv } from 'node:util';
import { errorMessage } from '../../shared/errorMessage';
import { readRegularFileSync } from '../files/regularFile';

/** The project's `.env`: its values, its text when it was read, and why it was not read or parsed. */
export interface DotEnv {
  values: Record<string, string>;
  text?: string;
  problem?: string;
}

/** A `.env` is a few lines; a larger one is not read (a device or a planted file must not fill memory). */
const DOT_ENV_MAX_BYTES = 1024 * 1024;

/**
 * The project's `.env` as neuro-san-studio's scripts read it (Node's own dotenv parser); empty when absent. It is
 * read as every project file is (a regular file only, bounded): a FIFO or a device named `.env` is not read, and
 * `problem` says why.
 */
export function readDotEnv(root: string): DotEnv {
  const file = path.join(root, '.env');
  let text: string;
  try {
    text = new TextDecoder().decode(readRegularFileSync(file, DOT_ENV_MAX_BYTES).bytes);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return { values: {} };
    return { values: {}, problem: `The project's .env was not read, so its settings are not used: ${errorMessage(error)}` };
  }
  try {
    return { values: parseEnv(text) as Record<string, string>, text };
  } catch (error) {
    return { values: {}, text, problem: `The project's .env could not be read as a .env file: ${errorMessage(error)}` };
  }
}
