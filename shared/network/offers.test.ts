import { describe, expect, it } from 'vitest';
import { resolveHocon } from '../hocon/index';
import { loadToolbox } from '../toolbox/loadToolbox';
import { memoryHost } from '../toolbox/testHost';
import { factsFor, parseVersion } from '../neurosan/versions/index';
import { readNetworkAgents } from './agents';
import { agentOffers } from './offers';

const toolbox = loadToolbox({
  host: memoryHost({
    'default.hocon': 'get_current_date_time { class = "date.Now", description = "Tells the current date and time" }',
    'user.hocon': [
      'search_web { class = "web.Search", description = "Searches the web for pages about a topic", parameters { type = object, properties { query { type = string, description = "What to look for" } }, required = [query] } }',
      'wiki { class = "langchain_community.tools.WikipediaQueryRun" }',
    ].join('\n'),
  }),
  defaultFile: 'default.hocon',
  userFile: 'user.hocon',
});

const network = (text: string) => readNetworkAgents(resolveHocon(text, { fileName: 'net.hocon' }).value);

const NET = `{
  "tools": [
    { "name": "boss", "instructions": "lead", "function": { "description": "The front" },
      "tools": ["helper", "calc", "search", "wiki", "now", "/math/solver", "/elsewhere", "https://mcp.deepwiki.com/mcp", "ghost", "silent"] },
    { "name": "helper", "instructions": "help", "function": { "description": "Answers questions about music",
      "parameters": { "type": "object", "properties": { "inquiry": { "type": "string", "description": "The question" }, "count": { "type": "int" } }, "required": ["inquiry"] } } },
    { "name": "calc", "class": "calc.Calc", "function": { "description": "Adds numbers", "parameters": { "type": "object", "properties": { "a": { "type": "float" } } } } },
    { "name": "search", "toolbox": "search_web" },
    { "name": "wiki", "toolbox": "wiki" },
    { "name": "now", "toolbox": "get_current_date_time" },
    { "name": "silent", "instructions": "no function" }
  ]
}`;

const SOLVER = `{ "tools": [ { "name": "solver", "instructions": "solve", "function": { "description": "Solves equations", "parameters": { "type": "object", "properties": { "equation": { "type": "string" } } } } } ] }`;

describe('agentOffers: what one agent\'s LLM is offered, as neuro-san builds it', () => {
  const net = network(NET);
  const offers = agentOffers(net, 'boss', {
    toolbox,
    servedNetwork: (name) => (name === 'math/solver' ? network(SOLVER) : undefined),
    count: (text) => ({ tokens: text.length, estimated: false }),
  })!;

  it('names each function after the agent that lists it, from the agent, the toolbox, the code, a network or MCP', () => {
    expect(offers.offered.map((o) => [o.name, o.from])).toEqual([
      ['helper', 'agent'],
      ['calc', 'coded'],
      ['search', 'toolbox'],
      ['wiki', 'toolbox'],
      ['now', 'toolbox'],
      ['__math__solver', 'network'],
      ['__elsewhere', 'network'],
      ['https://mcp.deepwiki.com/mcp', 'mcp'],
    ]);
  });

  it("gives the parameters neuro-san's converter makes (int as integer), a toolbox coded tool's entry as its function", () => {
    const helper = offers.offered[0]!;
    expect(helper.description).toBe('Answers questions about music');
    expect(helper.parameters).toMatchObject({ type: 'object', properties: { inquiry: { type: 'string', description: 'The question' } }, required: ['inquiry'] });
    // Left out of `required`: Optional[int] = None under the newest release's pydantic v2.
    expect(helper.parameters!.properties).toMatchObject({ count: { anyOf: [{ type: 'integer' }, { type: 'null' }], default: null } });
    const search = offers.offered[2]!;
    expect(search.description).toBe('Searches the web for pages about a topic');
    expect(search.parameters).toMatchObject({ properties: { query: { type: 'string' } }, required: ['query'] });
    expect(offers.offered[4]!.description).toBe('Tells the current date and time');
  });

  it('says what is not known here: a LangChain class, a network the project lacks, an MCP server', () => {
    const [wiki, elsewhere, mcp] = [offers.offered[3]!, offers.offered[6]!, offers.offered[7]!];
    expect([wiki.description, wiki.parameters]).toEqual([null, null]);
    expect(wiki.note).toContain('langchain_community.tools.WikipediaQueryRun');
    expect(elsewhere.note).toContain('unknown');
    expect(mcp.note).toContain('listed by the server, on request');
    expect(offers.offered[5]!.description).toBe('Solves equations');
  });

  it('lists what gives the LLM nothing: a name no agent has, an agent without a function', () => {
    expect(offers.notOffered.map((n) => n.listedAs)).toEqual(['ghost', 'silent']);
    expect(offers.notOffered[1]!.why).toContain('no "function"');
  });

  it('counts the functions as a request carries them, partial when some are unknown', () => {
    expect(offers.tokens).toMatchObject({ partial: true, estimated: false });
    expect(offers.tokens!.count).toBeGreaterThan(200);
  });

  it('a coded tool has no LLM, so nothing; an unknown agent is undefined', () => {
    expect(agentOffers(net, 'calc', { toolbox })!.offered).toEqual([]);
    expect(agentOffers(net, 'nobody', { toolbox })).toBeUndefined();
  });

  it("pairs only that agent's offers an LLM could confuse", () => {
    const twins = network(`{ "tools": [
      { "name": "a", "instructions": "x", "tools": ["weather_now", "weather_today", "other"] },
      { "name": "weather_now", "instructions": "w", "function": { "description": "Reports the weather forecast for a city today" } },
      { "name": "weather_today", "instructions": "w", "function": { "description": "Reports the weather forecast for a city" } },
      { "name": "other", "instructions": "o", "function": { "description": "Books a table at a restaurant" } },
      { "name": "b", "instructions": "y", "tools": ["weather_now", "other"] }
    ] }`);
    expect(agentOffers(twins, 'a')!.confusable.map((p) => [p.a, p.b])).toEqual([['weather_now', 'weather_today']]);
    expect(agentOffers(twins, 'b')!.confusable).toEqual([]);
  });

  it("an unknown type name: neuro-san's converter refuses it from pydantic v2 on (0.6.98), said in the offer", () => {
    const odd = network(`{ "tools": [ { "name": "a", "instructions": "x", "tools": ["b"] },
      { "name": "b", "instructions": "y", "function": { "description": "d", "parameters": { "type": "object", "properties": { "n": { "type": "integr" } } } } } ] }`);
    const offer = agentOffers(odd, 'a', { facts: factsFor(parseVersion('0.6.98')!) })!.offered[0]!;
    expect(offer.parameters).toBeNull();
    expect(offer.note).toContain('integr');
  });
});
