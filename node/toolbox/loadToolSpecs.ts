/**
 * The one step from a toolbox file on disk to RunnableToolSpec[]: what the CLI's `call` (and later the app) uses.
 *
 * `.json` files are parsed as JSON; `.hocon` files go through the HOCON resolver (shared/hocon) the way neuro-san
 * reads them: top-level includes against the working folder, `${?ENV}` from the environment. Not done yet:
 * deep-merging the user file over neuro-san's default toolbox (that belongs to the toolbox model).
 */
import { readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { resolveFile, toJson } from '../../shared/hocon';
import type { JsonValue } from '../../shared/toolbox/runnable';
import { specsFromEntries, type ToolSpecs } from './specsFromEntries';

export class ToolSpecLoadError extends Error {
  override name = 'ToolSpecLoadError';
}

export interface LoadOptions {
  /** The folder top-level HOCON includes resolve against (neuro-san: the process's working folder). */
  cwd?: string;
  /** Variables for `${?ENV}` substitutions. */
  env?: Record<string, string | undefined>;
}

export async function loadToolSpecs(file: string, options: LoadOptions = {}): Promise<ToolSpecs> {
  const extension = path.extname(file).toLowerCase();
  if (extension === '.hocon') return specsFromEntries(readHocon(file, options), file);
  if (extension !== '.json') throw new ToolSpecLoadError(`File reference ${file} must be a .json or .hocon file`);
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    throw new ToolSpecLoadError(`cannot read ${file}: ${(error as Error).message}`);
  }
  try {
    return specsFromEntries(JSON.parse(text) as JsonValue, file);
  } catch (error) {
    throw new ToolSpecLoadError(`${file} is not valid JSON: ${(error as Error).message}`);
  }
}

function readHocon(file: string, options: LoadOptions): JsonValue {
  const cwd = options.cwd ?? process.cwd();
  const document = resolveFile(file, {
    host: {
      readFile(name) {
        try {
          return readFileSync(path.resolve(cwd, name), 'utf8');
        } catch {
          return undefined;
        }
      },
    },
    baseDir: cwd,
    cwd,
    env: options.env ?? process.env,
  });
  const errors = document.diagnostics.filter((d) => d.severity === 'error');
  if (errors.length > 0) {
    const lines = errors.map((d) => `${d.file}:${d.line}:${d.column}: ${d.message}`);
    throw new ToolSpecLoadError(`cannot read ${file}:\n${lines.join('\n')}`);
  }
  return toJson(document.value) as JsonValue;
}
