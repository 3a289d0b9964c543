import { describe, expect, it } from 'vitest';
import { expectationProblems, isVersion1Expectation, judge, type RunOutcome } from './expectation';

const ok = (content: string, durationMs = 10): RunOutcome => ({ content, isError: false, durationMs });
const raised = (content: string): RunOutcome => ({ content, isError: true, errorKind: 'tool', durationMs: 10 });
const notRun = (errorKind: string, content: string): RunOutcome => ({ content, isError: true, errorKind, durationMs: 10 });

describe('judge: a run against what its case expects', () => {
  it('content: the same text, or the same JSON value written differently', () => {
    expect(judge({ content: 'Hello, Ada!' }, ok('Hello, Ada!'))).toEqual({ outcome: 'passed' });
    expect(judge({ content: '{"a": 1, "b": [1, 2]}' }, ok('{"b":[1,2],"a":1}'))).toEqual({ outcome: 'passed' });
    expect(judge({ content: 'Hello, Ada!' }, ok('Hi, Ada!'))).toEqual({ outcome: 'failed', reason: 'expected "Hello, Ada!", got "Hi, Ada!"' });
    expect(judge({ content: 'Hello' }, raised('boom'))).toEqual({ outcome: 'failed', reason: 'expected a result, got an error: "boom"' });
  });

  it('contains, matches', () => {
    expect(judge({ contains: 'Ada' }, ok('Hello, Ada!')).outcome).toBe('passed');
    expect(judge({ contains: 'Bo' }, ok('Hello, Ada!'))).toEqual({ outcome: 'failed', reason: 'expected content containing "Bo", got "Hello, Ada!"' });
    expect(judge({ matches: '^Hello, [A-Z]\\w+!$' }, ok('Hello, Ada!')).outcome).toBe('passed');
    expect(judge({ matches: '^\\d+$' }, ok('12a')).outcome).toBe('failed');
  });

  it('json, json_subset, json_path', () => {
    const content = '{"items": [{"name": "Ada", "age": 36}, {"name": "Bo", "age": 7}], "total": 2}';
    expect(judge({ json: { total: 2, items: [{ age: 36, name: 'Ada' }, { name: 'Bo', age: 7 }] } }, ok(content)).outcome).toBe('passed');
    expect(judge({ json: { total: 2 } }, ok(content)).outcome).toBe('failed');
    expect(judge({ json_subset: { total: 2, items: [{ name: 'Ada' }, {}] } }, ok(content)).outcome).toBe('passed');
    expect(judge({ json_subset: { items: [{ name: 'Ada' }] } }, ok(content)).outcome).toBe('failed');
    expect(judge({ json_path: { path: '$.items[?@.name == "Bo"].age', value: 7 } }, ok(content)).outcome).toBe('passed');
    expect(judge({ json_path: { path: '$.items[*].name', value: ['Ada', 'Bo'] } }, ok(content)).outcome).toBe('passed');
    expect(judge({ json_path: { path: '$.total', value: 3 } }, ok(content))).toEqual({ outcome: 'failed', reason: 'expected $.total to be "3", got "2"' });
    expect(judge({ json_path: { path: '$.missing', value: 1 } }, ok(content)).outcome).toBe('failed');
    expect(judge({ json: {} }, ok('not json'))).toEqual({ outcome: 'failed', reason: 'expected JSON content, got "not json"' });
  });

  it("error: the tool's own error, any or one whose message matches", () => {
    expect(judge({ error: true }, raised('ValueError: no'))).toEqual({ outcome: 'passed' });
    expect(judge({ error: { matches: '^ValueError' } }, raised('ValueError: no')).outcome).toBe('passed');
    expect(judge({ error: { matches: '^KeyError' } }, raised('ValueError: no')).outcome).toBe('failed');
    expect(judge({ error: true }, ok('fine'))).toEqual({ outcome: 'failed', reason: 'expected an error, got a result: "fine"' });
  });

  it('max_duration_seconds, with any other check', () => {
    expect(judge({ content: 'x', max_duration_seconds: 1 }, ok('x', 900)).outcome).toBe('passed');
    expect(judge({ content: 'x', max_duration_seconds: 1 }, ok('x', 1500))).toEqual({ outcome: 'failed', reason: 'took 1.500 s, more than 1 s' });
  });

  it('a run that never reached the tool could not run, and never meets an expectation, not even an error', () => {
    for (const kind of ['not_found', 'load', 'validation', 'crashed', 'interpreter', 'protocol', 'cancelled']) {
      expect(judge({ error: true }, notRun(kind, 'Class a.B not found in PYTHONPATH\nTried modules: a'))).toEqual({
        outcome: 'could not run',
        reason: 'Class a.B not found in PYTHONPATH\nTried modules: a',
      });
    }
    // A timeout is the tool's own failure: it ran.
    expect(judge({ error: true }, notRun('timeout', 'timed out after 1 s')).outcome).toBe('passed');
    expect(judge({ content: 'x' }, notRun('timeout', 'timed out after 1 s'))).toEqual({ outcome: 'failed', reason: 'expected a result, got a timeout: "timed out after 1 s"' });
  });
});

describe('expectations as written', () => {
  it('says what cannot be checked', () => {
    expect(expectationProblems({})).toEqual([expect.stringContaining('expects nothing')]);
    expect(expectationProblems({ error: true, contains: 'x' })).toEqual(['expects an error and also contains, which only a result has']);
    expect(expectationProblems({ matches: '(' })[0]).toMatch(/^matches is not a regular expression/);
    expect(expectationProblems({ error: { matches: '[' } })[0]).toMatch(/^error\.matches is not a regular expression/);
    expect(expectationProblems({ json_path: { path: '$.[', value: 1 } })[0]).toMatch(/^json_path\.path is not a JSONPath query/);
    expect(expectationProblems({ content: 'x', max_duration_seconds: 1 })).toEqual([]);
  });

  it('knows which the first file version had', () => {
    expect(isVersion1Expectation({ content: 'x' })).toBe(true);
    expect(isVersion1Expectation({ error: true })).toBe(true);
    expect(isVersion1Expectation({ error: { matches: 'x' } })).toBe(false);
    expect(isVersion1Expectation({ content: 'x', max_duration_seconds: 1 })).toBe(false);
  });
});
