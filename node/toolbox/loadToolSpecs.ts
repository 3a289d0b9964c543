/**
 * The one step from a toolbox file on disk to RunnableToolSpec[]: what the CLI's `call` (and later the app) uses.
 *
 * `.json` toolbox files (valid for neuro-san) are read here. `.hocon` files need the HOCON resolver, which lands with
 * the HOCON module (shared/hocon/); until then they are refused with a message saying so. Not done yet either:
 * deep-merging the user file over neuro-san's default toolbox.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { JsonValue } from '../../shared/toolbox/runnable';
import { specsFromEntries, type ToolSpecs } from './specsFromEntries';

export class ToolSpecLoadError extends Error {
  override name = 'ToolSpecLoadError';
}

export async function loadToolSpecs(file: string): Promise<ToolSpecs> {
  const extension = path.extname(file).toLowerCase();
  if (extension === '.hocon') {
    throw new ToolSpecLoadError(
      `${file}: reading .hocon toolbox files lands with the HOCON module (shared/hocon), which is not available yet. ` +
        'For now, give a .json toolbox file (neuro-san accepts both).',
    );
  }
  if (extension !== '.json') {
    throw new ToolSpecLoadError(`File reference ${file} must be a .json or .hocon file`);
  }
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    throw new ToolSpecLoadError(`cannot read ${file}: ${(error as Error).message}`);
  }
  let parsed: JsonValue;
  try {
    parsed = JSON.parse(text) as JsonValue;
  } catch (error) {
    throw new ToolSpecLoadError(`${file} is not valid JSON: ${(error as Error).message}`);
  }
  return specsFromEntries(parsed, file);
}
