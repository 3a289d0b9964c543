import { describe, expect, it } from 'vitest';
import { offeredTools, providerSafeName, resolveFilterEntry, unmatchedFilterEntries } from './mcpToolNames';

describe("neuro-san's names for an MCP server's tools", () => {
  it('makes names provider-safe as McpToolNameFilter does', () => {
    expect(providerSafeName('deep/math_guy')).toBe('deep__math_guy');
    expect(providerSafeName('Agent.1 x')).toBe('Agent_1_x');
    expect(providerSafeName('café')).toBe('caf_');
    expect(providerSafeName('a😀b')).toBe('a_b');
    expect(providerSafeName('get-sum')).toBe('get-sum');
  });

  it('matches a filter entry in either spelling, the exact one first', () => {
    expect(resolveFilterEntry('deep__math_guy', ['deep/math_guy'])).toBe('deep/math_guy');
    expect(resolveFilterEntry('a.b', ['a_b'])).toBe('a_b');
    expect(resolveFilterEntry('a/b', ['a__b', 'a/b'])).toBe('a/b');
    expect(unmatchedFilterEntries(['echo', 'no_such_tool', 'get.sum'], ['echo', 'get_sum'])).toEqual(['no_such_tool']);
  });

  it('filters first, then renames; a name another tool already has is skipped', () => {
    const offered = offeredTools(['a/b', 'a__b', 'x.y', 'echo'], null);
    expect(offered.map((t) => [t.original, t.offered, t.skipped !== undefined])).toEqual([
      ['a/b', 'a__b', true],
      ['a__b', 'a__b', false],
      ['x.y', 'x_y', false],
      ['echo', 'echo', false],
    ]);
    expect(offeredTools(['echo', 'add', 'x.y'], ['x_y', 'echo']).map((t) => t.offered)).toEqual(['echo', 'x_y']);
    // An empty list keeps every tool, as neuro-san reads it.
    expect(offeredTools(['echo', 'add'], []).map((t) => t.offered)).toEqual(['echo', 'add']);
  });
});
