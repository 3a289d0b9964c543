import { describe, expect, it } from 'vitest';
import { applyEdits, insertKey, keyDefinitions, moveEntry, removeDefinition, removeKey, renameKey, resolveHocon, setDefinition, setValue, toJson } from './index';

const json = (text: string) => {
  const result = resolveHocon(text);
  expect(result.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
  return toJson(result.value);
};

const TOOLBOX = `# header comment
{
    # the first tool
    "alpha": {
        "class": "a.A",
        "description": "first"
    },

    # about beta
    # (two lines)
    "beta": {
        "class": "b.B",
        "description": """long
text"""
    }
}
`;

describe('setValue', () => {
  it('replaces only the value and keeps comments', () => {
    const out = applyEdits(TOOLBOX, setValue(TOOLBOX, ['beta', 'description'], '"short"'));
    expect(out).toBe(TOOLBOX.replace('"""long\ntext"""', '"short"'));
    expect(json(out)).toMatchObject({ beta: { description: 'short', class: 'b.B' } });
  });

  it('accepts a path expression and edits the winning (last) definition', () => {
    const text = 'a.b = 1\na { b = 2 }\n';
    const out = applyEdits(text, setValue(text, 'a.b', '3'));
    expect(out).toBe('a.b = 1\na { b = 3 }\n');
    expect(json(out)).toEqual({ a: { b: 3 } });
  });

  it('says what is wrong with a path given in words about paths', () => {
    expect(() => setValue('a = 1', '', '2')).toThrow('The path is empty: give a key, or keys joined with dots');
    expect(() => setValue('a = 1', 'a..b', '2')).toThrow(/^Invalid path expression 'a\.\.b': /);
    expect(() => setValue('a = 1', 'a.$', '2')).toThrow("Invalid path expression 'a.$': Invalid character in path: '$'");
  });

  it('inserts a missing key into the deepest existing object, in the siblings style', () => {
    const out = applyEdits(TOOLBOX, setValue(TOOLBOX, ['alpha', 'args'], '{ x: 1 }'));
    expect(out).toContain('"description": "first",\n        "args": {\n            "x": 1\n        }\n    },');
    expect(json(out)).toMatchObject({ alpha: { args: { x: 1 } } });
  });

  it('writes a missing path of quoted keys as nested objects, which pyhocon reads (it refuses "a"."b")', () => {
    const text = '{\n    "a": {\n        "class": "x.y.Z"\n    },\n}\n';
    expect(applyEdits(text, setValue(text, ['b', 'class'], '"p.m.C"'))).toBe('{\n    "a": {\n        "class": "x.y.Z"\n    },\n    "b": {\n        "class": "p.m.C"\n    },\n}\n');
    expect(applyEdits(text, setValue(text, ['a', 'args', 'n'], '3'))).toContain('"args": {\n            "n": 3\n        }');
    // Among one-line entries, one line.
    const oneLine = '{\n    "a": {"class": "x.y.Z"},\n}\n';
    expect(applyEdits(oneLine, setValue(oneLine, ['b', 'class'], '"p.m.C"'))).toBe('{\n    "a": {"class": "x.y.Z"},\n    "b": {"class": "p.m.C"},\n}\n');
    // Unquoted keys stay a path, which pyhocon reads as one word.
    expect(applyEdits('a {\n  x = 1\n}\n', setValue('a {\n  x = 1\n}\n', ['b', 'c'], '2'))).toBe('a {\n  x = 1\n}\nb.c = 2\n');
  });
});

describe('insertKey', () => {
  it('copies indentation, quoting, separator and commas of the siblings', () => {
    const out = applyEdits(TOOLBOX, insertKey(TOOLBOX, [], 'gamma', '{ "class": "c.C" }'));
    // One key per line and a blank line before, as alpha and beta are written.
    expect(out).toContain('text"""\n    },\n\n    "gamma": {\n        "class": "c.C"\n    }\n}');
    expect(Object.keys(json(out) as object)).toEqual(['alpha', 'beta', 'gamma']);
  });

  it('lays out a new entry as its neighbours are: one key per line, the file\'s indentation, separator and quotes', () => {
    const tabs = '{\n\tweb {\n\t\tclass = "a.B"\n\t\targs {\n\t\t\tk = 1\n\t\t}\n\t}\n}\n';
    const value = '{ "class": "c.C", "args": { "n": 2, "m": "x" } }';
    expect(applyEdits(tabs, insertKey(tabs, [], 'new', value))).toBe(
      '{\n\tweb {\n\t\tclass = "a.B"\n\t\targs {\n\t\t\tk = 1\n\t\t}\n\t}\n\tnew {\n\t\tclass = "c.C"\n\t\targs {\n\t\t\tn = 2\n\t\t\tm = "x"\n\t\t}\n\t}\n}\n',
    );
    // Neighbours on one line: the new entry stays on one line, as given.
    const flat = 'tools {\n  a { class = "a.A" }\n  b { class = "b.B" }\n}\n';
    expect(applyEdits(flat, insertKey(flat, ['tools'], 'c', '{ class = "c.C" }'))).toBe('tools {\n  a { class = "a.A" }\n  b { class = "b.B" }\n  c { class = "c.C" }\n}\n');
  });

  it('writes a new parameter one key per line among parameters written so, and a replaced object as the old one was', () => {
    const tool = [
      '{',
      '    "search": {',
      '        "parameters": {',
      '            "type": "object",',
      '            "properties": {',
      '                "query": {',
      '                    "type": "string",',
      '                    "description": "The text to search in."',
      '                },',
      '            },',
      '            "required": ["query"]',
      '        }',
      '    }',
      '}',
      '',
    ].join('\n');
    const added = applyEdits(tool, setValue(tool, ['search', 'parameters', 'properties', 'limit'], '{ "type": "integer", "description": "" }'));
    expect(added).toContain('                },\n                "limit": {\n                    "type": "integer",\n                    "description": ""\n                },\n            },');
    const replaced = applyEdits(tool, setValue(tool, ['search', 'parameters'], '{"type": "object", "properties": {"q": {"type": "string"}}}'));
    expect(replaced).toBe(
      '{\n    "search": {\n        "parameters": {\n            "type": "object",\n            "properties": {\n                "q": {\n                    "type": "string"\n                }\n            }\n        }\n    }\n}\n',
    );
  });

  it('takes the caller\'s indent unit when it replaces an object, as when it inserts one', () => {
    const text = 'a {\n  x {\n    p = 1\n    q = 2\n  }\n}\n';
    expect(applyEdits(text, setValue(text, ['a', 'x'], '{ "p": 1, "r": 3 }', { indent: '\t' }))).toBe('a {\n  x {\n  \tp = 1\n  \tr = 3\n  }\n}\n');
    expect(applyEdits(text, setValue(text, ['a', 'y'], '{ "p": 1, "r": 3 }', { indent: '\t' }))).toContain('  y {\n  \tp = 1');
  });

  it('uses unquoted keys and = where the file does', () => {
    const text = 'a {\n  x = 1\n  y = 2\n}\n';
    expect(applyEdits(text, insertKey(text, ['a'], 'z', '3'))).toBe('a {\n  x = 1\n  y = 2\n  z = 3\n}\n');
  });

  it('fills an empty object and an empty file', () => {
    expect(applyEdits('a {}\n', insertKey('a {}\n', ['a'], 'b', '1'))).toBe('a {\n    b = 1\n}\n');
    expect(applyEdits('', insertKey('', [], 'b', '1'))).toBe('b = 1\n');
    // With nothing to copy, an object is written one key per line with its own separators and commas.
    expect(applyEdits('', insertKey('', [], 't', '{ "class": "a.B", "description": "x" }'))).toBe('t = {\n    "class": "a.B",\n    "description": "x"\n}\n');
  });

  it('extends a one-line object in place', () => {
    expect(applyEdits('a { x: 1 }\n', insertKey('a { x: 1 }\n', ['a'], 'y', '2'))).toBe('a { x: 1, y: 2 }\n');
  });
});

describe('removeKey', () => {
  it('removes a tool with its comment lines as one contiguous block', () => {
    const out = applyEdits(TOOLBOX, removeKey(TOOLBOX, ['alpha']));
    expect(out).toBe(TOOLBOX.replace('    # the first tool\n    "alpha": {\n        "class": "a.A",\n        "description": "first"\n    },\n', ''));
    expect(Object.keys(json(out) as object)).toEqual(['beta']);
  });

  it('takes the comma before the last entry of a comma-separated object', () => {
    const out = applyEdits(TOOLBOX, removeKey(TOOLBOX, ['beta']));
    expect(out).toBe('# header comment\n{\n    # the first tool\n    "alpha": {\n        "class": "a.A",\n        "description": "first"\n    }\n}\n');
  });

  it('removes entries inside a one-line object', () => {
    expect(applyEdits('a { x: 1, y: 2 }\n', removeKey('a { x: 1, y: 2 }\n', 'a.y'))).toBe('a { x: 1 }\n');
    expect(applyEdits('a { x: 1, y: 2 }\n', removeKey('a { x: 1, y: 2 }\n', 'a.x'))).toBe('a { y: 2 }\n');
  });

  it('removes every definition of a key set twice on one line (the blocks touch: they go as one)', () => {
    for (const [text, removed] of [
      ['a { n = 1, n = 2 }\n', 'a {  }\n'],
      ['a { n = 1, n = 2, m = 3 }\n', 'a { m = 3 }\n'],
    ] as const) {
      const out = applyEdits(text, removeKey(text, 'a.n'));
      expect(out).toBe(removed);
      expect(json(out)).not.toHaveProperty('a.n');
    }
  });

  it('throws for a key that is not in the text', () => {
    expect(() => removeKey(TOOLBOX, ['nope'])).toThrow(/No key/);
  });
});

describe('insertKey into an empty object', () => {
  it("copies the enclosing object's key style and goes after the comments the braces hold", () => {
    const text = '{\n    "a": {\n        "class": "x.A"\n    },\n    "b": {\n        # only a comment so far\n    }\n}\n';
    const out = applyEdits(text, setValue(text, ['b', 'display_as'], '"llm_agent"'));
    expect(out).toBe('{\n    "a": {\n        "class": "x.A"\n    },\n    "b": {\n        # only a comment so far\n        "display_as": "llm_agent"\n    }\n}\n');
    const crlf = text.replace(/\n/g, '\r\n');
    expect(applyEdits(crlf, setValue(crlf, ['b', 'display_as'], '"llm_agent"'))).toBe(out.replace(/\n/g, '\r\n'));
  });
});

describe('renameKey and moveEntry', () => {
  it('renames keeping the quoting', () => {
    const out = applyEdits(TOOLBOX, renameKey(TOOLBOX, ['beta'], 'b2'));
    expect(out).toBe(TOOLBOX.replace('"beta"', '"b2"'));
    const plain = 'a.b = 1\n';
    expect(applyEdits(plain, renameKey(plain, 'a.b', 'my key'))).toBe('a."my key" = 1\n');
  });

  it('moves an entry with its comments and keeps commas valid', () => {
    const out = applyEdits(TOOLBOX, moveEntry(TOOLBOX, ['beta'], { before: 'alpha' }));
    expect(Object.keys(json(out) as object)).toEqual(['beta', 'alpha']);
    expect(out).toContain('    # about beta\n    # (two lines)\n    "beta"');
    const back = applyEdits(out, moveEntry(out, ['beta'], { after: 'alpha' }));
    expect(Object.keys(json(back) as object)).toEqual(['alpha', 'beta']);
  });

  it('moves entries that share a line, keeping the rest of the line as it was', () => {
    const text = 'tool { args { a = 1, b = "two", c = [3] } }  # trailing\n';
    const move = (key: string, target: { before: string } | { after: string }) => applyEdits(text, moveEntry(text, ['tool', 'args', key], target));
    expect(move('c', { before: 'a' })).toBe('tool { args { c = [3], a = 1, b = "two" } }  # trailing\n');
    expect(move('a', { after: 'c' })).toBe('tool { args { b = "two", c = [3], a = 1 } }  # trailing\n');
    expect(move('a', { after: 'b' })).toBe('tool { args { b = "two", a = 1, c = [3] } }  # trailing\n');
    expect(move('c', { after: 'a' })).toBe('tool { args { a = 1, c = [3], b = "two" } }  # trailing\n');
    expect(move('b', { before: 'c' })).toBe(text);
    for (const [key, target] of [['c', { before: 'a' }], ['a', { after: 'c' }], ['b', { before: 'a' }]] as const) {
      expect((json(move(key, target)) as { tool: { args: object } }).tool.args).toEqual({ a: 1, b: 'two', c: [3] });
    }
  });
});

describe('applyEdits', () => {
  it('refuses overlapping edits', () => {
    expect(() => applyEdits('abc', [{ offset: 0, length: 2, newText: '' }, { offset: 1, length: 1, newText: 'x' }])).toThrow(/Overlapping/);
  });
});

describe('one definition among several', () => {
  const text = 'a {\n  n = 5\n  # from the environment\n  n = ${?N}  # override\n  m = ${x}"/v1"\n  l += [1]\n}\n';

  it('lists each definition of a key with how it sets it', () => {
    expect(keyDefinitions(text, 'a.n').map((d) => [text.slice(d.valueStart, d.valueEnd), d.kind, d.references])).toEqual([
      ['5', 'value', []],
      ['${?N}', 'substitution', [{ path: ['N'], optional: true }]],
    ]);
    expect(keyDefinitions(text, 'a.m')[0]).toMatchObject({ kind: 'expression', references: [{ path: ['x'], optional: false }] });
    expect(keyDefinitions(text, 'a.l')[0]).toMatchObject({ kind: 'append' });
    expect(keyDefinitions(text, 'a.missing')).toEqual([]);
  });

  it('sets the one asked for, whichever wins, and removes one with its comments', () => {
    expect(applyEdits(text, setDefinition(text, 'a.n', 0, '10'))).toBe(text.replace('n = 5', 'n = 10'));
    expect(applyEdits(text, setDefinition(text, 'a.n', 1, '10'))).toBe(text.replace('${?N}', '10'));
    expect(applyEdits(text, removeDefinition(text, 'a.n', 1))).toBe(text.replace('  # from the environment\n  n = ${?N}  # override\n', ''));
    expect(() => setDefinition(text, 'a.n', 2, '1')).toThrow(/No definition 3/);
  });
});
