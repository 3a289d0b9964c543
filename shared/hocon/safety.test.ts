import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { HoconError, parseHocon, printSyntax, resolveHocon, scan, toJson, toJsonText, type Diagnostic, type HoconValue, type IncludeHost } from './index';

const positioned = (d: Diagnostic) => d.line >= 1 && d.column >= 1 && d.range.start.offset <= d.range.end.offset;

/** Parsing and resolving arbitrary text: never throws, prints back exactly, every problem has a position. */
function checkAnyInput(text: string): void {
  const document = parseHocon(text);
  expect(printSyntax(document)).toBe(text);
  expect(scan(text).map((t) => t.text).join('')).toBe(text);
  expect(document.diagnostics.every(positioned)).toBe(true);
  const resolved = resolveHocon(text, { env: { HOME: '/home/x' } });
  expect(resolved.diagnostics.every(positioned)).toBe(true);
  if (resolved.ok) toJson(resolved.value);
}

const SAMPLE = `# toolbox
{
    "tool": {
        "class": "pkg.Tool",
        "description": """multi
line""",
        parameters { type = object, properties { q { type: string } }, required: [q] }
        args = ${'$'}{?defaults} { retries: 3 }
    }
    defaults { timeout = 30 }
    list += 1
    include "missing.conf"
}
`;

describe('robustness (fast-check)', () => {
  it('random HOCON-ish text never crashes, and every error has a position', () => {
    const alphabet = fc.constantFrom(...'{}[]:=,+#/"$?.\\ \t\nabc123-eE_\r\u00a0'.split(''), '"""', '${', '${?', 'include ', '//', 'true', 'null');
    fc.assert(
      fc.property(fc.array(alphabet, { maxLength: 80 }).map((parts) => parts.join('')), checkAnyInput),
      { numRuns: 2000 },
    );
  });

  it('mutations of a real-looking toolbox never crash, and every error has a position', () => {
    const mutation = fc.record({ at: fc.nat(SAMPLE.length), remove: fc.nat(8), insert: fc.string({ maxLength: 6 }) });
    fc.assert(
      fc.property(fc.array(mutation, { minLength: 1, maxLength: 4 }), (mutations) => {
        let text = SAMPLE;
        for (const m of mutations) {
          const at = Math.min(m.at, text.length);
          text = text.slice(0, at) + m.insert + text.slice(at + m.remove);
        }
        checkAnyInput(text);
      }),
      { numRuns: 1000 },
    );
  });
});

/**
 * What is wrong with a resolved value, if anything: a container inside itself (toJson would overflow the stack), or
 * something left unresolved (a substitution, concatenation or merge where a value should be).
 */
function malformed(value: HoconValue): string | undefined {
  const onPath = new Set<object>();
  const done = new Set<object>();
  const walk = (v: HoconValue, path: string): string | undefined => {
    if (v.kind !== 'object' && v.kind !== 'array') {
      return ['string', 'number', 'boolean', 'null'].includes(v.kind) ? undefined : `${path} is left unresolved (${v.kind})`;
    }
    if (onPath.has(v)) return `${path} contains itself`;
    if (done.has(v)) return undefined;
    onPath.add(v);
    const children = v.kind === 'object' ? Array.from({ length: v.fields.size }, (_, i) => [v.fields.keyAt(i), v.fields.valueAt(i)] as const) : v.elements.map((e, i) => [String(i), e] as const);
    for (const [key, child] of children) {
      const problem = walk(child, `${path}.${key}`);
      if (problem !== undefined) return problem;
    }
    onPath.delete(v);
    done.add(v);
    return undefined;
  };
  return walk(value, '(root)');
}

describe('the resolved value is a tree of plain values (fast-check)', () => {
  // Small random configurations full of substitutions (optional or not, into and out of the objects they are in),
  // `+=`, concatenations, path keys and keys set twice: whatever they say, and whatever is reported, the value has
  // nothing unresolved in it and never contains itself, so it converts to JSON.
  const key = fc.constantFrom('a', 'b', 'c');
  const path = fc.array(key, { minLength: 1, maxLength: 3 }).map((keys) => keys.join('.'));
  const substitution = fc.tuple(fc.boolean(), path).map(([optional, p]) => '${' + (optional ? '?' : '') + p + '}');
  const value: fc.Arbitrary<string> = fc.letrec((tie) => ({
    value: fc.oneof(
      { depthSize: 'small' },
      fc.constantFrom('1', '"s"', '[]', '{}'),
      substitution,
      fc.tuple(substitution, tie('value')).map(([s, v]) => `${s} ${v}`),
      fc.tuple(tie('value'), substitution).map(([v, s]) => `${v} ${s}`),
      fc.array(fc.tuple(path, tie('value')).map(([p, v]) => `${p} = ${v}`), { maxLength: 3 }).map((entries) => `{ ${entries.join(', ')} }`),
      fc.array(tie('value'), { maxLength: 2 }).map((elements) => `[${elements.join(', ')}]`),
    ),
  })).value;
  const entry = fc.oneof(
    fc.tuple(path, value).map(([p, v]) => `${p} = ${v}`),
    fc.tuple(path, value).map(([p, v]) => `${p} += ${v}`),
    fc.tuple(path, fc.array(fc.tuple(path, value).map(([p, v]) => `${p} = ${v}`), { maxLength: 3 })).map(([p, entries]) => `${p} { ${entries.join(', ')} }`),
  );

  it('random configurations with substitutions resolve to a value toJsonText converts', () => {
    fc.assert(
      fc.property(fc.array(entry, { minLength: 1, maxLength: 6 }), (entries) => {
        const text = entries.join('\n') + '\n';
        const result = resolveHocon(text);
        expect(result.diagnostics.every(positioned)).toBe(true);
        expect(malformed(result.value)).toBeUndefined();
        expect(() => toJsonText(result.value)).not.toThrow();
      }),
      { numRuns: 4000 },
    );
  });

  it('the cases it found', () => {
    for (const text of [
      'b.c.b = 7\na.a.b = ${a}\nb.a.a = ${?a.a}\n',
      'a.b.b = ${c.c}\nc.b = []\nc.c.c += ${?c}\n',
      'c = ${?a}\na.c = { a.b.c = ${c} ${c.b}, b.b = ${a} }\nc.c.c += { c = ${?b} }\n',
      'a.c += ${c.c}\na += ${?c.c}\nc.a.b = "s"\nc.c.a = [${?c} ${?c}]\nb = ${?c} ${c.b.b}\n',
      'x = ${y}\ny { a = ${nope} }\n',
    ]) {
      const result = resolveHocon(text);
      expect(malformed(result.value), text).toBeUndefined();
      expect(() => toJsonText(result.value)).not.toThrow();
    }
  });
});

describe('hostile input ends in a result or a positioned error', () => {
  it('100,000 levels of nesting', () => {
    for (const text of ['a = ' + '{a = '.repeat(100_000) + '1' + '}'.repeat(100_000), 'a = ' + '['.repeat(100_000) + ']'.repeat(100_000)]) {
      const result = resolveHocon(text);
      expect(result.ok).toBe(false);
      expect(result.diagnostics[0]?.message).toMatch(/Nesting deeper than/);
      expect(result.diagnostics.every(positioned)).toBe(true);
      expect(printSyntax(parseHocon(text))).toBe(text);
    }
  });

  it('a path key 100,000 segments long', () => {
    const text = 'a' + '.a'.repeat(100_000) + ' = 1\n';
    const result = resolveHocon(text);
    expect(result.diagnostics.every(positioned)).toBe(true);
    expect(() => toJson(result.value)).not.toThrow();
  });

  it('a key path nesting deeper than the limit is one error at its key, and only that entry is dropped', () => {
    // 100,000 segments (a 200 KB file) took neuro-san's reading 24 s and 4.3 GB (issue #27): both readings stop it.
    for (const [text, segments, line, column] of [
      [`ok = 1\na${'.a'.repeat(99_999)} = 1\nafter = 2\n`, 100_000, 2, 1],
      // 300 levels of braces and a path of 102 segments: 401 levels.
      [`ok = 1\n${'x { '.repeat(300)}\n  b${'.c'.repeat(101)} = [1]\n${'}'.repeat(300)}\nafter = 2\n`, 102, 3, 3],
    ] as const) {
      const result = resolveHocon(text);
      expect(result.diagnostics.map((d) => [d.line, d.column, d.message])).toEqual([[line, column, `Nesting deeper than 400 levels is not supported (a key path of ${segments.toLocaleString('en-US')} segments here)`]]);
      expect(toJson(result.value)).toMatchObject({ ok: 1, after: 2 });
      expect(JSON.stringify(toJson(result.value))).not.toContain('"c"');
    }
    // As deep as braces may nest: read.
    expect(toJson(resolveHocon(`a${'.a'.repeat(399)} = 1\n`).value)).toBeTruthy();
    expect(resolveHocon(`a${'.a'.repeat(399)} = 1\n`).diagnostics).toEqual([]);
  });

  // Four readings of 100,000 keys: seconds of work, more on a busy machine.
  it('more than 100,000 keys is one error at the key past the limit, and the file is not read further', { timeout: 120_000 }, () => {
    const keys = (n: number, prefix = 'k') => Array.from({ length: n }, (_, i) => `${prefix}${i} = ${i}`).join('\n') + '\n';
    for (const [text, line, column] of [
      [keys(100_001), 100_001, 1],
      [`tool { args {\n${keys(100_000)}} }\n`, 100_000, 1],
      // A key path counts each of its segments.
      [keys(99_999) + 'a.b = 1\n', 100_000, 1],
    ] as const) {
      const result = resolveHocon(text);
      expect(result.ok).toBe(false);
      expect(result.diagnostics.map((d) => [d.line, d.column, d.message])).toEqual([[line, column, 'More than 100,000 keys: Toolbox Editor reads files with up to that many, and stopped reading here']]);
      expect(result.value.fields.size).toBe(0);
    }
    expect(resolveHocon(keys(100_000)).diagnostics).toEqual([]);
  });

  it('a substitution chain 100,000 long', () => {
    const lines = ['a0 = 1'];
    for (let i = 1; i < 100_000; i++) lines.push(`a${i} = \${a${i - 1}}`);
    const result = resolveHocon(lines.reverse().join('\n'));
    expect(result.diagnostics.length).toBeGreaterThan(0);
    expect(result.diagnostics.every(positioned)).toBe(true);
  });

  it('exponential concatenation is stopped with a position', () => {
    const lines = ['s0 = "xx"', 'l0 = [1, 2]'];
    for (let i = 1; i <= 40; i++) lines.push(`s${i} = \${s${i - 1}}\${s${i - 1}}`, `l${i} = \${l${i - 1}} \${l${i - 1}}`);
    const result = resolveHocon(lines.join('\n'));
    expect(result.ok).toBe(false);
    expect(result.diagnostics.some((d) => /expand to more than/.test(d.message))).toBe(true);
    expect(result.diagnostics.every(positioned)).toBe(true);
  });

  it('shared values that would expand exponentially in JSON are stopped with a position', () => {
    const lines = ['a0 = [x, x]'];
    for (let i = 1; i <= 40; i++) lines.push(`a${i} = [\${a${i - 1}}, \${a${i - 1}}]`);
    const result = resolveHocon(lines.join('\n'));
    expect(result.ok).toBe(true);
    try {
      toJson(result.value, { maxNodes: 100_000 });
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(HoconError);
      expect((error as HoconError).diagnostic.line).toBeGreaterThan(0);
    }
  });

  it('substitution and include cycles are positioned errors', () => {
    const cycle = resolveHocon('a = ${b}\nb = ${c}\nc = ${a}\n');
    expect(cycle.ok).toBe(false);
    expect(cycle.diagnostics[0]).toMatchObject({ line: expect.any(Number), message: expect.stringMatching(/cycle/) });
    const files: Record<string, string> = { '/p/a.conf': 'include "b.conf"\nx = 1\n', '/p/b.conf': 'include "a.conf"\ny = 2\n' };
    const host: IncludeHost = { readFile: (path) => files[path] };
    const included = resolveHocon(files['/p/a.conf'] as string, { fileName: '/p/a.conf', host });
    expect(included.ok).toBe(false);
    expect(included.diagnostics.find((d) => /Include cycle/.test(d.message))).toMatchObject({ file: '/p/b.conf', line: 1, column: 1 });
  });

  it('a big object or list caught in a cycle, referred to many times, is not walked whole each time', () => {
    // Each `${big}` meets the cycle inside big again (a cycle depends on the route, so it is not memoized); big is
    // resolved further from where it stopped, not from its start (20,000 x 20,000 steps took 11 s).
    const n = 20_000;
    const refs = Array.from({ length: n }, (_, i) => `f${i} = \${big}`).join('\n');
    const members = Array.from({ length: n }, (_, i) => `${i}`);
    for (const big of [`big { ${members.map((m) => `a${m} = ${m}`).join(', ')}, z = \${big} }`, `big = [${members.join(', ')}, \${big}]`]) {
      const started = Date.now();
      const result = resolveHocon(refs + '\n' + big + '\n');
      expect(Date.now() - started).toBeLessThan(5_000);
      expect(result.diagnostics.map((d) => [d.line, d.message])).toEqual([[n + 1, 'Could not resolve substitution to a value: cycle of substitutions involving ${big}']]);
      // What is left: big itself (as an object, without z).
      expect([...result.value.fields.keys()]).toEqual(big.startsWith('big {') ? ['big'] : []);
    }
  });

  it('url() includes are never fetched while reading: said once, never looked for as a path', () => {
    const asked: string[] = [];
    const host = { readFile: (p: string) => (asked.push(p), undefined) };
    for (const include of ['include url("http://example.com/x.conf")', 'include "https://example.com/x.conf"']) {
      const result = resolveHocon(`${include}\n`, { host });
      expect(result.diagnostics.map((d) => [d.severity, d.message])).toEqual([['warning', `Include ${/"(.*)"/.exec(include)![1]}: not fetched here`]]);
    }
    expect(asked).toEqual([]);
    // What the host has (fetched beforehand, when the user allowed it) is read.
    const fetched = resolveHocon('include "https://example.com/x.conf"\nb = ${a}\n', { host: { readFile: () => undefined, readUrl: () => 'a = 1' } });
    expect(fetched.ok).toBe(true);
    expect(fetched.value.fields.value('b')).toMatchObject({ kind: 'number', value: 1 });
  });

  it('a 50 MB file parses and resolves', () => {
    const big = 'x'.repeat(1_000_000);
    const parts = ['# big\n'];
    for (let i = 0; i < 50; i++) parts.push(`k${i} = "${big}" # comment\n`);
    const text = parts.join('');
    expect(text.length).toBeGreaterThan(50_000_000);
    const result = resolveHocon(text);
    expect(result.ok).toBe(true);
    expect(result.value.fields.size).toBe(50);
  });

  // Three 10 MB texts: seconds of work, more on a busy machine.
  it('more than 5,000,000 values, in a list left open or closed, is one positioned error (memory stays bounded)', { timeout: 120_000 }, () => {
    const values = '1,'.repeat(5_000_001);
    // Left open (the one-pass reader hands the entry to the parser), closed (the reader's own count), after a
    // substitution (the entry parser's count).
    for (const text of [`a = [${values}`, `a = [${values}]\n`, `a = \${?x} [${values}]\n`]) {
      const result = resolveHocon(text);
      expect(result.ok).toBe(false);
      // The list and a substitution before it are values too: the error is at the 5,000,001st value.
      const valuesBefore = text.includes('$') ? 2 : 1;
      const at = text.indexOf('[') + 1 + 2 * (5_000_000 - valuesBefore);
      expect(result.diagnostics.map((d) => [d.message, d.line, d.column])).toEqual([
        ['More than 5,000,000 values: Toolbox Editor reads files with up to that many, and stopped reading here', 1, at + 1],
      ]);
    }
  });

  it('entries handed over inside entries handed over are not read again and again (one pass stays linear)', () => {
    // Every level's value is an object followed by text (a concatenation): each level is handed to the builder,
    // which would read the big inner list once per level; past the text's length the general path reads it once.
    let text = 'a = [' + '1, '.repeat(100_000) + '1] x';
    for (let i = 0; i < 390; i++) text = 'a = { ' + text + ' } x';
    const started = Date.now();
    const result = resolveHocon(text);
    expect(Date.now() - started).toBeLessThan(5_000);
    expect(result.diagnostics.every(positioned)).toBe(true);
    expect(result.diagnostics.length).toBe(1); // the list and the text cannot be joined
  });
});
