/**
 * The one step from a toolbox file on disk to RunnableToolSpec[]: what the CLI's `call` (and the app) uses.
 *
 * Reading is the toolbox model's job (shared/toolbox/loadToolbox): HOCON or JSON resolved as neuro-san does, the user
 * file deep-merged over the default toolbox shipped in resources/, entries validated. This file only adds file
 * access and picks out what stops a tool from running.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileTypeProblem, loadToolbox, type LoadedToolbox } from '../../shared/toolbox/index';
import type { Reading } from '../../shared/toolbox/index';
import type { RunnableToolSpec } from '../../shared/toolbox/index';
import { toRunnableSpec } from '../../shared/toolbox/index';
import { fileIncludeHost } from '../hocon/fileIncludeHost';
import { defaultToolboxPath } from '../paths';

export class ToolSpecLoadError extends Error {
  override name = 'ToolSpecLoadError';
}

export interface EntryProblem {
  tool: string;
  message: string;
}

export interface ToolSpecs {
  /** The effective tools that can be run, in the effective toolbox's order (default tools first). */
  specs: RunnableToolSpec[];
  /** Why an entry cannot be run, in neuro-san's words; the other entries are still usable. */
  problems: EntryProblem[];
}

export interface LoadOptions {
  /** The project root: where neuro-san resolves a top-level include (its working folder). */
  cwd?: string;
  /** Variables for `${?ENV}` substitutions. */
  env?: Record<string, string | undefined>;
  /** Layer the file over neuro-san's default toolbox, as neuro-san does (default true). */
  withDefaults?: boolean;
  /** Whose reading of the file: the HOCON specification's (default) or neuro-san's (see shared/neurosan). */
  reading?: Reading;
}

/** Entry problems neuro-san stops at when it creates the tool; other findings do not prevent a test run. */
const BLOCKING_RULES = new Set([
  'entry-not-object',
  'missing-class',
  'class-not-string',
  'coded-class-form',
  'langchain-class-form',
]);

export async function loadToolSpecs(file: string, options: LoadOptions = {}): Promise<ToolSpecs> {
  const typeProblem = fileTypeProblem(file);
  if (typeProblem) throw new ToolSpecLoadError(typeProblem);
  if (!existsSync(file)) throw new ToolSpecLoadError(`cannot read ${file}: no such file`);
  const cwd = options.cwd ?? process.cwd();
  const loaded = loadToolbox({
    userFile: file,
    ...(options.withDefaults === false ? {} : { defaultFile: defaultToolboxPath() }),
    // Read as everywhere else (strict UTF-8, plain words): a file that is not UTF-8 is refused, not run mangled.
    host: { readFile: (name) => fileIncludeHost.readFile(path.resolve(cwd, name)) },
    baseDir: cwd,
    env: options.env ?? process.env,
    ...(options.reading !== undefined ? { reading: options.reading, neuroSanCwd: cwd } : {}),
  });
  const syntaxErrors = loaded.diagnostics.filter((d) => d.severity === 'error' && d.rule === 'hocon');
  if (syntaxErrors.length > 0) {
    const lines = syntaxErrors.map((d) => `${d.file}:${d.line}:${d.column}: ${d.message}`);
    throw new ToolSpecLoadError(`cannot read ${file}:\n${lines.join('\n')}`);
  }
  return runnableSpecs(loaded);
}

/**
 * Which entries of a loaded toolbox can be run, and why the others cannot (in neuro-san's words): what both the CLI
 * and the app's test runs call tools from.
 */
export function runnableSpecs(toolbox: Pick<LoadedToolbox, 'tools' | 'diagnostics'>): ToolSpecs {
  const problems: EntryProblem[] = toolbox.diagnostics
    .filter((d) => d.severity === 'error' && d.tool !== undefined && BLOCKING_RULES.has(d.rule))
    .map((d) => ({ tool: d.tool as string, message: d.message }));
  const blocked = new Set(problems.map((p) => p.tool));
  const specs: RunnableToolSpec[] = [];
  for (const entry of toolbox.tools) {
    if (blocked.has(entry.name)) continue;
    const spec = toRunnableSpec(entry);
    if (spec) specs.push(spec);
    else problems.push({ tool: entry.name, message: `Tool '${entry.name}' has no usable 'class' to run.` });
  }
  return { specs, problems };
}
