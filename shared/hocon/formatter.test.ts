import { describe, expect, it } from 'vitest';
import { applyEdits, formatHocon, type FormatOptions } from './index';

function format(text: string, options: FormatOptions = {}): string {
  const result = formatHocon(text, options);
  if (!result.ok) throw new Error(result.message);
  const once = applyEdits(text, result.edits);
  const again = formatHocon(once, options);
  expect(again.ok && again.edits, 'formatting the result again changes nothing').toEqual([]);
  return once;
}

describe('formatHocon', () => {
  it('indents by nesting and keeps comments where they are', () => {
    const text = 'tools {\n# the first\n      web {\nclass = "a.B"   # why\n  args = [\n1,\n    2\n]\n   }\n}\n';
    expect(format(text)).toBe('tools {\n  # the first\n  web {\n    class = "a.B"   # why\n    args = [\n      1,\n      2\n    ]\n  }\n}\n');
  });

  it('indents with tabs or a number of spaces', () => {
    expect(format('a {\nb = 1\n}\n', { indent: 'tab' })).toBe('a {\n\tb = 1\n}\n');
    expect(format('a {\nb = 1\n}\n', { indent: 4 })).toBe('a {\n    b = 1\n}\n');
  });

  it('writes the chosen separator with one blank around it', () => {
    expect(format('a=1\nb :2\nc += 3\nd{\n}\n', { separator: '=' })).toBe('a = 1\nb = 2\nc += 3\nd {\n}\n');
    expect(format('a=1\nb :2\n', { separator: ':' })).toBe('a: 1\nb: 2\n');
    expect(format('a=1\nb :2\n')).toBe('a = 1\nb: 2\n');
  });

  it('adds or removes the commas that end lines, never those inside a line', () => {
    const text = 'a = 1,\nb = [1, 2]\nc {\n  d = 1\n  e = 2,\n}\n';
    expect(format(text, { commas: 'omit' })).toBe('a = 1\nb = [1, 2]\nc {\n  d = 1\n  e = 2\n}\n');
    expect(format(text, { commas: 'add' })).toBe('a = 1,\nb = [1, 2],\nc {\n  d = 1,\n  e = 2,\n}\n');
    expect(format('a = 1   # one\nb = 2\n', { commas: 'add' })).toBe('a = 1,   # one\nb = 2\n');
  });

  it('puts one blank after a comma inside a line', () => {
    expect(format('a = [1 ,2,    3]\n')).toBe('a = [1, 2, 3]\n');
  });

  it('removes blanks at line ends, keeps CRLF, ends with one line break', () => {
    expect(format('a = 1   \r\nb = 2\r\n\r\n\r\n')).toBe('a = 1\r\nb = 2\r\n');
    expect(format('a {\n  b = 1\n}')).toBe('a {\n  b = 1\n}\n');
  });

  it('leaves the inside of a """ string alone', () => {
    const text = 'a {\n  b = """first\n      second   \n"""\n}\n';
    expect(format(text)).toBe(text);
  });

  it("does not move blanks pyhocon reads as part of a value", () => {
    // pyparsing expands a tab by its column: nothing before it on its line moves.
    expect(format('a=foo\tbar\n  b=1\n')).toBe('a=foo\tbar\nb = 1\n');
    // `a//b` is one string to pyhocon: no comma goes between.
    expect(format('p = a//b\nq = 1\n', { commas: 'add' })).toBe('p = a//b\nq = 1\n');
    // A number at the very end without a line break is a string to pyhocon: the end stays.
    expect(format('a = 2 ')).toBe('a = 2 ');
    // A byte-order mark or a no-break space is not a blank to rewrite.
    expect(format('\ufeffa = 1\n\u00a0b = 2\n')).toBe('\ufeffa = 1\n\u00a0b = 2\n');
  });

  it('indents a value that continues on the next line one step more', () => {
    expect(format('a {\nb =\n"x"\n}\n')).toBe('a {\n  b =\n    "x"\n}\n');
  });

  it('formats only the lines of a range', () => {
    const text = 'a {\nb = 1\nc = 2\n}\n';
    const result = formatHocon(text, {}, { start: text.indexOf('c'), end: text.indexOf('c') + 1 });
    expect(result.ok && applyEdits(text, result.edits)).toBe('a {\nb = 1\n  c = 2\n}\n');
  });

  it('refuses a text that does not parse, saying where', () => {
    const result = formatHocon('a {\n  b = [1, 2\n}\n');
    expect(result.ok).toBe(false);
    expect(result.ok ? 0 : result.line).toBe(3);
    expect(result.ok ? '' : result.message).toMatch(/^Cannot format: /);
  });

  it('leaves the separators and commas of a JSON file as they are', () => {
    expect(format('{\n"a":1,\n"b": [1,2]\n}', { json: true, separator: '=', commas: 'omit' })).toBe('{\n  "a": 1,\n  "b": [1, 2]\n}\n');
  });
});
