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
    const text = 'tools {\n   # the first\n      web {\nclass = "a.B"   # why\n  args = [\n1,\n    2\n]\n   }\n}\n';
    expect(format(text, { indent: 2 })).toBe('tools {\n  # the first\n  web {\n    class = "a.B"   # why\n    args = [\n      1,\n      2\n    ]\n  }\n}\n');
  });

  it('indents with tabs or a number of spaces when told', () => {
    expect(format('a {\nb = 1\n}\n', { indent: 'tab' })).toBe('a {\n\tb = 1\n}\n');
    expect(format('a {\nb = 1\n}\n', { indent: 4 })).toBe('a {\n    b = 1\n}\n');
    expect(format('a {\n  b {\n    c = 1\n  }\n}\n', { indent: 4 })).toBe('a {\n    b {\n        c = 1\n    }\n}\n');
  });

  it('keeps the indentation the text uses: 4 spaces, 3 spaces, tabs', () => {
    const four = '{\n    "web": {\n        "class": "a.B",\n        "args": {\n            "k": 1\n        }\n    }\n}\n';
    expect(format(four)).toBe(four);
    const three = 'a {\n   b {\n      c = 1\n   }\n}\n';
    expect(format(three)).toBe(three);
    const tabs = 'a {\n\tb {\n\t\tc = 1\n\t}\n}\n';
    expect(format(tabs)).toBe(tabs);
  });

  it('re-indents the lines that do not follow the indentation most of the text uses', () => {
    const text = 'a {\n    b = 1\n    c {\n      d = 2\n    }\n    e {\n        f = 3\n    }\n    g {\n        h = 4\n    }\n}\n';
    expect(format(text)).toBe('a {\n    b = 1\n    c {\n        d = 2\n    }\n    e {\n        f = 3\n    }\n    g {\n        h = 4\n    }\n}\n');
  });

  it('indents a text that shows no indentation of its own by 2 spaces', () => {
    expect(format('a {\nb = 1\n}\n')).toBe('a {\n  b = 1\n}\n');
  });

  it("keeps the root's braces from indenting where the text's do not", () => {
    const text = '{\n"a": {\n  "b": 1\n},\n"c": 2,\n"d": 3\n}\n';
    expect(format(text)).toBe(text);
    expect(format('{\n"a": {\n  "b": 1\n},\n"c": 2,\n  "d": 3\n}\n')).toBe(text);
  });

  it('counts brackets opened on one line as one level', () => {
    const text = 'tools = [{\n    name = "a"\n}, {\n    name = "b"\n}]\n';
    expect(format(text)).toBe(text);
  });

  it('leaves a comment at the left margin there, and a comment block its shape', () => {
    const text = 'a {\n    b = 1\n#    c = 2\n\n      # List:\n      #   - one\n    d = 3\n}\n';
    expect(format(text)).toBe('a {\n    b = 1\n#    c = 2\n\n    # List:\n    #   - one\n    d = 3\n}\n');
    // A line of the block already where its nesting puts it stays there.
    expect(format('a {\n    b = 1\n   # first\n    # second\n}\n')).toBe('a {\n    b = 1\n    # first\n    # second\n}\n');
  });

  it('moves lines lined up inside brackets with the line that opened them', () => {
    const text = 'a {\n  b {\n      tools = ["x", "y",\n               "z"]\n  }\n}\n';
    expect(format(text)).toBe('a {\n  b {\n    tools = ["x", "y",\n             "z"]\n  }\n}\n');
  });

  it('leaves a line that starts a """ string where it is, with its text', () => {
    const text = 'a {\n  b {\n    c =\n"""\ntext\n"""\n  }\n}\n';
    expect(format(text)).toBe(text);
  });

  it('writes the blanks around separators and after commas as most of the text does', () => {
    expect(format('a=1\nb=2\nc = 3\n')).toBe('a=1\nb=2\nc=3\n');
    expect(format('a = 1\nb = 2\nc=3\n')).toBe('a = 1\nb = 2\nc = 3\n');
    expect(format('"a" : 1\n"b" : 2\n"c": 3\n')).toBe('"a" : 1\n"b" : 2\n"c" : 3\n');
    expect(format('a = ["x","y"]\nb = ["z","w"]\nc = [1, 2]\n')).toBe('a = ["x","y"]\nb = ["z","w"]\nc = [1,2]\n');
  });

  it('keeps the blanks that line values up', () => {
    const text = 'p {\n  "backend":     "json",\n  # why\n  "folder_name": "m",\n  "file":        "x"\n}\n';
    expect(format(text)).toBe(text);
  });

  it('writes the chosen separator with the blanks the text uses around it', () => {
    expect(format('a = 1\nb :2\nc += 3\nd{\n}\n', { separator: '=' })).toBe('a = 1\nb = 2\nc += 3\nd {\n}\n');
    expect(format('a=1\nb :2\n', { separator: '=' })).toBe('a=1\nb=2\n');
    expect(format('a=1\nb = 2\n', { separator: ':' })).toBe('a: 1\nb: 2\n');
    expect(format('a = 1\nb :2\nc: 3\nd: 4\n')).toBe('a = 1\nb: 2\nc: 3\nd: 4\n');
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

  it('removes blanks at line ends and ends with one line break only when told, keeping CRLF', () => {
    const text = 'a = 1   \r\n  \r\nb = 2\r\n\r\n\r\n';
    expect(format(text)).toBe(text);
    expect(format(text, { trimTrailingWhitespace: true, finalNewline: true })).toBe('a = 1\r\n\r\nb = 2\r\n');
    expect(format('a {\n  b = 1\n}')).toBe('a {\n  b = 1\n}');
    expect(format('a {\n  b = 1\n}', { finalNewline: true })).toBe('a {\n  b = 1\n}\n');
  });

  it('leaves the inside of a """ string alone', () => {
    const text = 'a {\n  b = """first\n      second   \n"""\n}\n';
    expect(format(text)).toBe(text);
  });

  it("does not move blanks pyhocon reads as part of a value", () => {
    // pyparsing expands a tab by its column: nothing before it on its line moves, nor what is lined up under it.
    expect(format('a=foo\tbar\n  b = 1\n')).toBe('a=foo\tbar\nb = 1\n');
    expect(format('x {\n  y {\n   t = [a\tb,\n        c]\n  }\n}\n')).toBe('x {\n  y {\n   t = [a\tb,\n        c]\n  }\n}\n');
    // `a//b` is one string to pyhocon: no comma goes between.
    expect(format('p = a//b\nq = 1\n', { commas: 'add' })).toBe('p = a//b\nq = 1\n');
    // A number at the very end without a line break is a string to pyhocon: the end stays.
    expect(format('a = 2 ', { trimTrailingWhitespace: true, finalNewline: true })).toBe('a = 2 ');
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
    expect(format('{\n  "a":1,\n  "b": [1, 2]\n}', { json: true, separator: '=', commas: 'omit' })).toBe('{\n  "a": 1,\n  "b": [1, 2]\n}');
  });
});
