import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { readPlainDocument } from './plainDocument';
import { resolveGeneral, resolveHocon, resolveInOnePass, type ResolveOptions } from './resolve';
import { SourceText } from './textPosition';
import { dumpValue } from './dumpValue';
import { toJson, toJsonText } from './toJson';

/** The fast path either gives up or gives exactly what the general path gives, which then has no diagnostic. */
function checkPlainAgrees(text: string, name = '<input>'): boolean {
  const source = new SourceText(name, text);
  const plain = readPlainDocument(source);
  if (plain === undefined) return false;
  const general = resolveGeneral(source, 'hocon', {});
  expect(general.diagnostics).toEqual([]);
  expect(dumpValue(plain)).toEqual(dumpValue(general.value));
  return true;
}

/**
 * The one-pass reader with entries handed to the builder either gives up (a syntax problem) or gives exactly what
 * the general path gives: values, diagnostics, files read, syntax tree.
 */
function checkOnePassAgrees(text: string, options: ResolveOptions = {}): boolean {
  const source = new SourceText(options.fileName ?? '<input>', text);
  const one = resolveInOnePass(source, options);
  if (one === undefined) return false;
  const general = resolveGeneral(source, 'hocon', options);
  expect(dumpValue(one.value)).toEqual(dumpValue(general.value));
  expect(one.diagnostics).toEqual(general.diagnostics);
  expect(one.ok).toBe(general.ok);
  expect(one.sources.map((s) => s.name)).toEqual(general.sources.map((s) => s.name));
  expect(one.syntax).toEqual(general.syntax);
  return true;
}

/** In-memory files for includes. */
function hostOf(files: Record<string, string>): ResolveOptions['host'] {
  return { readFile: (path) => files[path] };
}

const PLAIN = `# toolbox
{
    # a comment
    "tool": {
        "class": "pkg.Tool",
        "description": """multi
"line" """,
        // another
        parameters { type = object, properties { q { type: string, "e\\u0041\\n": "x\\ty" } }, required: [q, 1, 2.5, -3e2, true, false, null] }
        args = { retries: 3, nested: [[], [{}], { a: [ 1
          2 ,
          3 ] }] }
        empty: {}
        "": ""
    },
    other = { x = 1 }
    ,
    "key with spaces" : 12345678901234567890
}
`;

describe('plain-document fast path', () => {
  it('reads a plain toolbox exactly as the general path does', () => {
    expect(checkPlainAgrees(PLAIN)).toBe(true);
    expect(checkPlainAgrees('a = 1\nb : "x", c { d = [1] }\n')).toBe(true);
    expect(checkPlainAgrees('')).toBe(true);
    expect(checkPlainAgrees('{}')).toBe(true);
    expect(checkPlainAgrees('\uFEFF# bom\n{ "a": 1 }\n')).toBe(true);
  });

  it('reads every kind of scalar (escapes, triple quotes, 1.0, -0, 1e400, integers beyond 2^53, a comment before a value) as the general path does', () => {
    const text = [
      'a = "q\\"uoted", b = bare-word, c = """tri"ple""", d = 1.0, e = -0, f = 12345678901234567890',
      'g = 1e400, h = 0.5, i = true, j = null, k : false',
      'l =',
      '  # a comment between',
      '  "after lines"',
      'm { n = 2, o = [1, "x"] }',
    ].join('\n');
    const source = new SourceText('<input>', text);
    const plain = readPlainDocument(source)!;
    const resolved = resolveGeneral(source, 'hocon', {});
    expect(resolved.diagnostics).toEqual([]);
    const general = resolved.value;
    expect(toJson(plain, { exactBigIntegersAsStrings: true })).toEqual(toJson(general, { exactBigIntegersAsStrings: true }));
    expect(toJsonText(plain)).toBe(toJsonText(general));
    expect(dumpValue(plain)).toEqual(dumpValue(general));
  });

  it('gives up on everything that needs the general path', () => {
    const cases = [
      'a.b = 1',
      'a = 1\na = 2',
      'a { x = 1 }\na { y = 2 }',
      'a = ${b}\nb = 1',
      'a = ${?b}',
      'a += 1',
      'a = foo bar',
      'a = [1] [2]',
      'a = { x: 1 } { y: 2 }',
      'a { x: 1 } { y: 2 }',
      'include "x.conf"',
      'a = [include]',
      'a b = 1',
      '1 = x',
      'a = "unterminated',
      'a = 1,,b = 2',
      '{ a = 1 } x',
      '[1, 2]',
      'a = ',
      'a = 1 }',
      '{ a = 1',
      'a = [1, 2',
      'a = ?',
      'a = "\\q"',
      'a = ' + '{a = '.repeat(500) + '1' + '}'.repeat(500),
    ];
    for (const text of cases) expect(checkPlainAgrees(text), text).toBe(false);
  });

  it('resolveHocon on a plain document: no diagnostics, sources, and the syntax tree on demand', () => {
    const result = resolveHocon(PLAIN, { fileName: 'x.hocon' });
    expect(result.ok).toBe(true);
    expect(result.diagnostics).toEqual([]);
    expect(result.sources.map((s) => s.name)).toEqual(['x.hocon']);
    expect(result.syntax?.root.kind).toBe('object');
    expect(result.syntax?.source).toBe(result.sources[0]);
    expect(result.syntax).toBe(result.syntax);
    expect(result.value.source).toBe(result.sources[0]);
  });

  it('hands entries that need the general machinery to the builder, exactly as the general path builds them', () => {
    const host = hostOf({
      '/p/inc.conf': 'x = 1\ny = ${x}\nz = ${?top}\nlist += 3\nbad = ${nowhere}\n',
      '/p/more.conf': 'include "inc.conf"\nm { n = [${x}] }\n',
      '/p/broken.conf': 'oops = {\n',
    });
    const cases = [
      'a.b = 1',
      'a = 1\na = 2',
      'a { x = 1 }\na { y = 2 }',
      'a { x = 1 }\na.y = ${a.x}',
      'a = ${b}\nb = 1',
      'a = ${?b}',
      'a = ${b}\nb = ${a}',
      'a = ${?b}\nb = ${?a}',
      'a += 1\na += 2',
      'a = [1]\na += 2',
      'a = foo bar',
      'a = [1] [2]',
      'a = { x: 1 } { y: 2 }',
      'a = { x: ${b} } { y: 2 }\nb = 3',
      'a = [ { b = ${c}, d.e = 1 } ] [ 4 ]\nc = 5',
      'a = [ { b += 1 } ]',
      'a = [include]',
      'a = [include "x"]',
      'a b = 1',
      '1 = x',
      '1.5 = x',
      '"a.b" = 1\na.b = 2',
      't { u { v = ${t.w}, w = 1, v = ${t.u.v} x } }',
      'path = ${HOME}',
      'a = ${b.c}\nb { c = 1 }\nb { c = ${?b.d}, d = 2 }',
      '{ a = 1, a = ${a} }',
      'include "inc.conf"\nlist = [1, 2]\ntop = 9',
      'sub { include "inc.conf" }\ntop = 9',
      'sub { include required("missing.conf") }',
      'sub { include "missing" }',
      'k = [ { include "inc.conf" } ]',
      'include "more.conf"',
      'include "broken.conf"',
      'include url("http://x")',
      'a = { include "inc.conf" } { q = 1 }',
      'a = ' + '{a = '.repeat(300) + '${b}' + '}'.repeat(300) + '\nb = 1',
      'a = ' + '[{a = '.repeat(150) + '1' + '}]'.repeat(150) + '\nb = ${a}',
      'a = "unterminated',
      'a = ${b',
      'a = 1,,b = ${a}',
      ', a = 1',
      '{ a = 1, , b = 2 }',
      'a = 1 b = 2',
      'a { x = 1 } b { y = 2 }',
      '{ a { x = 1 } b = 2 }',
      '{ a = 1 } x',
      '{ a = 1 }\n}\n',
      '{ a = 1 } x "open\n y $ z',
      '{ a { x = 1,, y = 2 } }',
      '{ a { x = 1 y = 2 } }',
      '{ a = 1 } "open',
      '[1, 2]',
    ];
    const givenUp = cases.filter((text) => !checkOnePassAgrees(text, { fileName: '/p/main.conf', host, env: { HOME: '/home/x' } }));
    // A syntax problem inside or between top-level entries, or after the root, is read or reported as the parser
    // does it; a root list: the general path.
    expect(givenUp).toEqual(['[1, 2]']);
  });

  it('random JSON-like text with substitutions, path keys and includes: the one-pass reader gives up or agrees', () => {
    const host = hostOf({ '/p/i.conf': 'a = 1\nb { c = ${?a} }\n', '/p/j.conf': 'include "i.conf"\nd += 2\n' });
    const alphabet = fc.constantFrom(
      ...'{}[]:=,\n \t#'.split(''),
      '"a"', '"b.c"', 'a', 'b', 'a.b', 'b.c', 'include', 'true', 'null', '1', '2.0', '"""x"""', '${a}', '${?b}', '${b.c}', '+=',
      'include "i.conf"\n', 'include "j"\n', 'include "none"\n', '// c\n', 'x = ${a} y\n', '[${a}]',
    );
    let taken = 0;
    let handedOver = 0;
    fc.assert(
      fc.property(fc.array(alphabet, { maxLength: 60 }).map((parts) => parts.join('')), (text) => {
        if (checkOnePassAgrees(text, { fileName: '/p/main.conf', host })) {
          taken++;
          if (readPlainDocument(new SourceText('/p/main.conf', text)) === undefined) handedOver++;
        }
      }),
      { numRuns: 3000 },
    );
    expect(taken).toBeGreaterThan(50);
    expect(handedOver).toBeGreaterThan(20);
  });

  it('a toolbox with a typing mistake in one place: the one-pass reader reads that entry again as the parser does, and agrees with the general path', () => {
    const base = [
      '# tools',
      '{',
      '  "one": { "class": "a.b.One", "description": """Does one thing""", "parameters": { "type": "object", "required": ["q"] } },',
      '  two { class = "a.b.Two", args { retries = 3, list = [1, 2, ${?X}] } }',
      '  "three": {',
      '    "class": "a.b.Three",',
      '    "description": "Three",',
      '  },',
      '  four = { class: "x.y.Four" }',
      '}',
      '',
    ].join('\n');
    const typed = fc.constantFrom(
      '"', '{', '}', '[', ']', ',', ':', '=', '$', '${', '+', '\n', ' ', 'x', '"""', '#', '\\', '`', ',,', '} }', 'a.b = 1\n', 'include "x"',
    );
    const edit = fc.tuple(fc.nat(base.length), fc.nat(3), typed);
    let withProblems = 0;
    let recovered = 0;
    fc.assert(
      fc.property(fc.array(edit, { minLength: 1, maxLength: 2 }), (edits) => {
        let text = base;
        for (const [at, removed, inserted] of edits) {
          const from = at % (text.length + 1);
          text = text.slice(0, from) + inserted + text.slice(Math.min(text.length, from + removed));
        }
        if (!resolveGeneral(new SourceText('/p/main.conf', text), 'hocon', {}).syntax?.diagnostics.length) return;
        withProblems++;
        if (checkOnePassAgrees(text, { fileName: '/p/main.conf' })) recovered++;
      }),
      { numRuns: 2000 },
    );
    // Mistakes inside an entry, between entries and after the root are all read in one pass; only a root made a
    // list and the like take the general path from the start.
    expect(recovered).toBeGreaterThan(withProblems * 0.97);
  });

  it('random JSON-like text: the fast path gives up or agrees', () => {
    const alphabet = fc.constantFrom(
      ...'{}[]:=,\n \t#'.split(''),
      '"a"', '"b.c"', '"\\n"', 'a', 'b', 'a.b', 'include', 'true', 'null', '1', '2.0', '"""x"""', '${a}', '+=', '// c\n', '\r\n',
    );
    let taken = 0;
    fc.assert(
      fc.property(fc.array(alphabet, { maxLength: 60 }).map((parts) => parts.join('')), (text) => {
        if (checkPlainAgrees(text)) taken++;
      }),
      { numRuns: 3000 },
    );
    expect(taken).toBeGreaterThan(50);
  });
});
