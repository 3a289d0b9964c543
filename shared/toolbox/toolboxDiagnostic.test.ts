import { describe, expect, it } from 'vitest';
import { loadToolbox } from './loadToolbox';
import { memoryHost } from './testHost';

const text = [
  't {',
  '  class = "m.C"',
  '  description = "d"',
  '  parameters { type = object, properties { n { type = "str" } }, required = ["m"] }',
  '}',
  'u = [',
  '  1',
  ']',
].join('\n');

describe('diagnostics are plain data', () => {
  // They are made by classes (see toolboxDiagnostic.ts): the API sends them as JSON (browser mode) and by structured
  // clone (Electron), and compares them key by key (analysisDelta): every field must be an own, enumerable property.
  it('JSON, structured clone, spread and for...in all see every field, in the same order', () => {
    const ds = loadToolbox({ host: memoryHost({ 'tb.hocon': text }), userFile: 'tb.hocon' }).diagnostics;
    expect(ds.map((d) => d.rule)).toEqual(['unrecognized-type', 'required-unknown', 'entry-not-object']);
    const withFix = ds[0]!;
    const expected = {
      severity: 'error',
      rule: 'unrecognized-type',
      message: withFix.message,
      file: 'tb.hocon',
      line: 4,
      column: 55,
      range: { start: { offset: 94, line: 4, column: 55 }, end: { offset: 99, line: 4, column: 60 } },
      tool: 't',
      fix: { title: 'Change "str" to "string"', edits: [{ file: 'tb.hocon', offset: 94, length: 5, newText: '"string"' }] },
    };
    expect(JSON.parse(JSON.stringify(withFix))).toEqual(expected);
    expect(JSON.stringify(withFix)).toBe(JSON.stringify(expected));
    expect(JSON.stringify(structuredClone(withFix))).toBe(JSON.stringify(expected));
    expect(JSON.stringify({ ...withFix })).toBe(JSON.stringify(expected));
    const keys: string[] = [];
    for (const key in withFix) keys.push(key);
    expect(keys).toEqual(['severity', 'rule', 'message', 'file', 'line', 'column', 'range', 'tool', 'fix']);
    // A range over several lines ends on its own line.
    expect(ds[2]!.range).toEqual({ start: { offset: 130, line: 6, column: 5 }, end: { offset: 137, line: 8, column: 2 } });
  });
});
