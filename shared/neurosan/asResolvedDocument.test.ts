import { describe, expect, it } from 'vitest';
import { loadToolbox } from '../toolbox/loadToolbox';
import { memoryHost } from '../toolbox/testHost';
import { resolveFileAsNeuroSan } from './index';

describe("neuro-san's reading as the toolbox model reads a file", () => {
  it('gives the values neuro-san reads, each pointing at its text', () => {
    const text = 'x = X\nsearch {\n  class = "a.b.C"\n  description = """Looks up""" ${x}\n}\n';
    const resolved = resolveFileAsNeuroSan('/p/tb.hocon', { host: memoryHost({ '/p/tb.hocon': text }), cwd: '/p' });
    expect(resolved.ok).toBe(true);
    const description = resolved.value.fields.get('search')!.value;
    if (description.kind !== 'object') throw new Error('search is not an object');
    const field = description.fields.get('description')!;
    expect(field.value).toMatchObject({ kind: 'string', value: 'Looks upX' });
    expect(text.slice(field.value.start, field.value.end)).toBe('"""Looks up""" ${x}');
    expect(text.slice(field.keyStart, field.keyEnd)).toBe('description');
  });

  it("is one error diagnostic, in neuro-san's words, where neuro-san fails", () => {
    const resolved = resolveFileAsNeuroSan('/p/tb.hocon', { host: memoryHost({ '/p/tb.hocon': 'tool {\n  timeout = 10 seconds\n}\n' }), cwd: '/p' });
    expect(resolved.ok).toBe(false);
    expect(resolved.diagnostics).toMatchObject([
      { severity: 'error', file: '/p/tb.hocon', line: 2, column: 13, message: 'TypeError: Object of type relativedelta is not JSON serializable' },
    ]);
  });

  it('lets loadToolbox list the tools neuro-san gets: a quoted name keeps its quotes', () => {
    const files = { '/p/tb.hocon': '"web.search" { class = "a.b.C" }\nplain { class = "x.y.Z" }\n' };
    const asNeuroSan = loadToolbox({ userFile: '/p/tb.hocon', host: memoryHost(files), reading: 'neuro-san', neuroSanCwd: '/p' });
    expect(asNeuroSan.tools.map((t) => t.name)).toEqual(['"web.search"', 'plain']);
    const asSpec = loadToolbox({ userFile: '/p/tb.hocon', host: memoryHost(files) });
    expect(asSpec.tools.map((t) => t.name)).toEqual(['web.search', 'plain']);
  });

  it('says a list is not a toolbox, as ToolboxFactory does', () => {
    const loaded = loadToolbox({ userFile: '/p/tb.hocon', host: memoryHost({ '/p/tb.hocon': '[1, 2]' }), reading: 'neuro-san', neuroSanCwd: '/p' });
    expect(loaded.diagnostics.map((d) => d.message)).toContain('ValueError: overlay is not a dictionary');
  });
});
