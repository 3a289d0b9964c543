import { describe, expect, it } from 'vitest';
import { draftOf, expectationOf, expectationSummary, withKind } from './expectationDraft';

describe("the case editor's expectation", () => {
  it('edits each kind of check, with a duration limit, and back to the same expectation', () => {
    for (const e of [
      { content: 'Hello' },
      { contains: 'ell' },
      { matches: '^H' },
      { json: { a: [1, 2] } },
      { json_subset: { a: 1 } },
      { json_path: { path: '$.a[0]', value: 1 } },
      { error: true as const },
      { error: { matches: 'Value' } },
      { content: 'x', max_duration_seconds: 2 },
      { contains: 'a', matches: 'b' },
    ]) {
      expect(expectationOf(draftOf(e))).toEqual({ expect: e });
    }
    expect(draftOf({ contains: 'a', matches: 'b' }).kind).toBe('custom');
  });

  it('says what keeps a draft from being an expectation', () => {
    expect(expectationOf({ kind: 'json', text: '{', path: '', maxSeconds: '' })).toEqual({ problem: 'the expected JSON: not valid JSON at line 1, column 2: Expecting property name enclosed in double quotes' });
    expect(expectationOf({ kind: 'matches', text: '(', path: '', maxSeconds: '' })).toMatchObject({ problem: expect.stringMatching(/^the expectation matches is not a regular expression/) });
    expect(expectationOf({ kind: 'content', text: 'x', path: '', maxSeconds: '0' })).toEqual({ problem: 'at most: a number of seconds above 0, at most 3600' });
  });

  it('carries the value over to another kind, and writes a combination as JSON', () => {
    const draft = draftOf({ content: 'Hello', max_duration_seconds: 1 });
    expect(expectationOf(withKind(draft, 'contains'))).toEqual({ expect: { contains: 'Hello', max_duration_seconds: 1 } });
    expect(withKind(draft, 'custom').text).toBe('{\n  "content": "Hello",\n  "max_duration_seconds": 1\n}');
  });

  it('sums an expectation up in one line', () => {
    expect(expectationSummary({ json_path: { path: '$.n', value: 2 }, max_duration_seconds: 0.5 })).toBe('$.n = "2", within 0.5 s');
    expect(expectationSummary({ error: { matches: '^Value' } })).toBe('an error matching /^Value/');
  });
});
