import { describe, expect, it } from 'vitest';
import { resolveHocon } from '../hocon/index';
import { readNetworkAgents } from './agents';

const read = (text: string) => readNetworkAgents(resolveHocon(text, { fileName: 'net.hocon' }).value);

describe('readNetworkAgents', () => {
  it('lists agents in file order, the first the front man, each call classified', () => {
    const net = read(`{
      "tools": [
        { "name": "boss", "instructions": "lead", "tools": ["helper", "/other/net", "https://mcp.example/mcp", "ghost"] },
        { "name": "helper", "class": "pkg.Helper" },
        { "name": "search", "toolbox": "website_search" }
      ]
    }`);
    expect(net.frontMan).toBe('boss');
    expect(net.agents.map((a) => [a.name, a.kind, a.target ?? null])).toEqual([
      ['boss', 'llm', null],
      ['helper', 'coded', 'pkg.Helper'],
      ['search', 'toolbox', 'website_search'],
    ]);
    expect(net.agents[0]!.calls.map((c) => [c.name, c.kind])).toEqual([
      ['helper', 'agent'],
      ['/other/net', 'network'],
      ['https://mcp.example/mcp', 'mcp'],
      ['ghost', 'unknown'],
    ]);
  });

  it('a later agent of the same name replaces the first in its place; a coded first agent is no front man', () => {
    const net = read(`{ "tools": [ { "name": "a", "class": "x.Y" }, { "name": "b" }, { "name": "a", "toolbox": "t" } ] }`);
    expect(net.agents.map((a) => [a.name, a.kind])).toEqual([
      ['a', 'toolbox'],
      ['b', 'llm'],
    ]);
    expect(net.frontMan).toBeUndefined();
  });
});
