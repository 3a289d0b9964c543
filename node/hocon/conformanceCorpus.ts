import { readFileSync } from 'node:fs';
import path from 'node:path';
import { resolveFile, toJson, type IncludeHost, type JsonValue, type ResolveOptions, type ResolvedDocument } from '../../shared/hocon/index';
import { fileIncludeHost } from './fileIncludeHost';

/**
 * Runs the conformance corpus in `../shared/conformance/hocon` (see its README): working directory `cases/`,
 * `HOCON_EVAL_VAR=from-env`, and files under `neurosan/<repo>/` resolved with that repo folder as base directory.
 * Shared by the conformance test and by anyone who wants the numbers.
 */
export interface CorpusCase {
  file: string;
  ok: boolean;
  json?: JsonValue;
  error?: string;
  category: string;
}

export interface CaseOutcome {
  case: CorpusCase;
  passed: boolean;
  /** Why it did not pass (empty when passed). */
  detail: string;
}

export function readCorpus(corpusDir: string): CorpusCase[] {
  return readFileSync(path.join(corpusDir, 'expected.jsonl'), 'utf8')
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => JSON.parse(line) as CorpusCase);
}

/** How the corpus reads `file` (relative to cases/): its path, include host, working and base directories, env. */
export function corpusOptions(corpusDir: string, file: string): ResolveOptions & { host: IncludeHost; fileName: string } {
  const casesDir = path.join(corpusDir, 'cases');
  const match = /^neurosan\/([^/]+)\//.exec(file);
  return {
    fileName: path.join(casesDir, file),
    host: fileIncludeHost,
    cwd: casesDir,
    env: { HOCON_EVAL_VAR: 'from-env' },
    ...(match ? { baseDir: path.join(casesDir, 'neurosan', match[1] as string) } : {}),
  };
}

export function resolveCorpusFile(corpusDir: string, file: string): ResolvedDocument {
  const options = corpusOptions(corpusDir, file);
  return resolveFile(options.fileName, options);
}

export function runCase(corpusDir: string, testCase: CorpusCase): CaseOutcome {
  let result: ResolvedDocument;
  try {
    result = resolveCorpusFile(corpusDir, testCase.file);
  } catch (error) {
    return { case: testCase, passed: false, detail: `threw: ${String(error)}` };
  }
  const errors = result.diagnostics.filter((d) => d.severity === 'error');
  if (!testCase.ok) {
    if (errors.length === 0) return { case: testCase, passed: false, detail: `expected an error (${testCase.error ?? ''}), got a value` };
    const unpositioned = errors.find((d) => !(d.line >= 1 && d.column >= 1));
    if (unpositioned) return { case: testCase, passed: false, detail: `error without a position: ${unpositioned.message}` };
    return { case: testCase, passed: true, detail: '' };
  }
  if (errors.length > 0) {
    const first = errors[0] as (typeof errors)[number];
    return { case: testCase, passed: false, detail: `unexpected error ${first.file}:${first.line}:${first.column}: ${first.message}` };
  }
  const actual = toJson(result.value);
  if (!jsonEquals(actual, testCase.json ?? null)) {
    return { case: testCase, passed: false, detail: `value differs: got ${JSON.stringify(actual).slice(0, 300)}` };
  }
  return { case: testCase, passed: true, detail: '' };
}

/** Deep equality where object key order does not matter and numbers compare as numbers. */
export function jsonEquals(a: JsonValue, b: JsonValue): boolean {
  if (a === b) return true;
  if (typeof a !== typeof b || a === null || b === null) return false;
  if (Array.isArray(a) || Array.isArray(b)) {
    if (!Array.isArray(a) || !Array.isArray(b) || a.length !== b.length) return false;
    return a.every((item, index) => jsonEquals(item, b[index] as JsonValue));
  }
  if (typeof a === 'object' && typeof b === 'object') {
    const keys = Object.keys(a);
    if (keys.length !== Object.keys(b).length) return false;
    return keys.every((key) => Object.prototype.hasOwnProperty.call(b, key) && jsonEquals(a[key] as JsonValue, b[key] as JsonValue));
  }
  return false;
}
