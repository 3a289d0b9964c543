import { describe, expect, it } from 'vitest';
import { resolveHocon } from '../hocon/index';
import { factsFor, NEWEST_KNOWN_VERSION, parseVersion } from '../neurosan/versions/index';
import { checkNetworkValidators } from './networkValidators';

/**
 * Conformance: one minimal network per check of neuro-san's ManifestNetworkValidator and its clean twin. Each
 * positive is reported in neuro-san's words (neuro_san/internals/validation/network/) at its line; each twin is
 * quiet. Networks are written here, none copied.
 */
const served = new Set(['basic/helper']);
function check(text: string, version = NEWEST_KNOWN_VERSION) {
  const root = resolveHocon(text, { fileName: 'registries/n.hocon' }).value;
  return checkNetworkValidators(root, { facts: factsFor(parseVersion(version)!), knownNetwork: (n) => served.has(n) });
}
const lines = (text: string, version?: string) => check(text, version).map((d) => `${d.line} ${d.severity} ${d.rule} ${d.message}`);

/** A network of agents `name: [calls]`, with extra HOCON per agent. */
function net(agents: [string, string[], string?][]): string {
  const body = agents.map(([name, calls, extra]) => `  {\n    name = "${name}"\n    instructions = "Do it."\n    tools = ${JSON.stringify(calls)}\n${extra ? `    ${extra}\n` : ''}  }`);
  return `tools = [\n${body.join('\n')}\n]\n`;
}
const lineOf = (text: string, what: string) => text.slice(0, text.indexOf(what)).split('\n').length;

describe('KeywordNetworkValidator', () => {
  it('network-instructions-empty: "" is refused from PR #460, at the value', () => {
    const text = net([['front', ['a']], ['a', [], 'instructions = ""']]);
    expect(lines(text)).toEqual([`${lineOf(text, 'instructions = ""')} error network-instructions-empty a 'instructions' cannot be empty.`]);
    expect(lines(net([['front', ['a']], ['a', [], 'instructions = "Answer."']]))).toEqual([]);
  });

  it('network-function-shape and network-description-empty, from 0.6.57 (PR #862)', () => {
    const text = net([['front', ['a', 'b']], ['a', [], 'function = "x"'], ['b', [], 'function { description = "" }']]);
    expect(lines(text)).toEqual([
      `${lineOf(text, 'function = "x"')} error network-function-shape a 'function' must be a dict, got str.`,
      `${lineOf(text, 'description = ""')} error network-description-empty b 'function.description' cannot be empty.`,
    ]);
    expect(lines(net([['front', ['a']], ['a', [], 'function { description = "Adds." }']]))).toEqual([]);
    // 0.6.43 is before the window (0.6.44–0.6.57): not checked.
    expect(lines(text, '0.6.43')).toEqual([]);
    expect(lines(text, '0.6.50')).toEqual([]);
  });
});

describe('KeywordNetworkValidator, blank and non-string values (0.6.57; window from 0.6.44)', () => {
  it('network-instructions-empty: instructions of whitespace only, at the value; not inside the window', () => {
    const text = net([['front', ['a']], ['a', [], 'instructions = "  \\n\\t"']]);
    expect(lines(text)).toEqual([`${lineOf(text, 'instructions = "  ')} error network-instructions-empty a 'instructions' cannot be empty.`]);
    expect(lines(text, '0.6.50')).toEqual([]);
    expect(lines(text, '0.6.57')).toHaveLength(1);
    // Blank as Python's strip() sees it: U+3000 is whitespace, U+FEFF is not (JavaScript's trim() removes both).
    expect(lines(net([['front', ['a']], ['a', [], 'instructions = "\\u3000"']]))).toHaveLength(1);
    expect(lines(net([['front', ['a']], ['a', [], 'instructions = "\\ufeff"']]))).toEqual([]);
    expect(lines(net([['front', ['a']], ['a', [], 'instructions = " Answer. "']]))).toEqual([]);
  });

  it('network-instructions-shape: instructions that are no str, at the value, from 0.6.54 (issue #852; window from 0.6.44); null passes', () => {
    // The later key wins (HOCON), as in neuro-san's reading.
    const text = net([['front', ['a', 'b']], ['a', [], 'instructions = 3'], ['b', [], 'instructions = ["Answer."]']]);
    expect(lines(text)).toEqual([
      `${lineOf(text, 'instructions = 3')} error network-instructions-shape a 'instructions' must be a str, got int.`,
      `${lineOf(text, 'instructions = ["Answer."]')} error network-instructions-shape b 'instructions' must be a str, got list.`,
    ]);
    expect(lines(text, '0.6.54')).toHaveLength(2);
    expect(lines(text, '0.6.50')).toEqual([]);
    expect(lines(net([['front', ['a']], ['a', [], 'instructions = null']]))).toEqual([]);
  });

  it('network-description-empty: a function.description of whitespace only; "" inside the window', () => {
    const text = net([['front', ['a']], ['a', [], 'function { description = "   " }']]);
    expect(lines(text)).toEqual([`${lineOf(text, 'description = "   "')} error network-description-empty a 'function.description' cannot be empty.`]);
    expect(lines(text, '0.6.50')).toEqual([]);
    expect(lines(net([['front', ['a']], ['a', [], 'function { description = " Adds. " }']]))).toEqual([]);
  });

  it('a blank value commondefs may change is not judged', () => {
    const text = `commondefs { replacement_strings { x = "y" } }\n` + net([['front', ['a']], ['a', [], 'instructions = " {x} "']]);
    expect(lines(text)).toEqual([]);
  });
});

describe('KeywordNetworkValidator\'s "tools" (0.6.54), then ToolsShapeValidator (PR #993, 0.6.57)', () => {
  it('network-tools-shape: "tools" a string, with a fix making it a list, from 0.6.54 (window from 0.6.44); the structure is then not judged', () => {
    const text = net([['front', ['a']], ['a', [], '']]).replace('tools = []', 'tools = "front"');
    const ds = check(text);
    expect(ds.map((d) => `${d.line} ${d.rule} ${d.message}`)).toEqual([`${lineOf(text, 'tools = "front"')} network-tools-shape a 'tools' must be a list, got str.`]);
    expect(ds[0]!.fix?.title).toBe('Make "tools" a list');
    // PR #962 only ran this check first: the same words from 0.6.54 on, nothing inside the window.
    expect(lines(text, '0.6.54')).toEqual(lines(text));
    expect(lines(text, '0.6.50')).toEqual([]);
  });

  it('network-tools-shape: an element that is no str or dict, and args.tools that is no dict or list', () => {
    const text = net([['front', ['a']], ['a', [], 'args { tools = 3 }']]).replace('tools = ["a"]', 'tools = ["a", 7]');
    expect(lines(text)).toEqual([
      `${lineOf(text, '7]')} error network-tools-shape front 'tools[1]' must be a str or dict, got int.`,
      `${lineOf(text, 'tools = 3')} error network-tools-shape a 'args.tools' must be a dict or list, got int.`,
    ]);
    expect(lines(net([['front', ['a']], ['a', [], 'args { tools = ["b"] }'], ['b', []]]))).toEqual([]);
    // args.tools is checked from PR #993 only.
    expect(lines(text, '0.6.55').map((l) => l.split(' ')[2])).toEqual(['network-tools-shape']);
  });
});

describe('UnreachableNodesNetworkValidator', () => {
  it('network-front-man: none (a cycle), in the words of the version', () => {
    const text = net([['a', ['b']], ['b', ['a']]]);
    expect(lines(text)).toEqual([`1 error network-front-man No front man agent found in network. (Every agent that calls others is called by one: neuro-san finds no front man to start from.)`]);
    expect(lines(text, '0.6.23')[0]).toContain('No top agent found in network.');
    expect(lines(net([['a', ['b']], ['b', []]]))).toEqual([]);
    expect(lines(net([['alone', []]]))).toEqual([]);
  });

  it('network-front-man: several, at the first', () => {
    const text = net([['one', ['c']], ['two', ['c']], ['c', []]]);
    expect(lines(text)).toEqual([`${lineOf(text, '"one"')} error network-front-man Multiple front man agents found: ['one', 'two']. Expected exactly one. (Each calls others and is called by none.)`]);
    expect(lines(net([['one', ['two']], ['two', ['c']], ['c', []]]))).toEqual([]);
  });

  it('network-unreachable-agent: at each agent no one reaches', () => {
    const text = net([['front', ['a']], ['a', []], ['lost', []]]);
    expect(lines(text)).toEqual([
      `${lineOf(text, '"lost"')} error network-unreachable-agent Unreachable agents found: ['lost'] ('lost': no agent the front man 'front' reaches names it in "tools" or a coded tool's "args.tools".)`,
    ]);
    expect(lines(net([['front', ['a', 'lost']], ['a', []], ['lost', []]]))).toEqual([]);
  });

  it("a coded tool's args.tools reaches its agents from 0.6.23 (PR #636); before the window (0.6.14) they are unreachable; inside it nothing is said", () => {
    const text = net([['front', ['coded']], ['coded', [], 'class = "m.C"\n    args { tools { helper = "worker" } }'], ['worker', []]]);
    expect(lines(text)).toEqual([]);
    expect(lines(text, '0.6.13').map((l) => l.split(' ').slice(0, 3).join(' '))).toEqual([`${lineOf(text, 'name = "worker"')} error network-unreachable-agent`]);
    expect(lines(text, '0.6.21')).toEqual([]);
  });

  it('a list of args.tools and a front man found through args.tools count from 0.6.57 (PR #993) only', () => {
    const text = net([['front', [], 'class = "m.C"\n    args { tools = ["worker"] }'], ['worker', ['leaf']], ['leaf', []]]);
    expect(lines(text)).toEqual([]);
    expect(lines(text, '0.6.50')).toEqual([]);
  });
});

describe('ToolNameNetworkValidator', () => {
  it('network-agent-name: a name outside ^[a-zA-Z0-9_-]+$, at the name', () => {
    const text = net([['front', ['my agent']], ['my agent', []]]);
    expect(lines(text)).toEqual([`${lineOf(text, '"my agent"\n')} error network-agent-name my agent must match the regex '^[a-zA-Z0-9_-]+$'`]);
    expect(lines(net([['front', ['my_agent']], ['my_agent', []]]))).toEqual([]);
  });
});

describe('UrlNetworkValidator', () => {
  it('network-path-tool: a "/" tool no manifest serves, in the words of the version (PR #919: 0.6.52, window from 0.6.50)', () => {
    const text = net([['front', ['/basic/gone']]]);
    const at = `${lineOf(text, '/basic/gone')} error network-path-tool`;
    const served = "(No manifest of the project serves 'basic/gone'.)";
    const unrecognized = `${at} Agent 'front' references an unrecognized URL or path tool '/basic/gone'. Expected an external agent or network name starting with '/' (e.g. '/bank_ops'), an MCP server, an http(s):// URL, or an MCP endpoint. ${served}`;
    const invalid = `${at} Agent 'front' has invalid URL or path in tools. Invalid tool: '/basic/gone'. ${served}`;
    expect(lines(text)).toEqual([unrecognized]);
    expect(lines(text, '0.6.52')).toEqual([unrecognized]);
    // Inside the window the error stands (both sides make it), in the words the release certainly had.
    expect(lines(text, '0.6.50')).toEqual([invalid]);
    expect(lines(text, '0.6.49')).toEqual([invalid]);
    expect(lines(net([['front', ['/basic/helper', '/x/mcp', '/y/mcp/', 'https://example.com/sse']]]))).toEqual([]);
    // Without a manifest to say what is served (a file alone), nothing is judged.
    const root = resolveHocon(text, { fileName: 'n.hocon' }).value;
    expect(checkNetworkValidators(root, { facts: factsFor(parseVersion(NEWEST_KNOWN_VERSION)!) })).toEqual([]);
  });
});

describe('what the server does not refuse, or does not see as written', () => {
  it('before 0.5.68 (PR #460, window from 0.5.66) nothing is checked', () => {
    const text = net([['front', ['a']], ['a', [], 'instructions = ""']]);
    expect(lines(text, '0.5.65')).toEqual([]);
    expect(lines(text, '0.5.66')).toEqual([]);
    expect(lines(text, '0.5.68')).toHaveLength(1);
  });

  it('a value commondefs may replace is not judged (the server validates after its filters)', () => {
    const text = `commondefs { replacement_values { ${'"'}helpers${'"'} = ["a"] } }\n` + net([['front', []], ['a', []]]).replace('tools = []', 'tools = "helpers"');
    expect(lines(text)).toEqual([]);
  });

  it('cycles are not reported: the server leaves out its CyclesNetworkValidator', () => {
    expect(lines(net([['front', ['a']], ['a', ['b']], ['b', ['a']]]))).toEqual([]);
  });
});

describe('the parameter validators of PR #984 (0.6.95; window from 0.6.56)', () => {
  const agent = (parameters: string) => net([['front', ['a']], ['a', [], `function { description = "Adds.", parameters = ${parameters} }`]]);

  it('network-parameters-shape: parameters null (with a fix) or no dict, at the value; not inside the window', () => {
    const text = agent('null');
    const ds = check(text);
    expect(ds.map((d) => `${d.line} ${d.rule} ${d.message}`)).toEqual([`${lineOf(text, 'parameters = null')} network-parameters-shape a: 'parameters' is null - use {} or remove the key`]);
    expect(ds[0]!.fix?.title).toBe('Make "parameters" an empty object');
    expect(lines(agent('"x"'))).toEqual([`${lineOf(agent('"x"'), 'parameters = "x"')} error network-parameters-shape a: 'parameters' must be object, got str`]);
    expect(lines(text, '0.6.80')).toEqual([]);
    expect(lines(text, '0.6.55')).toEqual([]);
    expect(lines(agent('{}'))).toEqual([]);
  });

  it('network-parameters-nested: a parameters key inside the schema, at its key, with its path', () => {
    const text = agent('{ type = object, properties { q { type = object, parameters { properties { x { type = string } } } } } }');
    expect(lines(text)).toEqual([
      `${lineOf(text, 'parameters {')} error network-parameters-nested a: 'parameters.properties.q' contains a nested 'parameters' key - move the inner 'properties' and 'required' up one level`,
    ]);
    expect(lines(agent('{ type = object, properties { q { type = object, properties { x { type = string } } } } }'))).toEqual([]);
  });

  it('network-parameters-required: names no property defines, listed as Python prints them, with the closest name as a fix', () => {
    const text = agent('{ type = object, properties { query { type = string } }, required = ["querry", 3] }');
    expect(lines(text)).toEqual([`${lineOf(text, '"querry"')} error network-parameters-required a: parameters.required has undefined props ['querry', 3]`]);
    const one = agent('{ type = object, properties { query { type = string } }, required = ["querry"] }');
    expect(check(one)[0]!.fix?.title).toBe('Change to "query"');
    expect(lines(agent('{ type = object, properties { query { type = string } }, required = ["query"] }'))).toEqual([]);
    // As repr() prints them: a newline escaped, a float with its point, a quote choosing the other quotes.
    const odd = agent('{ type = object, properties { q { type = string } }, required = ["a\\nb", 2.0, "it\'s"] }');
    expect(lines(odd)[0]).toMatch(/has undefined props \['a\\nb', 2\.0, "it's"\]$/);
  });

  it('network-parameters-conversion: what the converter raises on, after neuro-san\'s words; a string "items" passes (the validator makes it a schema)', () => {
    const text = agent('{ type = object, properties { q = "string", tags { type = array } } }');
    expect(lines(text)).toEqual([
      `${lineOf(text, 'q = "string"')} error network-parameters-conversion a: pydantic model conversion failed - Field 'q' of 'a' must be a dictionary (a JSON Schema with a "type"): neuro-san fails on a string ('str' object has no attribute 'get').`,
      `${lineOf(text, 'tags {')} error network-parameters-conversion a: pydantic model conversion failed - Field 'tags' of 'a' is an array without "items": neuro-san reads the type of its elements there ('NoneType' object has no attribute 'get').`,
    ]);
    const known = agent('{ type = object, properties { q { type = string }, tags { type = array, items = "other" } } }');
    expect(lines(known)).toEqual([]);
  });

  it('an unknown type name: refused in the words of the converter the release has', () => {
    const text = agent('{ type = object, properties { n { type = long } } }');
    expect(lines(text)).toEqual([`${lineOf(text, 'type = long')} error network-parameters-conversion a: pydantic model conversion failed - Unrecognized type 'long' for field 'n'.`]);
    expect(check(text)[0]!.fix?.title).toBe('Change "long" to "integer"');
    expect(lines(agent('{ type = object, properties { n { type = integer } } }'))).toEqual([]);
  });

  it('a schema commondefs may change is not judged; a description it changes does not matter', () => {
    const defs = 'commondefs { replacement_values { query_schema { type = string } }, replacement_strings { topic = "sums" } }\n';
    expect(lines(defs + agent('{ type = object, properties { q = "query_schema" } }'))).toEqual([]);
    const text = defs + agent('{ type = object, properties { q = "x", d { type = string, description = "About {topic}." } } }');
    expect(lines(text).map((l) => l.split(' ')[2])).toEqual(['network-parameters-conversion']);
  });
});

describe('ProviderToolsNetworkValidator (issue #1349: in no release the editor knows)', () => {
  const newer = '0.7.99';

  it('network-provider-tools: not a list, an entry that is no dict, a near miss, a copy inside a fallbacks entry', () => {
    const text = [
      'llm_config { builtin_tools = [{ google_search {} }] }',
      net([
        ['front', ['a'], 'llm_config { provider_tools = "web_search" }'],
        ['a', [], 'llm_config { provider_tools = [{ type = web_search }, "x"], fallbacks = [{ model_name = m, provider_tools = [] }] }'],
      ]),
    ].join('\n');
    expect(lines(text, newer)).toEqual([
      `1 error network-provider-tools network 'llm_config.builtin_tools' is not a recognized key; did you mean 'provider_tools'?`,
      `${lineOf(text, '"web_search"')} error network-provider-tools front 'llm_config.provider_tools' must be a list, got str.`,
      `${lineOf(text, '"x"]')} error network-provider-tools a 'llm_config.provider_tools[1]' must be a dict, got str.`,
      `${lineOf(text, 'fallbacks')} error network-provider-tools a 'llm_config.fallbacks[0].provider_tools' is ignored at runtime; declare provider_tools at the top level of llm_config so it applies to every fallback.`,
    ]);
    expect(lines(text)).toEqual([]);
    expect(lines(`llm_config { provider_tools = [{ type = web_search }] }\n` + net([['front', ['a']], ['a', []]]), newer)).toEqual([]);
  });

  it('network-provider-tools: a Gemini agent with other tools, or more than one built-in (the network\'s once)', () => {
    const text = 'llm_config { class = gemini, provider_tools = [{ google_search {} }, { code_execution {} }] }\n' + net([['front', ['a']], ['a', []]]);
    expect(lines(text, newer)).toEqual([
      `${lineOf(text, 'provider_tools')} error network-provider-tools network declares 2 Gemini provider_tools; Gemini supports one built-in entry per agent in this release.`,
      `${lineOf(text, 'tools = ["a"]')} error network-provider-tools front declares Gemini provider_tools together with other tools (a); Gemini rejects built-in tools mixed with function tools and mis-converts the other tools' schemas, so move the built-in to an agent with no other tools.`,
    ]);
    expect(lines('llm_config { class = gemini, provider_tools = [{ google_search {} }] }\n' + net([['front', []]]), newer)).toEqual([]);
  });
});
