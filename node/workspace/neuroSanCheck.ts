/**
 * The check with the installed neuro-san, for the CLI (`validate --with-neuro-san`) and the app: the file loaded by
 * neuro-san's own code in the Python worker, set beside the editor's reading of neuro-san (shared/neurosan). Every
 * value read differently is the editor's bug, and is reported as such.
 */
import path from 'node:path';
import { SourceText } from '../../shared/hocon/index';
import { readAsNeuroSan } from '../../shared/neurosan/index';
import { differenceMessage, readingDifferences, type NeuroSanCheck, type ReadingDifference } from '../../shared/toolbox/index';
import type { ToolEntry } from '../../shared/toolbox/index';
import { keyOrigin } from '../../shared/toolbox/index';
import { diagnosticAt, type ToolboxDiagnostic } from '../../shared/toolbox/index';
import { readTextFileSync } from '../files/textFiles';
import { neuroSanFileHost } from '../neurosan/neuroSanFiles';
import type { ToolRunner } from '../python/toolRunner';

export interface NeuroSanCheckResult {
  check: NeuroSanCheck;
  /** Where the editor's reading of the user's file differs from neuro-san's (empty when not installed). */
  differences: ReadingDifference[];
  /** The working directory neuro-san was run in. */
  cwd: string;
}

/**
 * Runs the check. `file` is the path as neuro-san is given it (relative to `cwd`, or absolute). Rejects only when the
 * worker cannot answer (no interpreter, a crash): the caller says so.
 */
export async function checkWithNeuroSan(
  runner: ToolRunner,
  file: string,
  options: { cwd: string; env: Record<string, string | undefined> },
): Promise<NeuroSanCheckResult> {
  const reply = await runner.checkWithNeuroSan(file, options.cwd);
  if (!reply.ok) throw new Error(reply.error);
  const check = reply.check;
  if (!check.installed || check.importError) return { check, differences: [], cwd: options.cwd };
  return { check, differences: differencesFromOurs(check, file, options), cwd: options.cwd };
}

/** The editor's reading of neuro-san, compared with what neuro-san's restorer returned for the user's file. */
function differencesFromOurs(check: NeuroSanCheck & { installed: true }, file: string, options: { cwd: string; env: Record<string, string | undefined> }): ReadingDifference[] {
  const absolute = path.resolve(options.cwd, file);
  let text: string | undefined;
  try {
    // Bounded as every read (a regular file, the size limit), strict UTF-8 as neuro-san's open() is.
    text = readTextFileSync(absolute).text;
  } catch {
    text = undefined;
  }
  const ours =
    text === undefined
      ? undefined
      : readAsNeuroSan(text, {
          file,
          cwd: options.cwd,
          host: neuroSanFileHost,
          env: options.env,
        });
  // Values are compared where both read the file; where one fails, its failure is what is shown (neuro-san's load
  // error is an error of the file already).
  if (check.loadError === undefined && check.user !== undefined && ours?.ok) return readingDifferences(check.user, ours.value);
  return [];
}

/**
 * The check's findings as diagnostics of the user's file: neuro-san's load error at the file's start, each tool's
 * errors at the tool's name, and each difference (the editor's bug) where the editor read the value.
 */
export function neuroSanCheckDiagnostics(result: NeuroSanCheckResult, file: string, text: string, tools: readonly ToolEntry[]): ToolboxDiagnostic[] {
  const check = result.check;
  if (!check.installed || check.importError) return [];
  const source = new SourceText(file, text);
  const start = { source, start: 0, end: 0 };
  const out: ToolboxDiagnostic[] = [];
  if (check.loadError) {
    out.push(diagnosticAt(start, 'error', 'neuro-san-load', `neuro-san ${check.version} cannot load the file: ${check.loadError.type}: ${firstLine(check.loadError.message)}`));
  }
  for (const tool of check.tools) {
    const entry = tools.find((t) => t.name === tool.name);
    const where = entry && entry.origin !== 'default' ? keyOrigin(entry.field) : start;
    for (const e of tool.errors) {
      out.push(
        diagnosticAt(where, 'error', 'neuro-san-tool', `neuro-san ${check.version}${e.stage ? ` (${e.stage})` : ''}: ${e.type}: ${firstLine(e.message)}`, {
          tool: tool.name,
        }),
      );
    }
  }
  for (const d of result.differences) {
    const name = d.pointer.split('/')[1];
    const entry = name === undefined ? undefined : tools.find((t) => t.name === name.replace(/~1/g, '/').replace(/~0/g, '~'));
    const where = entry && entry.field.value.source.name === file ? keyOrigin(entry.field) : start;
    out.push(diagnosticAt(where, 'error', 'reading-differs', differenceMessage(d), entry ? { tool: entry.name } : undefined));
  }
  return out;
}

function firstLine(text: string): string {
  return text.trim().split('\n')[0]!;
}
