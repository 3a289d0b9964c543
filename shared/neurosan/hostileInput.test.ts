import { describe, expect, it } from 'vitest';
import { memoryHost } from '../toolbox/testHost';
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
