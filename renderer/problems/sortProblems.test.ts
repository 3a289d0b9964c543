import { describe, expect, it } from 'vitest';
import type { DiagnosticDto } from '../../shared/api/toolboxApi';
import { sortProblems } from './sortProblems';

const at = (severity: DiagnosticDto['severity'], offset: number, file = 'a.hocon'): DiagnosticDto => ({
  severity,
  rule: 'r',
  message: `${severity}@${offset}`,
  file,
  line: 1,
  column: 1,
  range: { start: { offset, line: 1, column: 1 }, end: { offset, line: 1, column: 1 } },
});

describe('sortProblems', () => {
  it('puts errors before warnings, each by position, the open file first', () => {
    const sorted = sortProblems([at('warning', 1), at('warning', 9), at('error', 50, 'z.hocon'), at('error', 70), at('error', 5)], 'a.hocon');
    expect(sorted.map((d) => `${d.message} ${d.file}`)).toEqual(['error@5 a.hocon', 'error@70 a.hocon', 'error@50 z.hocon', 'warning@1 a.hocon', 'warning@9 a.hocon']);
  });

  it('puts hints (style advice) after every warning, wherever they are', () => {
    const sorted = sortProblems([at('hint', 1), at('warning', 9, 'z.hocon'), at('hint', 0, 'b.hocon'), at('error', 70)], 'a.hocon');
    expect(sorted.map((d) => `${d.message} ${d.file}`)).toEqual(['error@70 a.hocon', 'warning@9 z.hocon', 'hint@1 a.hocon', 'hint@0 b.hocon']);
  });
});
