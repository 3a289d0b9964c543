import { describe, expect, it } from 'vitest';
import type { DiagnosticDto } from '../../shared/api/index';
import { filterProblems, NO_PROBLEM_FILTER, NO_TOOL_GROUP, problemFacets, problemKey, problemRows, stepProblem } from './problemFilter';

const problem = (severity: DiagnosticDto['severity'], rule: string, offset: number, tool?: string, file = '/p/toolbox.hocon'): DiagnosticDto => ({
  severity,
  rule,
  message: `${rule} at ${offset}${tool ? ` in '${tool}'` : ''}`,
  file,
  line: 1,
  column: offset + 1,
  range: { start: { offset, line: 1, column: offset + 1 }, end: { offset: offset + 1, line: 1, column: offset + 2 } },
  ...(tool ? { tool } : {}),
});

const problems = [
  problem('error', 'no-description', 10, 'alpha'),
  problem('error', 'parameters-type', 20, 'beta'),
  problem('hint', 'description-too-short', 30, 'alpha'),
  problem('warning', 'hocon-syntax', 40),
  problem('hint', 'description-too-short', 5, 'gamma', '/p/included.hocon'),
];

describe('the Problems filter', () => {
  it('narrows by words of the text, severity, rule and tool, all at once', () => {
    expect(filterProblems(problems, NO_PROBLEM_FILTER)).toHaveLength(5);
    expect(filterProblems(problems, { ...NO_PROBLEM_FILTER, text: 'ALPHA short' }).map((d) => d.range.start.offset)).toEqual([30]);
    expect(filterProblems(problems, { ...NO_PROBLEM_FILTER, text: 'included' })).toHaveLength(1);
    expect(filterProblems(problems, { ...NO_PROBLEM_FILTER, severity: 'error' })).toHaveLength(2);
    expect(filterProblems(problems, { ...NO_PROBLEM_FILTER, severity: 'warning' }).map((d) => d.rule)).toEqual(['hocon-syntax']);
    expect(filterProblems(problems, { ...NO_PROBLEM_FILTER, severity: 'hint' })).toHaveLength(2);
    expect(filterProblems(problems, { ...NO_PROBLEM_FILTER, rule: 'description-too-short', tool: 'gamma' })).toHaveLength(1);
  });
  it('offers the rules and tools the problems name, with their counts', () => {
    const { rules, tools } = problemFacets(problems);
    expect(rules).toEqual([['description-too-short', 2], ['hocon-syntax', 1], ['no-description', 1], ['parameters-type', 1]]);
    expect(tools).toEqual([['alpha', 2], ['beta', 1], ['gamma', 1]]);
  });
});

describe('grouped rows', () => {
  it('puts the open file first, then the others in the order of their first problem', () => {
    const rows = problemRows([problems[4]!, problems[0]!], 'file', new Set(), '/p/toolbox.hocon');
    expect(rows.map((r) => (r.kind === 'group' ? `# ${r.label} ${r.count}` : r.index))).toEqual(['# /p/toolbox.hocon 1', 1, '# /p/included.hocon 1', 0]);
  });
  it('groups by tool, problems about no tool together, and a folded group keeps its title only', () => {
    const rows = problemRows(problems, 'tool', new Set(['alpha']));
    expect(rows.map((r) => (r.kind === 'group' ? `# ${r.label}${r.folded ? ' (folded)' : ''}` : r.index))).toEqual(['# alpha (folded)', '# beta', 1, `# ${NO_TOOL_GROUP}`, 3, '# gamma', 4]);
  });
});

describe('F8 and Shift+F8', () => {
  it('move to the next and previous problem, round the ends, starting from the first or last', () => {
    expect(stepProblem(problems, null, 1)).toBe(0);
    expect(stepProblem(problems, null, -1)).toBe(4);
    expect(stepProblem(problems, problemKey(problems[0]!), 1)).toBe(1);
    expect(stepProblem(problems, problemKey(problems[4]!), 1)).toBe(0);
    expect(stepProblem(problems, problemKey(problems[0]!), -1)).toBe(4);
    expect(stepProblem([], null, 1)).toBe(-1);
  });
});
