import { describe, expect, it } from 'vitest';
import { resolveHocon, type IncludeHost } from './index';

// 5 files of 10 includes each: 10^4 include statements, past the 1,000 a reading may apply.
const files = new Map<string, string>();
for (let i = 0; i < 5; i++) {
  const body = i < 4 ? Array.from({ length: 10 }, (_, j) => `k${j} { include "bomb${i + 1}.conf" }`) : ['v = 1'];
  files.set(`/p/bomb${i}.conf`, body.join('\n') + '\n');
}
const host: IncludeHost = { readFile: (path) => files.get(path) };

describe("the specification's reading spends from the include budget of a reading", () => {
  it('stops an include bomb at the include limit with an error at the include past it', () => {
    const resolved = resolveHocon('include "bomb0.conf"\ntool { class = "a.B" }\n', { fileName: '/p/tb.hocon', host });
    const limits = resolved.diagnostics.filter((d) => d.message.startsWith('Include limit reached'));
    expect(limits).toHaveLength(1);
    expect(limits[0]).toMatchObject({ severity: 'error', message: 'Include limit reached: more than 1000 includes in one reading; this include and those after it were not read' });
    expect(limits[0]!.file).toMatch(/^\/p\/bomb\d\.conf$/);
  });

  it('counts included text against the byte limit given', () => {
    const resolved = resolveHocon('a { include "bomb4.conf" }\nb { include "bomb4.conf" }\n', { fileName: '/p/tb.hocon', host, includeLimits: { maxIncludedBytes: 4 } });
    expect(resolved.diagnostics.map((d) => d.message)).toEqual(['Include limit reached: more than 0 MB of included text in one reading; this include and those after it were not read']);
    expect(resolved.diagnostics[0]).toMatchObject({ line: 2, column: 5 });
  });
});
