import path from 'node:path';
import { ApiError, type ApiResponse } from '../../shared/api/index';
import { neuroSanCheckLines } from '../../shared/toolbox/index';
import { readTextFile } from '../files/textFiles';
import { checkWithNeuroSan, neuroSanCheckDiagnostics } from '../workspace/neuroSanCheck';
import { toolboxOf } from '../workspace/toolboxOnDisk';
import type { DocumentAnalysis } from './documentAnalysis';
import type { ToolRuns } from './toolRuns';

/**
 * The saved file loaded by the installed neuro-san's own code, in this toolbox's worker (the chosen interpreter),
 * beside the editor's reading of it. neuro-san reads the disk: unsaved edits are not part of the check. `env`: the
 * app's, for a worker whose run settings name none.
 */
export async function checkSavedFileWithNeuroSan(
  file: string,
  parts: { analysis: DocumentAnalysis; runs: ToolRuns; env: Record<string, string | undefined> },
): Promise<ApiResponse<'toolbox.checkWithNeuroSan'>> {
  const { analysis, runs, env } = parts;
  runs.requireTrustedInterpreter(file);
  const { runner, context } = runs.runnerFor(file);
  const python = context.settings.python.value;
  const saved = await readTextFile(file).then((r) => r.text, () => undefined);
  if (saved === undefined) throw new ApiError('not_found', `Save the file first: neuro-san loads it from the disk (${file}).`);
  // neuro-san runs where the file's tools run, with their environment (the project's .env, the settings' variables).
  const cwd = context.settings.workingDirectory.value;
  let result;
  try {
    result = await checkWithNeuroSan(runner, path.relative(cwd, file) || file, { cwd, env: context.runner.env ?? env });
  } catch (error) {
    return { installed: false, lines: [`The check with neuro-san could not run (${python}): ${(error as Error).message}`], diagnostics: [] };
  }
  await runs.learnNeuroSan(file);
  const { loaded } = analysis.load({ path: file, text: saved });
  const diagnostics = neuroSanCheckDiagnostics(result, file, saved, toolboxOf(loaded).tools);
  return {
    installed: result.check.installed,
    lines: neuroSanCheckLines(result.check, path.basename(file), python, result.differences),
    diagnostics: diagnostics.map((d) => ({ ...d, range: { start: { ...d.range.start }, end: { ...d.range.end } } })),
  };
}
