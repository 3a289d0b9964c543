import { describe, expect, it } from 'vitest';
import type { ToolSummary } from '../../shared/api/index';
import { filterTools } from './toolFilter';

const tool = (name: string, errors: number, warnings: number, hints: number) => ({ name, kind: 'coded', errors, warnings, hints }) as unknown as ToolSummary;

describe('the tool list filter', () => {
  it('"has problems" keeps tools with errors or warnings, not those with style hints only', () => {
    const tools = [tool('broken', 1, 0, 0), tool('doubtful', 0, 1, 2), tool('terse', 0, 0, 3), tool('clean', 0, 0, 0)];
    expect(filterTools(tools, { text: '', kind: 'all', onlyProblems: true }).map((t) => t.name)).toEqual(['broken', 'doubtful']);
    expect(filterTools(tools, { text: '', kind: 'all', onlyProblems: false })).toHaveLength(4);
  });
});
