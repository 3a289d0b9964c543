import { describe, expect, it } from 'vitest';
import { NeuroSanEntryCache } from '../neurosan/index';
import { includeTargetsOf } from './includeTargets';
import { resolveToolboxFile } from './loadToolbox';

// The includes written in the file, with the file each reading took, from the readings the analysis makes anyway.
describe('where the includes of a file resolved', () => {
  const files = new Map([
    ['/w/proj/registries/tb.hocon', '# tools\ninclude "a.hocon"\ninclude required("b.hocon")\nt { class = "m.T" }\n'],
    ['/w/proj/registries/a.hocon', 'include "nested.hocon"\na { class = "m.A" }\n'],
    ['/w/proj/registries/nested.hocon', 'n { class = "m.N" }\n'],
    ['/w/proj/b.hocon', 'b { class = "m.B" }\n'],
  ]);
  const host = { readFile: (p: string) => files.get(p) };
  const read = (reading: 'neuro-san' | 'spec') =>
    resolveToolboxFile('/w/proj/registries/tb.hocon', { host, baseDir: '/w/proj', reading, neuroSanCwd: '/w/proj', neuroSanEntryCache: new NeuroSanEntryCache() });

  it('gives neuro-san\'s file (in its working directory) beside the specification\'s (next to the file first)', () => {
    const targets = includeTargetsOf(read('neuro-san'));
    expect(targets.map((t) => [t.target, t.range.start.line, t.range.start.column, t.neuroSan, t.spec?.read])).toEqual([
      ['a.hocon', 2, 1, { path: '/w/proj/a.hocon', found: false, dependsOnCwd: true }, ['/w/proj/registries/a.hocon']],
      ['b.hocon', 3, 1, { path: '/w/proj/b.hocon', found: true, dependsOnCwd: true }, ['/w/proj/b.hocon']],
    ]);
    // Where the specification looked: next to the file, then up to the base directory.
    expect(targets[1]!.spec?.tried).toEqual(['/w/proj/registries/b.hocon', '/w/proj/b.hocon']);
  });

  it('in the specification\'s reading alone: its files, and no include of an included file', () => {
    const targets = includeTargetsOf(read('spec'));
    expect(targets.map((t) => [t.target, t.neuroSan, t.spec?.read])).toEqual([
      ['a.hocon', undefined, ['/w/proj/registries/a.hocon']],
      ['b.hocon', undefined, ['/w/proj/b.hocon']],
    ]);
  });
});
