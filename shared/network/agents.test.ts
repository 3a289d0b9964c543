import { describe, expect, it } from 'vitest';
import { resolveHocon } from '../hocon/index';
import { readNetworkAgents } from './agents';
import { factsFor, parseVersion } from '../neurosan/versions/index';

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

  it('a second agent of one name is refused (the first kept, said where); a coded first agent is no front man', () => {
    const net = read(`{ "tools": [ { "name": "a", "class": "x.Y" }, { "name": "b" }, { "name": "a", "toolbox": "t" } ] }`);
    expect(net.agents.map((a) => [a.name, a.kind])).toEqual([
      ['a', 'coded'],
      ['b', 'llm'],
    ]);
    expect(net.frontMan).toBeUndefined();
    expect(net.problems.map((p) => p.message)).toEqual([
      expect.stringContaining('"a" appears to have a duplicate entry'),
      expect.stringContaining("No valid front man: the front man is the first agent, and 'a' is a coded tool"),
    ]);
    expect(net.problems[0]!.at.start).toBeGreaterThan(net.agents[1]!.at.start);
  });

  it("names an agent by its function's name first, as get_name_from_spec does", () => {
    const net = read(`{ "tools": [ { "name": "boss", "function": { "name": "lead", "description": "d" }, "instructions": "i", "tools": ["helper"] }, { "name": "helper" } ] }`);
    expect(net.agents.map((a) => a.name)).toEqual(['lead', 'helper']);
    expect(net.frontMan).toBe('lead');
  });
});

describe('the front man by release (facts frontMan)', () => {
  const text = `{ "tools": [
    { "name": "tool", "class": "x.Y", "function": { "description": "coded" } },
    { "name": "helper", "instructions": "help", "function": { "description": "h", "parameters": { "type": "object", "properties": {} } } },
    { "name": "boss", "instructions": "lead", "function": { "description": "b" }, "tools": ["helper", "tool"] }
  ] }`;
  const at = (release: string) => readNetworkAgents(resolveHocon(text, { fileName: 'net.hocon' }).value, factsFor(parseVersion(release)!));

  it('0.5.55 on: the first agent, which here is a coded tool, so none', () => {
    expect(at('0.5.55').frontMan).toBeUndefined();
    expect(at('0.5.55').problems[0]!.message).toContain("'tool' is a coded tool");
  });

  it('0.5.52 to 0.5.54: the first agent that is neither a coded tool nor a toolbox tool', () => {
    expect(at('0.5.54').frontMan).toBe('helper');
    expect(at('0.5.54').problems).toEqual([]);
  });

  it('0.5.40 to 0.5.51: the instructed agent whose function has no parameters', () => {
    expect(at('0.5.40').frontMan).toBe('boss');
    expect(at('0.5.51').agents.find((a) => a.frontMan)?.name).toBe('boss');
  });

  it('0.5.20 to 0.5.39 the same; before 0.5.20 the coded tool (no instructions needed) competes: two is an error', () => {
    expect(at('0.5.39').frontMan).toBe('boss');
    const old = at('0.5.19');
    expect(old.frontMan).toBeUndefined();
    expect(old.problems[0]!.message).toBe(`Found > 1 front man: 'tool', 'boss' (each has a "function" without "parameters").`);
  });
});

describe('commondefs, as the restorer applies them before AgentNetwork reads', () => {
  it('replacement_strings in descriptions and replacement_values in tools lists: the model shows what the LLM gets', () => {
    const net = read(`{
      "commondefs": {
        "replacement_strings": { "topic": "music", "aaosa": "Ask about {topic}." },
        "replacement_values": { "crew": ["a", "b"], "boss_name": "boss" }
      },
      "tools": [
        { "name": "boss", "instructions": "lead", "function": { "description": "About {topic}. {aaosa}" }, "tools": "crew" },
        { "name": "a", "function": { "description": "I know {topic}" } },
        { "name": "b", "class": "x.Y" }
      ]
    }`);
    const boss = net.agents[0]!;
    expect(boss.calls.map((c) => [c.name, c.kind])).toEqual([
      ['a', 'agent'],
      ['b', 'agent'],
    ]);
    const fn = boss.spec.fields.value('function');
    const description = fn?.kind === 'object' ? fn.fields.value('description') : undefined;
    expect(description?.kind === 'string' && description.value).toBe('About music. Ask about music.');
    // The replaced text keeps the place the user wrote it.
    expect(description!.source.text.slice(description!.start, description!.end)).toBe('"About {topic}. {aaosa}"');
  });
});
