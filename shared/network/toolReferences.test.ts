import { describe, expect, it } from 'vitest';
import { resolveHocon } from '../hocon/index';
import { classifyToolReference, externalSafeName } from './toolReferences';

const entry = (json: string) => {
  const root = resolveHocon(`x = ${json}`, { fileName: 't.hocon' }).value;
  return root.fields.value('x')!;
};

describe("a tools entry no agent of the network has, as neuro-san's ExternalAgentParsing reads it", () => {
  it('MCP first (an object, https://mcp..., .../mcp), then an external agent by its URL path, else nothing', () => {
    expect(classifyToolReference(entry('{ "url": "http://localhost:9000/sse" }'))).toBe('mcp');
    expect(classifyToolReference(entry('"https://mcp.deepwiki.com/sse"'))).toBe('mcp');
    expect(classifyToolReference(entry('"http://localhost:8000/mcp/"'))).toBe('mcp');
    expect(classifyToolReference(entry('"/math/solver"'))).toBe('network');
    // A URL that is no MCP server names an external agent by its path (not an MCP server, as ://  alone suggested).
    expect(classifyToolReference(entry('"http://localhost:8080/music_nerd"'))).toBe('network');
    expect(classifyToolReference(entry('"/"'))).toBe('unknown');
    expect(classifyToolReference(entry('"helper"'))).toBe('unknown');
    expect(classifyToolReference(entry('"http://localhost:8080"'))).toBe('unknown');
  });

  it("names an external agent as the LLM calls it: '__' and each '/' as '__' (get_safe_agent_name)", () => {
    expect(externalSafeName('/math/solver')).toEqual({ safeName: '__math__solver', agentName: 'math/solver' });
    expect(externalSafeName('http://host:8080/music_nerd?x=1')).toEqual({ safeName: '__music_nerd', agentName: 'music_nerd' });
  });
});
