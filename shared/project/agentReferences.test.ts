import { describe, expect, it } from 'vitest';
import { resolveHocon } from '../hocon/index';
import { factsFor, NEWEST_KNOWN_VERSION, parseVersion } from '../neurosan/versions/index';
import { checkAgentReferences } from './agentReferences';

/** MissingNodesNetworkValidator's finding, in its words where the release validates networks. Networks written here. */
const lines = (text: string, version = NEWEST_KNOWN_VERSION) =>
  checkAgentReferences(resolveHocon(text).value, factsFor(parseVersion(version)!)).map((d) => `${d.line}:${d.column} ${d.rule} ${d.message}`);

const text = `tools = [
  { name = front, instructions = "Route.", tools = ["helper", "helpr", "/other/net", "https://example.com/mcp", "gone"] }
  { name = helper, instructions = "Help." }
]`;

describe('undefined-agent', () => {
  it("at each missing name, neuro-san's one line for the agent first (from 0.5.68)", () => {
    const theirs = "Agent 'front' references non-existent agent(s) in tools: 'helpr', 'gone'";
    expect(lines(text)).toEqual([
      `2:${text.split('\n')[1]!.indexOf('"helpr"') + 1} undefined-agent ${theirs} ('helpr' is no agent of this network; another network is written '/path/name'.)`,
      `2:${text.split('\n')[1]!.indexOf('"gone"') + 1} undefined-agent ${theirs} ('gone' is no agent of this network; another network is written '/path/name'.)`,
    ]);
    expect(lines(text, '0.5.55')[0]).toContain("Agent 'front' calls 'helpr', which is no agent of this network");
  });

  it('a name commondefs may replace is not judged, nor a network with every name defined', () => {
    expect(lines(`commondefs { replacement_values { helpr = "helper" } }\n${text.replace(', "gone"', '')}`)).toEqual([]);
    expect(lines(text.replace(', "helpr"', '').replace(', "gone"', ''))).toEqual([]);
  });
});
