/**
 * What a saved test case expects of its run, and the verdict on a run: passed, failed, or could not run.
 *
 * An expectation is an object of checks that must all hold, in the case file's own spelling (snake_case, as neuro-san
 * users write `sly_data`):
 *   content               the content is exactly this text (or, when both are JSON, the same JSON value)
 *   contains              the content holds this text
 *   matches               the content matches this regular expression (JavaScript syntax, unanchored)
 *   json                  the content is JSON equal to this value
 *   json_subset           the content is JSON holding this value: its object keys, recursively; arrays item by item
 *   json_path             {path, value}: the RFC 9535 JSONPath query's value in the content's JSON is this value
 *   error                 true: the tool's own error; {matches}: one whose message matches this regular expression
 *   max_duration_seconds  the run took at most this long
 *
 * A run that could not happen — no such tool, a class that does not import, arguments held back, a crashed worker —
 * never satisfies an expectation, not even `error`: it is its own outcome.
 */
import { jsonpath, JSONPathError } from 'json-p3';

export interface Expectation {
  content?: string;
  contains?: string;
  matches?: string;
  json?: unknown;
  json_subset?: unknown;
  json_path?: { path: string; value: unknown };
  error?: true | { matches: string };
  max_duration_seconds?: number;
}

/** The expectations the first version of the case file knew; any other needs version 2. */
export function isVersion1Expectation(expect: Expectation): boolean {
  const keys = Object.keys(expect).filter((k) => expect[k as keyof Expectation] !== undefined);
  return keys.length === 1 && (keys[0] === 'content' || (keys[0] === 'error' && expect.error === true));
}

export type CaseOutcome = 'passed' | 'failed' | 'could not run';

export type Verdict = { outcome: 'passed' } | { outcome: 'failed' | 'could not run'; reason: string };

/** What the verdict looks at in a run's result. */
export interface RunOutcome {
  content: string;
  isError: boolean;
  errorKind?: string;
  durationMs: number;
}

/**
 * Why a run never reached the tool, by the result's errorKind: no such tool, a class that cannot be found or built,
 * arguments held back, a worker that died or could not start, a protocol bug, a cancel. A timeout is the tool's own
 * failure (it ran and did not finish).
 */
const COULD_NOT_RUN = new Set(['not_found', 'load', 'validation', 'crashed', 'interpreter', 'protocol', 'cancelled']);

export function couldNotRun(result: Pick<RunOutcome, 'isError' | 'errorKind'>): boolean {
  return result.isError && result.errorKind !== undefined && COULD_NOT_RUN.has(result.errorKind);
}

/** What is wrong with an expectation as written (an empty list when it can be checked). */
export function expectationProblems(expect: Expectation): string[] {
  const problems: string[] = [];
  const keys = Object.keys(expect).filter((k) => expect[k as keyof Expectation] !== undefined);
  if (keys.length === 0) problems.push('expects nothing: give content, contains, matches, json, json_subset, json_path, error or max_duration_seconds');
  const onContent = keys.filter((k) => k !== 'error' && k !== 'max_duration_seconds');
  if (expect.error !== undefined && onContent.length > 0) problems.push(`expects an error and also ${onContent.join(', ')}, which only a result has`);
  for (const [label, pattern] of [
    ['matches', expect.matches],
    ['error.matches', typeof expect.error === 'object' ? expect.error.matches : undefined],
  ] as const) {
    if (pattern === undefined) continue;
    const problem = regexProblem(pattern);
    if (problem) problems.push(`${label} is not a regular expression: ${problem}`);
  }
  if (expect.json_path !== undefined) {
    try {
      jsonpath.compile(expect.json_path.path);
    } catch (error) {
      problems.push(`json_path.path is not a JSONPath query: ${(error as Error).message}`);
    }
  }
  return problems;
}

function regexProblem(pattern: string): string | undefined {
  try {
    new RegExp(pattern);
    return undefined;
  } catch (error) {
    return (error as Error).message;
  }
}

/** The verdict on one run of a case. */
export function judge(expect: Expectation, result: RunOutcome): Verdict {
  if (couldNotRun(result)) return { outcome: 'could not run', reason: firstLines(result.content) };
  const reasons: string[] = [];
  if (expect.error !== undefined) {
    if (!result.isError) reasons.push(`expected an error, got a result: ${clip(result.content)}`);
    else if (typeof expect.error === 'object' && !safeTest(expect.error.matches, result.content)) {
      reasons.push(`expected an error matching /${expect.error.matches}/, got: ${clip(result.content)}`);
    }
  } else if (result.isError) {
    return { outcome: 'failed', reason: `expected a result, got ${result.errorKind === 'timeout' ? 'a timeout' : 'an error'}: ${clip(result.content)}` };
  } else {
    reasons.push(...contentReasons(expect, result.content));
  }
  if (expect.max_duration_seconds !== undefined && result.durationMs > expect.max_duration_seconds * 1000) {
    reasons.push(`took ${(result.durationMs / 1000).toFixed(3)} s, more than ${expect.max_duration_seconds} s`);
  }
  return reasons.length === 0 ? { outcome: 'passed' } : { outcome: 'failed', reason: reasons.join('; ') };
}

function contentReasons(expect: Expectation, content: string): string[] {
  const reasons: string[] = [];
  if (expect.content !== undefined && content !== expect.content && !sameJsonText(content, expect.content)) {
    reasons.push(`expected ${clip(expect.content)}, got ${clip(content)}`);
  }
  if (expect.contains !== undefined && !content.includes(expect.contains)) reasons.push(`expected content containing ${clip(expect.contains)}, got ${clip(content)}`);
  if (expect.matches !== undefined && !safeTest(expect.matches, content)) reasons.push(`expected content matching /${expect.matches}/, got ${clip(content)}`);
  const wantsJson = expect.json !== undefined || expect.json_subset !== undefined || expect.json_path !== undefined;
  if (!wantsJson) return reasons;
  const parsed = parseJson(content);
  if (!parsed.ok) return [...reasons, `expected JSON content, got ${clip(content)}`];
  if (expect.json !== undefined && !deepEqual(parsed.value, expect.json)) reasons.push(`expected JSON ${clip(JSON.stringify(expect.json))}, got ${clip(content)}`);
  if (expect.json_subset !== undefined && !isSubset(expect.json_subset, parsed.value)) {
    reasons.push(`expected JSON holding ${clip(JSON.stringify(expect.json_subset))}, got ${clip(content)}`);
  }
  if (expect.json_path !== undefined) {
    const found = queryJsonPath(expect.json_path.path, parsed.value);
    if ('error' in found) reasons.push(`json_path ${expect.json_path.path}: ${found.error}`);
    else if (found.values.length === 0) reasons.push(`json_path ${expect.json_path.path} selects nothing in ${clip(content)}`);
    else {
      const actual = found.values.length === 1 ? found.values[0] : found.values;
      if (!deepEqual(actual, expect.json_path.value)) reasons.push(`expected ${expect.json_path.path} to be ${clip(JSON.stringify(expect.json_path.value))}, got ${clip(JSON.stringify(actual))}`);
    }
  }
  return reasons;
}

function queryJsonPath(path: string, value: unknown): { values: unknown[] } | { error: string } {
  try {
    return { values: jsonpath.query(path, value as never).values() };
  } catch (error) {
    return { error: error instanceof JSONPathError ? error.message : String(error) };
  }
}

function safeTest(pattern: string, text: string): boolean {
  try {
    return new RegExp(pattern).test(text);
  } catch {
    return false;
  }
}

function sameJsonText(a: string, b: string): boolean {
  const pa = parseJson(a);
  const pb = parseJson(b);
  return pa.ok && pb.ok && deepEqual(pa.value, pb.value);
}

function parseJson(text: string): { ok: true; value: unknown } | { ok: false } {
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch {
    return { ok: false };
  }
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export function deepEqual(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (Array.isArray(a) && Array.isArray(b)) return a.length === b.length && a.every((x, i) => deepEqual(x, b[i]));
  if (!isObject(a) || !isObject(b)) return false;
  const ka = Object.keys(a);
  return ka.length === Object.keys(b).length && ka.every((k) => Object.prototype.hasOwnProperty.call(b, k) && deepEqual(a[k], b[k]));
}

/** `expected` is found in `actual`: an object's keys recursively (others may be there), an array item by item. */
function isSubset(expected: unknown, actual: unknown): boolean {
  if (Array.isArray(expected)) return Array.isArray(actual) && expected.length === actual.length && expected.every((x, i) => isSubset(x, actual[i]));
  if (isObject(expected)) return isObject(actual) && Object.keys(expected).every((k) => Object.prototype.hasOwnProperty.call(actual, k) && isSubset(expected[k], actual[k]));
  return deepEqual(expected, actual);
}

/** Keeps failure messages to one readable line. */
function clip(text: string, max = 200): string {
  const flat = JSON.stringify(text);
  return flat.length > max ? `${flat.slice(0, max - 1)}…"` : flat;
}

/** Why a run could not happen, in its first lines (a load error is followed by a long traceback). */
function firstLines(text: string, lines = 3, max = 400): string {
  const head = text.split('\n').slice(0, lines).join('\n').trimEnd();
  return head.length > max ? `${head.slice(0, max - 1)}…` : head;
}
