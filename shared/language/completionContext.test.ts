import { describe, expect, it } from 'vitest';
import { braceDepth, completionContextAt } from './completionContext';

describe('completionContextAt', () => {
  it('offers display_as values after the key, quoted or not', () => {
    expect(completionContextAt('        "display_as": "cod', 1)).toEqual({ kind: 'display-as', prefixStart: 22, quoted: true });
    expect(completionContextAt('  display_as = ', 1)).toEqual({ kind: 'display-as', prefixStart: 15, quoted: false });
  });
  it('offers classes after class and tool names after toolbox', () => {
    expect(completionContextAt('    "class": "my_mod', 1)).toMatchObject({ kind: 'class', quoted: true, prefixStart: 13 });
    expect(completionContextAt('  "toolbox": "sea', 2)).toMatchObject({ kind: 'tool-name', quoted: true });
  });
  it('offers entry keys only directly inside a tool entry', () => {
    expect(completionContextAt('        "des', 1)).toEqual({ kind: 'entry-key', prefixStart: 8 });
    expect(completionContextAt('        des', 2)).toEqual({ kind: 'none' });
    expect(completionContextAt('        des', 0)).toEqual({ kind: 'none' });
  });
});

describe('braceDepth', () => {
  it('counts open braces, ignoring those in strings and comments', () => {
    const text = '{ "a": { "s": "{{", # {\n "t": """ { """ ';
    expect(braceDepth(text, 0, text.length)).toBe(2);
  });
});
