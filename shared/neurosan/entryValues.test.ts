import { describe, expect, it } from 'vitest';
import { dumpValue } from '../hocon/dumpValue';
import { resolveFile } from '../hocon/index';
import { loadToolbox } from '../toolbox/loadToolbox';
import { memoryHost } from '../toolbox/testHost';
import { NeuroSanEntryCache, resolveFileAsNeuroSan } from './index';

const file = '/p/toolbox_info.hocon';

/**
 * What the editor shows for a text: the values of neuro-san's reading (every position) and the analysis. `asFile`:
 * the whole text read as `validate FILE` reads it, the values both readings read alike placed by the spec's reading.
 */
function analysis(text: string, cache?: NeuroSanEntryCache, asFile = false): unknown {
  const host = memoryHost({ [file]: text });
  const spec = cache !== undefined || asFile ? resolveFile(file, { host, env: {} }) : undefined;
  const resolved = resolveFileAsNeuroSan(file, { host, cwd: '/p', ...(spec !== undefined && cache !== undefined ? { spec, entryCache: cache } : spec !== undefined ? { sameAs: spec } : {}) });
  const loaded = loadToolbox({ userFile: file, host, reading: 'neuro-san', neuroSanCwd: '/p', ...(cache !== undefined ? { neuroSanEntryCache: cache } : {}) });
  return { ok: resolved.ok, value: dumpValue(resolved.value), diagnostics: loaded.diagnostics, tools: loaded.tools.map((t) => t.name) };
}

const tool = (name: string, description: string) =>
  `${name} {\n  class = "m.${name}.C"\n  description = ${description}\n  parameters {\n    type = "object"\n    properties { q { type = "string", description = "What" } }\n    required = ["q"]\n  }\n}\n`;

const original = [
  tool('search', '"Looks things up"'),
  tool('fetch', '"""Fetches\na page"""'),
  tool('tabbed', '"""a\tb"""'),
  '# a comment between tools\n',
  tool('count', '"Counts"').replace('required = ["q"]', 'required = ["q"]\n    limit = 10, ratio = 1.50'),
].join('\n');

describe("neuro-san's reading's values, entry by entry while a file is typed", () => {
  it('are those of reading the whole text, keystroke after keystroke, and after an edit is undone', () => {
    const cache = new NeuroSanEntryCache();
    const keystrokes = [
      original,
      original.replace('Looks things up', 'Looks things up!'),
      original.replace('Looks things up', 'Looks things up!!'),
      // A change in length before other entries moves them; an entry read differently changes.
      original.replace('"""Fetches\na page"""', '"""Fetches""" ${?HOME}'),
      original.replace('a\tb', 'a\t\tb'),
      original.replace('search {', '"web.search" {'),
      original.replace('limit = 10', 'limit = 10 seconds'),
      original.replace('  class = "m.count.C"', '  class = "m.count.C"\n  broken = {'),
      original,
    ];
    // Read entry by entry, the values are those of the whole reading; a text read whole (an entry with a substitution)
    // gets them placed as validate FILE places them (a list's elements at their own places, not at the list's).
    let whole = 0;
    for (const text of keystrokes) {
      const given = cache.valuesGiven;
      const typed = analysis(text, cache);
      const byEntries = cache.valuesGiven > given;
      if (!byEntries) whole++;
      expect(typed, JSON.stringify(text)).toEqual(byEntries ? analysis(text) : analysis(text, undefined, true));
    }
    // Both ways are taken.
    expect(whole).toBeGreaterThan(0);
    expect(whole).toBeLessThan(keystrokes.length);
  });

  it('take the specification\'s values where both readings are the same, and make the others', () => {
    const cache = new NeuroSanEntryCache();
    const host = memoryHost({ [file]: original });
    const spec = resolveFile(file, { host, env: {} });
    const resolved = resolveFileAsNeuroSan(file, { host, cwd: '/p', spec, entryCache: cache });
    const tools = ['search', 'fetch', 'tabbed', 'count'];
    const same = (key: string) => resolved.value.fields.value(key) === spec.value.fields.value(key);
    // A triple-quoted string is a quoted one to neuro-san (how it was written differs), a tab is read as spaces,
    // 1.50 is 1.5 to Python.
    expect(tools.map(same)).toEqual([true, false, false, false]);
    // Inside an entry made anew, the parts read the same are still the spec's (count's parameters hold the 1.50).
    const part = (from: typeof spec.value, key: string) => (from.fields.value(key) as typeof spec.value).fields.value('parameters');
    expect(tools.map((key) => part(resolved.value, key) === part(spec.value, key))).toEqual([true, true, true, false]);
  });
});
