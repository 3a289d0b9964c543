/**
 * The check with the installed neuro-san: what its own code did with a toolbox file (loaded in the Python worker,
 * resources/python/tbe_worker/neurosan_check.py), and where that differs from the editor's reading of the same file.
 * A difference in the value read is the editor's bug, and is said so.
 */
import type { JsonValue } from './runnable';
import { plural } from '../plural';

export interface NeuroSanError {
  /** `create_tool_from_toolbox` (building the tool as an agent does) or `function_spec` (offering it to the LLM). */
  stage?: string;
  type: string;
  message: string;
  cause?: string;
}

export type NeuroSanCheck =
  | { installed: false; reason: string }
  | {
      installed: true;
      version: string;
      /**
       * neuro-san is there but cannot be imported (a missing dependency, an unsupported Python): the environment's
       * problem, not the file's. Nothing was loaded.
       */
      importError?: NeuroSanError;
      /** The user's file as neuro-san's restorer returned it (absent when it failed to load). */
      user?: JsonValue;
      loadError?: NeuroSanError;
      tools: Array<{ name: string; errors: NeuroSanError[] }>;
    };

/** One place where the two readings of the user's file differ, by JSON pointer (`` is the whole file). */
export interface ReadingDifference {
  pointer: string;
  /** neuro-san's value there (undefined: neuro-san has no such key). */
  neuroSan: JsonValue | undefined;
  /** The editor's value there (undefined: the editor has no such key). */
  editor: JsonValue | undefined;
}

/** At most this many differences are listed: past a few, the first ones say what is wrong. */
export const MAX_DIFFERENCES = 50;

/** Where the editor's reading of a file differs from neuro-san's, value by value (keys' order does not count). */
export function readingDifferences(neuroSan: JsonValue | undefined, editor: JsonValue | undefined): ReadingDifference[] {
  const found: ReadingDifference[] = [];
  compare(neuroSan, editor, '', found);
  return found;
}

function compare(a: JsonValue | undefined, b: JsonValue | undefined, pointer: string, found: ReadingDifference[]): void {
  if (found.length >= MAX_DIFFERENCES) return;
  if (isObject(a) && isObject(b)) {
    for (const key of Object.keys(a)) compare(a[key], Object.hasOwn(b, key) ? b[key] : undefined, `${pointer}/${escape(key)}`, found);
    for (const key of Object.keys(b)) if (!Object.hasOwn(a, key)) compare(undefined, b[key], `${pointer}/${escape(key)}`, found);
    return;
  }
  if (Array.isArray(a) && Array.isArray(b) && a.length === b.length) {
    a.forEach((item, i) => compare(item, b[i], `${pointer}/${i}`, found));
    return;
  }
  if (a === b) return;
  found.push({ pointer, neuroSan: a, editor: b });
}

function isObject(value: JsonValue | undefined): value is { [key: string]: JsonValue } {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function escape(key: string): string {
  return key.replace(/~/g, '~0').replace(/\//g, '~1');
}

/** A value in a message: JSON, or "nothing" where a side has no such key. */
export function valueWords(value: JsonValue | undefined): string {
  return value === undefined ? 'nothing' : JSON.stringify(value);
}

/** The plain words of a difference: it is the editor's bug. */
export function differenceMessage(d: ReadingDifference): string {
  const where = d.pointer === '' ? 'the whole file' : d.pointer;
  return `Our bug: at ${where} neuro-san reads ${valueWords(d.neuroSan)}, the editor reads ${valueWords(d.editor)}. Please report it.`;
}

/** The lines the check prints (the CLI) or shows (the app), in order: version, load error or tools' errors, differences. */
export function neuroSanCheckLines(check: NeuroSanCheck, file: string, python: string, differences: readonly ReadingDifference[]): string[] {
  if (!check.installed) return [`neuro-san is not installed for ${python} (${check.reason}): the check with its own loader was skipped.`];
  if (check.importError) return [neuroSanImportLine(check, python)];
  const lines = [`neuro-san ${check.version} (${python}) loaded ${file} with its own code:`];
  if (check.loadError) lines.push(`  load error: ${check.loadError.type}: ${firstLine(check.loadError.message)}`);
  for (const tool of check.tools) for (const e of tool.errors) lines.push(`  ${tool.name}: ${e.stage ? `${e.stage}: ` : ''}${e.type}: ${firstLine(e.message)}`);
  for (const d of differences) lines.push(`  ${differenceMessage(d)}`);
  const errorCount = (check.loadError ? 1 : 0) + check.tools.reduce((n, t) => n + t.errors.length, 0);
  lines.push(`  ${errorCount === 0 ? 'no errors' : plural(errorCount, 'error')}; ${differences.length === 0 ? 'its reading equals the editor\'s' : `${plural(differences.length, 'value')} read differently (the editor's bug)`}.`);
  return lines;
}

/** The environment's problem: the interpreter, the neuro-san it has, and why it cannot be imported. */
export function neuroSanImportLine(check: NeuroSanCheck & { installed: true }, python: string): string {
  const error = check.importError!;
  return `neuro-san ${check.version} cannot be imported by ${python}: ${error.type}: ${firstLine(error.message)}. Fix that environment (install what is missing, or choose another interpreter); the check with neuro-san's own loader could not run.`;
}

function firstLine(text: string): string {
  return text.trim().split('\n')[0]!;
}
