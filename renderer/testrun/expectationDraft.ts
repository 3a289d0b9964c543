/**
 * A saved case's expectation as the case editor edits it: one kind of check and its value (plus a duration limit),
 * or, for an expectation that combines checks (written by hand), its JSON as text.
 */
import { describeJsonSyntaxError, readJsonText } from '../../shared/hocon/index';
import { expectationProblems, type Expectation } from '../../shared/run/index';

export const EXPECT_KINDS = {
  content: 'Exact content',
  contains: 'Content contains',
  matches: 'Content matches (regular expression)',
  json: 'JSON equal to',
  json_subset: 'JSON holding (subset)',
  json_path: "A JSONPath's value",
  error: 'Any error of the tool',
  error_matches: 'An error whose message matches',
  custom: 'Several checks (JSON)',
} as const;
export type ExpectKind = keyof typeof EXPECT_KINDS;

export interface ExpectDraft {
  kind: ExpectKind;
  /** The text, pattern or JSON the kind checks against (for json_path: the value, as JSON). */
  text: string;
  /** For json_path: the query. */
  path: string;
  /** Seconds; blank: no limit. */
  maxSeconds: string;
}

const single = (expect: Expectation): string[] => Object.keys(expect).filter((k) => k !== 'max_duration_seconds' && expect[k as keyof Expectation] !== undefined);

export function draftOf(expect: Expectation): ExpectDraft {
  const maxSeconds = expect.max_duration_seconds !== undefined ? String(expect.max_duration_seconds) : '';
  const keys = single(expect);
  const base = { text: '', path: '', maxSeconds };
  if (keys.length !== 1) return { ...base, kind: 'custom', text: JSON.stringify(expect, null, 2), maxSeconds: '' };
  if (expect.content !== undefined) return { ...base, kind: 'content', text: expect.content };
  if (expect.contains !== undefined) return { ...base, kind: 'contains', text: expect.contains };
  if (expect.matches !== undefined) return { ...base, kind: 'matches', text: expect.matches };
  if (expect.json !== undefined) return { ...base, kind: 'json', text: JSON.stringify(expect.json, null, 2) };
  if (expect.json_subset !== undefined) return { ...base, kind: 'json_subset', text: JSON.stringify(expect.json_subset, null, 2) };
  if (expect.json_path !== undefined) return { ...base, kind: 'json_path', path: expect.json_path.path, text: JSON.stringify(expect.json_path.value) };
  if (expect.error === true) return { ...base, kind: 'error' };
  if (expect.error !== undefined) return { ...base, kind: 'error_matches', text: expect.error.matches };
  return { ...base, kind: 'custom', text: JSON.stringify(expect, null, 2), maxSeconds: '' };
}

/** The draft as a changed kind: the value carried over where it still means something. */
export function withKind(draft: ExpectDraft, kind: ExpectKind): ExpectDraft {
  if (kind === 'custom') {
    const made = expectationOf(draft);
    return { ...draft, kind, text: 'expect' in made ? JSON.stringify(made.expect, null, 2) : '{}', maxSeconds: '' };
  }
  return { ...draft, kind, ...(kind === 'error' ? { text: '' } : {}) };
}

function json(text: string, what: string): { value: unknown } | { problem: string } {
  const read = readJsonText(text);
  return read.ok ? { value: read.value } : { problem: `${what}: not valid JSON at ${describeJsonSyntaxError(read.error)}` };
}

/** The expectation the draft says, or what keeps it from being one. */
export function expectationOf(draft: ExpectDraft): { expect: Expectation } | { problem: string } {
  let expect: Expectation;
  switch (draft.kind) {
    case 'content':
    case 'contains':
      expect = { [draft.kind]: draft.text };
      break;
    case 'matches':
      expect = { matches: draft.text };
      break;
    case 'error':
      expect = { error: true };
      break;
    case 'error_matches':
      expect = { error: { matches: draft.text } };
      break;
    case 'json':
    case 'json_subset': {
      const read = json(draft.text, 'the expected JSON');
      if ('problem' in read) return read;
      expect = { [draft.kind]: read.value };
      break;
    }
    case 'json_path': {
      const read = json(draft.text, "the query's value");
      if ('problem' in read) return read;
      expect = { json_path: { path: draft.path.trim(), value: read.value } };
      break;
    }
    case 'custom': {
      const read = json(draft.text, 'the expectation');
      if ('problem' in read) return read;
      if (typeof read.value !== 'object' || read.value === null || Array.isArray(read.value)) return { problem: 'the expectation: must be a JSON object' };
      expect = read.value as Expectation;
      break;
    }
  }
  if (draft.maxSeconds.trim() !== '') {
    const seconds = Number(draft.maxSeconds);
    if (!Number.isFinite(seconds) || seconds <= 0 || seconds > 3600) return { problem: 'at most: a number of seconds above 0, at most 3600' };
    expect = { ...expect, max_duration_seconds: seconds };
  }
  const problems = expectationProblems(expect);
  return problems.length ? { problem: `the expectation ${problems.join('; ')}` } : { expect };
}

/** One line saying what a case expects, for the list. */
export function expectationSummary(expect: Expectation): string {
  const parts: string[] = [];
  const short = (text: string) => (text.length > 40 ? `${JSON.stringify(text.slice(0, 39))}…` : JSON.stringify(text));
  if (expect.content !== undefined) parts.push(`= ${short(expect.content)}`);
  if (expect.contains !== undefined) parts.push(`contains ${short(expect.contains)}`);
  if (expect.matches !== undefined) parts.push(`matches /${expect.matches}/`);
  if (expect.json !== undefined) parts.push(`JSON ${short(JSON.stringify(expect.json))}`);
  if (expect.json_subset !== undefined) parts.push(`JSON ⊇ ${short(JSON.stringify(expect.json_subset))}`);
  if (expect.json_path !== undefined) parts.push(`${expect.json_path.path} = ${short(JSON.stringify(expect.json_path.value))}`);
  if (expect.error === true) parts.push('an error');
  else if (expect.error !== undefined) parts.push(`an error matching /${expect.error.matches}/`);
  if (expect.max_duration_seconds !== undefined) parts.push(`within ${expect.max_duration_seconds} s`);
  return parts.join(', ');
}
