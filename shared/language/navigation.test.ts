import { describe, expect, it } from 'vitest';
import { applyEdits } from '../hocon/index';
import { definition, references, rename, renameTarget, type LanguageWorld } from './navigation';
import { outline } from './outline';

const TEXT = 'base { timeout = 30 }\na = ${base.timeout}\nb { c = ${base.timeout}, d = ${?HOME} }\nbase.retries = 2\n';

function world(files: Record<string, string>): LanguageWorld {
  return { read: (f) => files[f], resolveOptions: () => ({ host: { readFile: (f: string) => files[f] } }) };
}

describe('navigation in one text', () => {
  const w = world({ 'a.conf': TEXT, 'inc.conf': 'shared = 1\n', 'b.conf': 'include "inc.conf"\nx = ${shared}\n' });

  it('goes from ${x} to where x is set, also in an included file', () => {
    const at = TEXT.indexOf('timeout}');
    expect(definition(w, 'a.conf', at)).toEqual([{ file: 'a.conf', start: TEXT.indexOf('timeout'), end: TEXT.indexOf('timeout') + 7 }]);
    const b = 'include "inc.conf"\nx = ${shared}\n';
    expect(definition(w, 'b.conf', b.indexOf('shared}'))).toEqual([{ file: 'inc.conf', start: 0, end: 6 }]);
    expect(definition(w, 'b.conf', 10).map((l) => l.file)).toEqual(['inc.conf']);
  });

  it('goes from an include to the file neuro-san reads there, not the one the specification reads', () => {
    // neuro-san finds a top-level include in its working directory (the project root); the specification, next to
    // the file. The user's agents get neuro-san's file: that is where Go to Definition goes, as the hover says.
    const text = '# tools\ninclude "shared.hocon"\nmine = 1\n';
    const files = { 'registries/tb.hocon': text, 'registries/shared.hocon': 'spec = 1\n', 'shared.hocon': 'root = 1\n' };
    const start = text.indexOf('include');
    const range = { start: { offset: start, line: 2, column: 1 }, end: { offset: text.indexOf('\nmine'), line: 2, column: 23 } };
    const facts = (found: boolean) => ({
      includes: [{ range, target: 'shared.hocon', neuroSan: { path: 'shared.hocon', found, dependsOnCwd: true }, spec: { read: ['registries/shared.hocon'], tried: ['registries/shared.hocon'] } }],
      opener: 'Go to Definition',
    });
    const withFacts = (found: boolean): LanguageWorld => ({ ...world(files), includesOf: () => facts(found) });
    for (const offset of [start + 2, text.indexOf('shared.hocon') + 3]) {
      expect(definition(withFacts(true), 'registries/tb.hocon', offset)).toEqual([{ file: 'shared.hocon', start: 0, end: 0 }]);
    }
    // Where neuro-san finds none, the specification's file is what there is to open (as the include's link does).
    expect(definition(withFacts(false), 'registries/tb.hocon', start + 2)).toEqual([{ file: 'registries/shared.hocon', start: 0, end: 0 }]);
  });

  it('finds a key with the ${...} that read it, and renames them together', () => {
    const at = TEXT.indexOf('base');
    expect(references(w, 'a.conf', at).length).toBe(4);
    const result = rename(w, 'a.conf', at, 'defaults');
    expect(result.ok).toBe(true);
    const renamed = applyEdits(TEXT, result.ok ? result.edits : []);
    expect(renamed).toBe('defaults { timeout = 30 }\na = ${defaults.timeout}\nb { c = ${defaults.timeout}, d = ${?HOME} }\ndefaults.retries = 2\n');
  });

  it('says why an environment variable cannot be renamed', () => {
    expect(renameTarget(w, 'a.conf', TEXT.indexOf('HOME'))).toEqual({ problem: expect.stringContaining('environment') });
  });

  it('outlines keys with their children', () => {
    expect(outline(TEXT).map((s) => [s.name, s.children.map((c) => c.name)])).toEqual([
      ['base', ['timeout']],
      ['a', []],
      ['b', ['c', 'd']],
      ['base.retries', []],
    ]);
  });
});
