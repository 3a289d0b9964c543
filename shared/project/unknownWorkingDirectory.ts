/**
 * A project inside another (`tests/registries/` of a project) that neither says it runs (projectPlacement.ts): neuro-san
 * may run from the inner folder or from the outer project's root, and what it meets reading a file can depend on which
 * (a top-level include, `toolbox_info_file`, AGENT_TOOL_PATH are looked up there). Each file is read both ways: a
 * problem met both ways is reported; where the two readings differ, the file gets one warning saying it cannot be
 * judged and how to tell the editor, instead of reports that may be false.
 */
import { normalizePath, SourceText } from '../hocon/index';
import { compareDiagnostics, countSeverities, diagnosticAt, type ToolboxDiagnostic } from '../toolbox/index';
import type { ProjectAnalysis } from './analyzeProject';

export const UNKNOWN_WORKING_DIRECTORY_RULE = 'working-directory-unknown';

/** How the two folders and the remedies are named in the warning. */
export interface EitherFolders {
  /** The inner project's root, as shown (`tests/`). */
  here: string;
  /** The outer project's root, as shown (`./`). */
  there: string;
  /** The inner project's root relative to the outer's (`tests`), for the remedies. */
  inner: string;
  /** `..`: the outer root seen from the inner one (what its run.workingDirectory would say). */
  up: string;
}

/** One problem, wherever it is written: the same at the same place, however it is worded. */
function keyOf(d: ToolboxDiagnostic): string {
  return `${d.file}\0${d.range.start.offset}\0${d.rule}\0${d.severity}`;
}

/**
 * The problems of reading `file` judged from either folder: `here` (read from the inner root) and `there` (read from
 * the outer root, paths in the same base). `kept`: those met both ways; `note`: one warning at the file's start when
 * any is met one way only (`text` is the file's text, for its place).
 */
export function judgedFromEither(
  file: string,
  text: string,
  here: readonly ToolboxDiagnostic[],
  there: readonly ToolboxDiagnostic[],
  folders: EitherFolders,
): { kept: ToolboxDiagnostic[]; note?: ToolboxDiagnostic } {
  const thereKeys = new Set(there.map(keyOf));
  const hereKeys = new Set(here.map(keyOf));
  const kept = here.filter((d) => thereKeys.has(keyOf(d)));
  const oneWay = [...here.filter((d) => !thereKeys.has(keyOf(d))), ...there.filter((d) => !hereKeys.has(keyOf(d)))];
  if (oneWay.length === 0) return { kept };
  const rules = [...new Set(oneWay.map((d) => d.rule))].join(', ');
  const message =
    `What neuro-san meets reading this file depends on the folder it runs in, ${folders.here} or ${folders.there} (the project around it), and nothing either ships says which: ` +
    `${oneWay.length === 1 ? '1 problem is' : `${oneWay.length} problems are`} met one way only (${rules}), so none of them is reported. ` +
    `To tell the editor, name a manifest of ${folders.inner}/registries/ in AGENT_MANIFEST_FILE where ${folders.there} runs neuro-san (its .env, CI or Makefile), ` +
    `or set "run": {"workingDirectory": "${folders.up}"} (or ".") in ${folders.here}.toolbox-editor.json; validate FILE --cwd DIR reads it from DIR.`;
  return { kept, note: diagnosticAt({ source: new SourceText(file, text), start: 0, end: 0 }, 'warning', UNKNOWN_WORKING_DIRECTORY_RULE, message) };
}

/** What reading each file of an inner project gives from either folder (paths in the analysis' base), and its text. */
export interface EitherReadings {
  here(file: string): readonly ToolboxDiagnostic[];
  there(file: string): readonly ToolboxDiagnostic[];
  text(file: string): string;
}

/**
 * The analysis of an inner project with each of its files judged from either folder (judgedFromEither): a problem of
 * a file's reading met one way only is left out, the file gets the warning instead. What the analysis holds besides
 * the readings (the description review, MCP servers) stays. The files' counts follow.
 */
export function analysisFromEither(analysis: ProjectAnalysis, readings: EitherReadings, folders: EitherFolders): ProjectAnalysis {
  const dropped = new Set<string>();
  const notes: ToolboxDiagnostic[] = [];
  for (const file of analysis.files) {
    const here = readings.here(file.path);
    const judged = judgedFromEither(file.path, readings.text(file.path), here, readings.there(file.path), folders);
    if (judged.note === undefined) continue;
    const kept = new Set(judged.kept.map(keyOf));
    for (const d of here) if (!kept.has(keyOf(d))) dropped.add(keyOf(d));
    notes.push(judged.note);
  }
  if (notes.length === 0) return analysis;
  const diagnostics = [...analysis.diagnostics.filter((d) => !dropped.has(keyOf(d))), ...notes].sort(compareDiagnostics);
  // Counted as analysisOf counts them (hints too, paths normalized), grouped once.
  const byFile = new Map<string, ToolboxDiagnostic[]>();
  for (const d of diagnostics) {
    const key = normalizePath(d.file);
    const list = byFile.get(key);
    if (list) list.push(d);
    else byFile.set(key, [d]);
  }
  const files = analysis.files.map((f) => ({ ...f, ...countSeverities(byFile.get(normalizePath(f.path)) ?? []) }));
  return { ...analysis, files, diagnostics };
}
