import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { resolveHocon } from '../hocon/index';
import { NeuroSanEntryCache, readAsNeuroSan, type NeuroSanReading } from './index';

const file = '/p/toolbox_info.hocon';

function summary(reading: NeuroSanReading): unknown {
  return reading.ok ? { ok: true, value: reading.value } : { ok: false, type: reading.failure.type, cause: reading.failure.cause, line: reading.failure.line };
}

/** The reading made with the spec's tree and the cache, next to the one made from the text alone. */
function both(text: string, cache: NeuroSanEntryCache): [unknown, unknown] {
  const spec = resolveHocon(text, { fileName: file });
  return [summary(readAsNeuroSan(text, { file, cwd: '/p', spec, entryCache: cache })), summary(readAsNeuroSan(text, { file, cwd: '/p' }))];
}

describe("neuro-san's reading, reusing the entries read at earlier keystrokes", () => {
  const texts = [
    'a { class = "x.y.Z", description = "one" }\nb { class = "p.q.R" }\n',
    'a { class = "x.y.Z", description = "one two" }\nb { class = "p.q.R" }\n',
    '# comment\n\n"gpt-4.1" { x = 1 },\nb = 2 // trailing\n',
    'a = x//y\nb = 1\n',
    ' "foo" : 42 ',
    'a = 42 # c\nb = 42 , c = x //y\nd = 7',
    'a = true\r\nb = 10 ms',
    'a = 1\na = 2\n',
    'a.b = 1\na.c = 2\n',
    'x = X\nd = """Looks up""" ${x}\n',
    'a = 10 seconds\n',
    '\ufeffa = 1\n',
    'a {\n\tb = "t\tab"\n}\n',
    '  a = "x\ty", b = 2\n',
    '{ a = 1 }\n',
    'a = [1, 2,, 3]\nb { c = true xyz }\n',
    'include "other.hocon"\na = 1\n',
    'a = 1\nb = {\n',
    '',
  ];

  it('gives the same answer as reading the whole text, keystroke after keystroke', () => {
    const cache = new NeuroSanEntryCache();
    for (const text of [...texts, ...texts]) {
      const [fast, whole] = both(text, cache);
      expect(fast, JSON.stringify(text)).toEqual(whole);
    }
  });

  it('reads again only the entry that changed', () => {
    const cache = new NeuroSanEntryCache();
    const tools = Array.from({ length: 50 }, (_, i) => `tool_${i} { class = "m.C${i}", description = "Tool ${i}" }`).join('\n');
    expect(both(tools, cache)[0]).toMatchObject({ ok: true });
    expect(cache.entriesRead).toBe(50);
    const edited = tools.replace('"Tool 7"', '"Tool seven"');
    const [fast, whole] = both(edited, cache);
    expect(fast).toEqual(whole);
    expect((fast as { value: Record<string, { description: string }> }).value.tool_7!.description).toBe('Tool seven');
    expect(cache.entriesRead).toBe(51);
  });

  it("keeps no keystroke's whole text alive", () => {
    // Each keystroke's text is 1 MB here; an entry kept as a slice of it kept all of it (the app's API thread grew
    // 3.5 MB a keystroke in a 5,000-tool file until it ran out of memory).
    setFlagsFromString('--expose-gc');
    const gc = runInNewContext('gc') as () => void;
    const cache = new NeuroSanEntryCache();
    const tools = Array.from({ length: 1500 }, (_, i) => `tool_${i} { class = "m.C${i}", description = "Tool ${i} ${'looks things up '.repeat(40)}" }`).join('\n');
    const keystroke = (n: number) => {
      const text = tools.replace('"Tool 750 ', `"Tool 750 ${'x'.repeat(n)} `);
      readAsNeuroSan(text, { file, cwd: '/p', spec: resolveHocon(text, { fileName: file }), entryCache: cache });
    };
    keystroke(0);
    gc();
    const before = process.memoryUsage().heapUsed;
    for (let n = 1; n <= 12; n++) keystroke(n);
    gc();
    const grown = process.memoryUsage().heapUsed - before;
    expect(tools.length).toBeGreaterThan(1_000_000);
    // 12 texts kept would be 12 MB; an entry read again per keystroke is a few kilobytes.
    expect(grown).toBeLessThan(4_000_000);
  });
});
