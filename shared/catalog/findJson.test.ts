import { describe, expect, it } from 'vitest';
import { findJson } from './findJson';

describe('findJson', () => {
  it('finds the JSON after the default template\'s prose', () => {
    expect(findJson('Here is the toolbox catalog: {"tools": {"a": [1]}}\n')).toEqual({ value: { tools: { a: [1] } }, start: 29 });
  });
  it('skips a bracket that does not start JSON', () => {
    expect(findJson('Pick from [the list]: ["a", "b"]')?.value).toEqual(['a', 'b']);
  });
  it('says null when there is no JSON', () => {
    expect(findJson('no catalog {here')).toBeNull();
  });
});
