import { describe, expect, it } from 'vitest';
import { memoryHost } from '../toolbox/testHost';
import { ParsedIncludes } from '../hocon/index';
import { readAsNeuroSan, resolveFileAsNeuroSan, type NeuroSanReading, type PyhoconIncludeHost } from './index';

// Names every JavaScript object inherits: the reading must treat them as any other name (issue #18).
const BUILT_IN_NAMES = ['constructor', '__proto__', 'toString', 'hasOwnProperty'];

function read(text: string, env: Record<string, string | undefined> = {}, files: Map<string, string> = new Map()): NeuroSanReading {
  const host: PyhoconIncludeHost = { readFile: (path) => files.get(path) };
  return readAsNeuroSan(text, { file: '/p/tb.hocon', cwd: '/p', host, env });
}

function valueOf(reading: NeuroSanReading): unknown {
  if (!reading.ok) throw new Error(`${reading.failure.type}: ${reading.failure.cause}`);
  return reading.value;
}

describe("neuro-san's reading finds only what the file and the environment hold", () => {
  it.each(BUILT_IN_NAMES)('reads %s as a key, a path part and a substitution path like any name', (name) => {
    const text = `${name} = 1\nobj { ${name} { deep = "d" } }\nuse = \${${name}}\npath = \${obj.${name}.deep}\n`;
    const reading = read(text);
    const value = valueOf(reading) as Record<string, unknown>;
    expect(Object.hasOwn(value, name)).toBe(true);
    expect(value[name]).toBe(1);
    expect(value.use).toBe(1);
    expect(value.path).toBe('d');
    const obj = value.obj as Record<string, unknown>;
    expect(Object.hasOwn(obj, name)).toBe(true);
    expect(obj[name]).toEqual({ deep: 'd' });
    expect(reading.ok && reading.jsonText()).toBe(`{"${name}":1,"obj":{"${name}":{"deep":"d"}},"use":1,"path":"d"}`);
  });

  it.each(BUILT_IN_NAMES)("fails on an undefined ${%s} as pyhocon does, at the substitution, leaking no built-in", (name) => {
    // An environment object inherits the names too (process.env does).
    const reading = read(`tool {\n  class = \${${name}}\n}\n`, { HOME: '/home/x' });
    expect(reading.ok).toBe(false);
    if (reading.ok) return;
    expect(reading.failure).toMatchObject({
      type: 'ConfigMissingException',
      message: 'There was an error loading toolbox_info file "/p/tb.hocon".',
      cause: `'No configuration setting found for key ${name}'`,
      hint: `Cannot resolve variable \${${name}} (line: 2, col: 11)`,
      line: 2,
      column: 11,
    });
  });

  it.each(BUILT_IN_NAMES)('leaves out an optional ${?%s} that nothing defines', (name) => {
    expect(valueOf(read(`a = \${?${name}}\nb = [\${?${name}}]\nc = "x"\n`))).toEqual({ b: [null], c: 'x' });
  });

  it.each(BUILT_IN_NAMES)('reads ${%s} from the environment when it holds that variable', (name) => {
    const env = Object.defineProperty({}, name, { value: 'from env', enumerable: true });
    expect(valueOf(read(`a = \${${name}}\n`, env))).toEqual({ a: 'from env' });
    // A key referring to itself looks in the environment too (pyhocon's self-reference fix-up).
    expect(valueOf(read(`${name} = \${${name}}\n`, env))).toEqual({ [name]: 'from env' });
    expect(valueOf(read(`${name} = \${?${name}}\nb = 2\n`))).toEqual({ b: 2 });
  });
});

describe("neuro-san's reading spends from the include budget of a reading", () => {
  // 5 files of 10 includes each: 10^4 include statements, past the 1,000 a reading may apply.
  const files = new Map<string, string>();
  for (let i = 0; i < 5; i++) {
    const body = i < 4 ? Array.from({ length: 10 }, (_, j) => `k${j} { include "bomb${i + 1}.conf" }`) : ['v = 1'];
    files.set(`/p/bomb${i}.conf`, body.join('\n') + '\n');
  }

  it('stops an include bomb at the include limit, at the include past it', () => {
    const reading = read('include "bomb0.conf"\ntool { class = "a.B" }\n', {}, files);
    expect(reading.ok).toBe(false);
    if (reading.ok) return;
    expect(reading.failure.type).toBe('IncludeLimit');
    expect(reading.failure.cause).toBe('Include limit reached: more than 1000 includes in one reading; the reading stopped at this include');
    expect(reading.failure.span?.file).toMatch(/^\/p\/bomb\d\.conf$/);
    expect(reading.failure.line).toBeGreaterThanOrEqual(1);
  });

  it("says the limit in the app's words where the editor shows the reading", () => {
    const host = memoryHost({ '/p/tb.hocon': 'include "bomb0.conf"\n', ...Object.fromEntries(files) });
    const resolved = resolveFileAsNeuroSan('/p/tb.hocon', { host, cwd: '/p' });
    expect(resolved.ok).toBe(false);
    expect(resolved.diagnostics).toHaveLength(1);
    expect(resolved.diagnostics[0]!.message).toBe('Include limit reached: more than 1000 includes in one reading; the reading stopped at this include');
    expect(resolved.diagnostics[0]!.file).toMatch(/^\/p\/bomb\d\.conf$/);
  });

  it('reads a file included many times within the limit', () => {
    const text = Array.from({ length: 100 }, (_, i) => `k${i} { include "leaf.conf" }`).join('\n') + '\n';
    const value = valueOf(read(text, {}, new Map([['/p/leaf.conf', 'v = 1\n']]))) as Record<string, unknown>;
    expect(Object.keys(value)).toHaveLength(100);
    expect(value.k99).toEqual({ v: 1 });
  });
});

describe("neuro-san's reading of files nested too deep or with too many keys", () => {
  // pyhocon puts `a.b.c = 1` one segment per recursive call: Python's recursion limit (1000 calls) stops it. A path
  // of 100,000 segments took 24 s and 4.3 GB, then the API thread ran out of memory (issue #27).
  const path = (segments: number) => 'a' + '.a'.repeat(segments - 1);

  it('reads a key path as long as pyhocon can put it', () => {
    let value = valueOf(read(`${path(983)} = 1\n`));
    for (let i = 0; i < 983; i++) value = (value as Record<string, unknown>).a;
    expect(value).toBe(1);
  });

  it.each([984, 100_000])('fails on a key path of %i segments with RecursionError at the key, as neuro-san', (segments) => {
    const reading = read(`ok = 1\n${path(segments)} = 1\n`);
    expect(reading.ok).toBe(false);
    if (reading.ok) return;
    expect(reading.failure).toMatchObject({ type: 'RecursionError', message: 'maximum recursion depth exceeded', cause: 'maximum recursion depth exceeded', line: 2, column: 1 });
    expect(reading.failure.hint).toBe(`a key path of ${segments} segments is deeper than the 983 levels Python's recursion limit leaves pyhocon`);
  });

  it('counts the levels around a key path, and its other forms (a list, +=)', () => {
    for (const text of [`tool {\n  ${path(983)} = 1\n}\n`, `${path(984)} = [1]\n`, `${path(984)} += 1\n`]) {
      const reading = read(text);
      expect(reading.ok ? 'read' : [reading.failure.type, reading.failure.line]).toEqual(['RecursionError', text.startsWith('tool') ? 2 : 1]);
    }
  });

  it('fails on objects or lists nested past what pyhocon can parse, at the level past it', () => {
    for (const text of ['a = ' + '{a = '.repeat(100_000) + '1' + '}'.repeat(100_000), 'a = ' + '['.repeat(100_000) + ']'.repeat(100_000)]) {
      const reading = read(text);
      expect(reading.ok).toBe(false);
      if (reading.ok) return;
      expect(reading.failure).toMatchObject({ type: 'RecursionError', line: 1 });
      // The root is the first level: the 200th brace or bracket opens the 201st.
      expect(reading.failure.column).toBe(text.startsWith('a = {') ? 4 + 5 * 199 + 1 : 4 + 199 + 1);
      expect(reading.failure.hint).toMatch(/nested more than 200 levels deep/);
    }
  });

  it('fails on an included file by how deep it is included, when another reading kept its parse', () => {
    // A project's reader keeps what it parsed of an included file (keptIncludes.ts): a file read at the top level must
    // not serve an include of it 60 levels deeper, where pyhocon goes past the recursion limit.
    const files = new Map([['/p/deep.conf', 'x = ' + '{x = '.repeat(150) + '1' + '}'.repeat(150) + '\n']]);
    const host: PyhoconIncludeHost = { readFile: (p) => files.get(p), parsedIncludes: new ParsedIncludes() };
    const readWith = (text: string) => readAsNeuroSan(text, { file: '/p/tb.hocon', cwd: '/p', host, env: {} });
    expect(readWith('include "deep.conf"\n').ok).toBe(true);
    const deeper = readWith('a = ' + '{a = '.repeat(60) + '{ include "deep.conf" }' + '}'.repeat(60) + '\n');
    expect(deeper.ok ? 'read' : deeper.failure.type).toBe('RecursionError');
  });

  it('stops at the key past MAX_KEYS, in the words of the specification\'s reading', () => {
    const keys = Array.from({ length: 100_001 }, (_, i) => `k${i} = ${i}`).join('\n') + '\n';
    for (const [text, line] of [[keys, 100_001], [`tool { args {\n${keys}} }\n`, 100_000]] as const) {
      const reading = read(text);
      expect(reading.ok).toBe(false);
      if (reading.ok) return;
      expect(reading.failure).toMatchObject({ type: 'KeyLimit', line, column: 1 });
      expect(reading.failure.cause).toBe('More than 100,000 keys: Toolbox Editor reads files with up to that many, and stopped reading here');
      const host = memoryHost({ '/p/tb.hocon': text });
      expect(resolveFileAsNeuroSan('/p/tb.hocon', { host, cwd: '/p' }).diagnostics.map((d) => [d.line, d.message])).toEqual([[line, reading.failure.cause]]);
    }
  });
});
