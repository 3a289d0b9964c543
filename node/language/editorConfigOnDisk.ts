import path from 'node:path';
import type { FormatOptions } from '../../shared/hocon/index';
import { editorConfigFor, type EditorConfigFile } from '../../shared/language/editorConfig';
import { readTextFileSync } from '../files/textFiles';
import { slashed } from '../files/slashedPaths';

/** At most this many bytes of one `.editorconfig` are read (a real one is a few hundred). */
const MAX_EDITORCONFIG_BYTES = 64 * 1024;

/** The formatting the `.editorconfig` files of `file`'s folder and those above choose for it. */
export function editorConfigOptions(file: string): FormatOptions {
  const absolute = path.resolve(file);
  const found: EditorConfigFile[] = [];
  for (let dir = path.dirname(absolute); ; dir = path.dirname(dir)) {
    const text = readSmall(path.join(dir, '.editorconfig'));
    if (text !== undefined) {
      found.push({ folder: slashed(dir), text });
      if (/^\s*root\s*=\s*true\s*$/im.test(text.split(/^\s*\[/m)[0] ?? '')) break;
    }
    if (path.dirname(dir) === dir) break;
  }
  return editorConfigFor(slashed(absolute), found);
}

function readSmall(file: string): string | undefined {
  // Only a regular file, and a small one (a FIFO named .editorconfig must not block the formatter).
  try {
    return readTextFileSync(file, MAX_EDITORCONFIG_BYTES).text;
  } catch {
    return undefined;
  }
}
