import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { ToolboxDiagnostic } from '../../shared/toolbox/index';
import { groupByFile, lspDiagnosticsOf, publishedFiles } from './publishedDiagnostics';

const diagnostic = (file: string, offset: number): ToolboxDiagnostic => ({
  severity: 'warning',
  rule: 'r',
  message: `at ${offset}`,
  file,
  line: 1,
  column: offset + 1,
  range: { start: { offset, line: 1, column: offset + 1 }, end: { offset: offset + 1, line: 1, column: offset + 2 } },
});

describe('the diagnostics a reading publishes', () => {
  it('groups them by absolute file in their order, resolving each name once', () => {
    const resolved: string[] = [];
    const absolute = (file: string) => (resolved.push(file), path.resolve('/project', file));
    // Two names of one file (relative and absolute): one list.
    const ds = [diagnostic('a.hocon', 0), diagnostic('b.hocon', 1), diagnostic('/project/a.hocon', 2), diagnostic('a.hocon', 3)];
    const byFile = groupByFile(ds, absolute);
    expect([...byFile].map(([file, list]) => [file, list.map((d) => d.range.start.offset)])).toEqual([
      ['/project/a.hocon', [0, 2, 3]],
      ['/project/b.hocon', [1]],
    ]);
    expect(resolved).toEqual(['a.hocon', 'b.hocon', '/project/a.hocon']);
  });

  it('groups 200,000 diagnostics of one file in one pass', () => {
    // Growing the list by a copy per diagnostic took 90 s for 50,000 (issue #32): this would not end in the test's time.
    const ds = Array.from({ length: 200_000 }, (_, i) => diagnostic('toolbox_info.hocon', i));
    let calls = 0;
    const byFile = groupByFile(ds, (file) => (calls++, `/p/${file}`));
    expect(byFile.get('/p/toolbox_info.hocon')).toHaveLength(200_000);
    expect(calls).toBe(1);
  });

  it("publishes each severity as LSP's: an error 1, a warning 2, a hint (style advice) 4", () => {
    const of = (severity: ToolboxDiagnostic['severity']) => ({ ...diagnostic('a.hocon', 0), severity });
    const [published] = publishedFiles([of('error'), of('warning'), of('hint')], '/p', () => 'a = 1\n');
    expect(lspDiagnosticsOf(published!).map((d) => d.severity)).toEqual([1, 2, 4]);
  });

  it('places each diagnostic by line and UTF-16 character in the text read, its end never before its start', () => {
    const texts = new Map([['/p/a.hocon', 'a = 1\nb = "é"\n']]);
    const backwards = { ...diagnostic('a.hocon', 10), range: { start: { offset: 10, line: 2, column: 5 }, end: { offset: 7, line: 2, column: 2 } } };
    const fixed = { ...diagnostic('a.hocon', 0), severity: 'error' as const, rule: 'f', fix: { title: 'Fix it', edits: [] } };
    const published = publishedFiles([backwards, fixed, diagnostic('/elsewhere/b.hocon', 3)], '/p', (file) => texts.get(file));
    expect(published.map((p) => [p.file, lspDiagnosticsOf(p)])).toEqual([
      [
        '/p/a.hocon',
        [
          { range: { start: { line: 1, character: 4 }, end: { line: 1, character: 4 } }, severity: 2, code: 'r', source: 'toolbox', message: 'at 10' },
          { range: { start: { line: 0, character: 0 }, end: { line: 0, character: 1 } }, severity: 1, code: 'f', source: 'toolbox', message: 'at 0 (quick fix: Fix it)' },
        ],
      ],
      // A file it cannot read: placed in an empty text.
      ['/elsewhere/b.hocon', [{ range: { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } }, severity: 2, code: 'r', source: 'toolbox', message: 'at 3' }]],
    ]);
  });
});
