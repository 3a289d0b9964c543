import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { readPlainDocument } from './plain-document';
import { resolveGeneral, resolveHocon } from './resolve';
import { SourceText } from './text-position';
import { dumpValue } from './dump-value';

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
