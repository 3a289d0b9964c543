/**
 * The one step from a toolbox file on disk to RunnableToolSpec[], for a program that runs a toolbox's tools.
 *
 * Reading is done as for every run (node/workspace/toolboxOnDisk.ts, which the app's runs and the CLI's `call`, `test`
 * and `check` use): HOCON or JSON resolved as neuro-san does, the user file deep-merged over the default toolbox of the
 * neuro-san version the project runs (its setting, its pin, else the newest: node/neurosan/projectVersion.ts), a file
 * of a neuro-san project with its settings. This file only picks out what stops a tool from running.
 */
import { existsSync } from 'node:fs';
import { fileTypeProblem, type LoadedToolbox } from '../../shared/toolbox/index';
import type { Reading } from '../../shared/toolbox/index';
import type { RunnableToolSpec } from '../../shared/toolbox/index';
import { toRunnableSpec } from '../../shared/toolbox/index';
import type { ProjectVersionFacts, VersionLookup } from '../neurosan/projectVersion';
import { loadFileFromDisk, toolboxOf } from '../workspace/toolboxOnDisk';

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
  /** How to find the neuro-san version (whose default toolbox is layered): one given, what the interpreter said. */
  versionLookup?: VersionLookup;
  /** The neuro-san version, when the caller found it (then `versionLookup` is not used). */
  neuroSan?: ProjectVersionFacts;
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
  const loaded = toolboxOf(
    loadFileFromDisk(file, {
      cwd,
      env: options.env ?? process.env,
      noDefault: options.withDefaults === false,
      baseDir: cwd,
      ...(options.reading !== undefined ? { reading: options.reading, neuroSanCwd: cwd } : {}),
      ...(options.versionLookup ? { versionLookup: options.versionLookup } : {}),
      ...(options.neuroSan ? { neuroSan: options.neuroSan } : {}),
    }),
  );
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
