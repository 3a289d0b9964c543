import { describe, expect, it } from 'vitest';
import { defaultWorkingDirectory, readAsNeuroSan, type NeuroSanReading, type PyhoconIncludeHost } from './index';

/** Reads `text` as neuro-san would read `/project/toolbox_info.hocon` run in /project. */
function read(text: string, options: { files?: Record<string, string>; cwd?: string; file?: string; env?: Record<string, string> } = {}): NeuroSanReading {
  const files = options.files ?? {};
  const host: PyhoconIncludeHost = { readFile: (path) => files[path] };
  return readAsNeuroSan(text, { file: options.file ?? '/project/toolbox_info.hocon', cwd: options.cwd ?? '/project', host, env: options.env ?? {} });
}

function value(text: string, options?: Parameters<typeof read>[1]): unknown {
  const reading = read(text, options);
  if (!reading.ok) throw new Error(`${reading.failure.type}: ${reading.failure.cause}`);
  return reading.value;
}

function failure(text: string, options?: Parameters<typeof read>[1]) {
  const reading = read(text, options);
  if (reading.ok) throw new Error(`read as ${JSON.stringify(reading.value)}`);
  return reading.failure;
}

describe("neuro-san's reading (pyhocon 0.3.61, then a JSON round trip)", () => {
  it('drops the blanks before a substitution in a concatenation, keeps those after a quoted string or a substitution', () => {
    expect(value('x = X\na = """Looks up""" ${x}')).toMatchObject({ a: 'Looks upX' });
    expect(value('x = X\na = "Looks up" ${x}')).toMatchObject({ a: 'Looks up X' });
    expect(value('x = X\na = ${x} "after"')).toMatchObject({ a: 'X after' });
    expect(value('x = X\na = ${x}')).toMatchObject({ a: 'X' });
  });

  it('expands tabs to the next multiple of eight columns, inside strings too', () => {
    expect(value('a = "x\ty"')).toEqual({ a: 'x  y' });
    expect(value('description = """one\n\ttwo"""')).toEqual({ description: 'one\n        two' });
  });

  it('keeps the quotes of a quoted key holding a special character, and reads a path in no quoted key', () => {
    expect(value('"gpt-4.1" { a = 1 }')).toEqual({ '"gpt-4.1"': { a: 1 } });
    expect(value('"foo.bar" = 37')).toEqual({ '"foo.bar"': 37 });
    expect(value('"plain" = 1')).toEqual({ plain: 1 });
    expect(value('a.b.c = 1')).toEqual({ a: { b: { c: 1 } } });
  });

  it('types unquoted words its own way', () => {
    expect(value('a = True\nb = FALSE\nc = yes\nd = no\ne = .33\nf = +5\ng = NULL')).toEqual({ a: true, b: false, c: 'yes', d: 'no', e: 0.33, f: 5, g: null });
    expect(value('a = true xyz 123 foo')).toEqual({ a: 'Truexyz 123 foo' });
    expect(value('a = 1.5 seconds')).toEqual({ a: '1.5 seconds' });
  });

  it('starts a comment only where a value could start: a//b is one string', () => {
    expect(value('p = a//b\nq = a // b')).toEqual({ p: 'a//b', q: 'a' });
    expect(value('url = http://example.com/x')).toEqual({ url: 'http://example.com/x' });
  });

  it('keeps \\u escapes undecoded and decodes the others it knows', () => {
    expect(value('s = "caf\\u00e9"\nt = "a\\tb\\nc\\/"')).toEqual({ s: 'caf\\u00e9', t: 'a\tb\nc\\/' });
  });

  it('leaves null in a list for an unset optional substitution, and removes a key set to one', () => {
    expect(value('a = ["x", ${?NOT_SET}, "y"]\nb = ${?NOT_SET}\nc = 3')).toEqual({ a: ['x', null, 'y'], c: 3 });
    // pyhocon asks whether the element's index is among the elements: here it is (1), and the element goes.
    expect(value('a = [1, ${?NOT_SET}, 2]')).toEqual({ a: [1, 2] });
    expect(value('a = ${?HOME_X}', { env: { HOME_X: '/home/x' } })).toEqual({ a: '/home/x' });
  });

  it('drops empty strings from lists', () => {
    expect(value('a = ["", x, ]')).toEqual({ a: ['x'] });
  });

  it('fails on durations and periods, which JSON cannot write, at the value', () => {
    const seconds = failure('ok = 1\ntimeout = 10 seconds');
    expect(seconds).toMatchObject({ type: 'TypeError', message: 'Object of type relativedelta is not JSON serializable', line: 2, column: 11 });
    expect(failure('t = 10 ms')).toMatchObject({ type: 'TypeError', cause: 'Object of type timedelta is not JSON serializable' });
    expect(value('t = "10 seconds"')).toEqual({ t: '10 seconds' });
  });

  it('fails on a byte-order mark, in the restorer and pyparsing words', () => {
    expect(failure('\ufeffa = 1')).toMatchObject({
      type: 'ParseException',
      message: 'There was an error loading toolbox_info file "/project/toolbox_info.hocon".',
      cause: "Expected end of text, found '\ufeff'  (at char 0), (line:1, col:1)",
      line: 1,
      column: 1,
    });
  });

  it('refuses a file whose name does not end in .hocon or .json', () => {
    expect(failure('a = 1', { file: '/project/tools.conf' })).toMatchObject({ message: 'File reference /project/tools.conf must be a .json or .hocon file' });
    expect(value('a = 1', { file: '/project/tools.json' })).toEqual({ a: 1 });
  });

  it('crashes where pyhocon crashes, and accepts what it accepts', () => {
    expect(failure('a = [], a += x')).toMatchObject({ type: 'AttributeError', cause: "'bool' object has no attribute 'count'" });
    // A number needs a delimiter after it: `2` at the end is a number (and += then replaces), `2 ` a string.
    expect(value('a = [], a += 2')).toEqual({ a: 2 });
    expect(failure('a = [], a += 2 ')).toMatchObject({ type: 'AttributeError' });
    expect(failure('a = 42, a { c = 2 }')).toMatchObject({ type: 'ConfigWrongTypeException', cause: 'Cannot concatenate the list a: ConfigTree([(\'c\', 2)]) to 42 of int' });
    expect(value('a = 1,,\n,b = 2')).toEqual({ a: 1, b: 2 });
    expect(failure('a = ${missing}')).toMatchObject({ type: 'ConfigMissingException', cause: "'No configuration setting found for key missing'", line: 1, column: 5 });
    expect(failure('a { b = 1')).toMatchObject({ type: 'IndexError', cause: 'string index out of range' });
  });

  it('finds a top-level include in the working directory and an include inside it next to the included file', () => {
    const files = {
      '/project/shared.hocon': 'include "more/deeper.hocon"\nshared_tool { class = "x.y.Z" }',
      '/project/more/deeper.hocon': 'deeper_tool { class = "d.e.F" }',
      '/project/registries/shared.hocon': 'wrong = 1',
    };
    const reading = read('include "shared.hocon"\nmine { class = "a.b.C" }', { file: '/project/registries/toolbox.hocon', files });
    expect(reading.ok && reading.value).toEqual({ deeper_tool: { class: 'd.e.F' }, shared_tool: { class: 'x.y.Z' }, mine: { class: 'a.b.C' } });
    expect(reading.includes.map((i) => [i.target, i.path, i.found, i.dependsOnCwd])).toEqual([
      ['shared.hocon', '/project/shared.hocon', true, true],
      ['more/deeper.hocon', '/project/more/deeper.hocon', true, false],
    ]);
    expect(reading.dependsOnCwd).toBe(true);
    const elsewhere = read('include "shared.hocon"\nmine = 1', { file: '/project/registries/toolbox.hocon', files, cwd: '/project/registries' });
    expect(elsewhere.ok && elsewhere.value).toEqual({ wrong: 1, mine: 1 });
  });

  it('skips a missing include, fails on a missing required one', () => {
    expect(value('include "nope.hocon"\na = 1')).toEqual({ a: 1 });
    expect(failure('include required("nope.hocon")\na = 1')).toMatchObject({ type: 'FileNotFoundError', cause: "[Errno 2] No such file or directory: 'nope.hocon'" });
  });

  it('points each value at the text it came from', () => {
    const text = 'x = X\ntools {\n  search {\n    description = """Looks up""" ${x}\n  }\n}';
    const reading = read(text);
    expect(reading.ok).toBe(true);
    if (!reading.ok) return;
    const origin = reading.origins.get('/tools/search/description')!;
    expect(text.slice(origin.key!.start, origin.key!.end)).toBe('description');
    expect(text.slice(origin.value!.start, origin.value!.end)).toBe('"""Looks up""" ${x}');
    expect(reading.jsonText()).toBe('{"x":"X","tools":{"search":{"description":"Looks upX"}}}');
  });

  it('keeps integers exact and floats as Python writes them', () => {
    const reading = read('big = 9223372036854775807\nf = 1.0\ne = 1e20');
    expect(reading.ok && reading.jsonText()).toBe('{"big":9223372036854775807,"f":1.0,"e":1e+20}');
  });

  it('takes the nearest folder upward holding registries/ as the working directory, else the file folder', () => {
    const folders = new Set(['/work/proj/registries']);
    expect(defaultWorkingDirectory('/work/proj/registries/tools/tb.hocon', (p) => folders.has(p))).toBe('/work/proj');
    expect(defaultWorkingDirectory('/elsewhere/tb.hocon', (p) => folders.has(p))).toBe('/elsewhere');
  });

  it('stops with a failure, not a hang, on substitutions that would copy an enormous tree', () => {
    const lines = ['a0 = [1, 2]', ...Array.from({ length: 40 }, (_, i) => `a${i + 1} = [\${a${i}}, \${a${i}}]`)];
    expect(failure(lines.join('\n'))).toMatchObject({ type: 'MemoryError' });
  });
});
