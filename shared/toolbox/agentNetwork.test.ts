import { describe, expect, it } from 'vitest';
import { loadAgentNetwork } from './agentNetwork';
import { memoryHost } from './testHost';

const files = {
  'default.hocon': 'get_time { class = "get_time.GetTime", description = "Gets the time" }',
  'toolbox/mine.hocon': 'search { class = "a.b.Search", args { max_results = 5 } }',
  'toolbox/env.hocon': 'from_env { class = "a.b.Env" }',
  'net.hocon': [
    '{',
    '  "toolbox_info_file": "toolbox/mine.hocon",',
    '  "tools": [',
    '    { "name": "front", "instructions": "x", "tools": ["searcher", "clock", "ghost"] },',
    '    { "name": "searcher", "toolbox": "search", "args": { "max_results": 2 } },',
    '    { "name": "clock", "toolbox": "get_time", "tools": ["x"] },',
    '    { "name": "ghost", "toolbox": "missing_tool" }',
    '  ]',
    '}',
  ].join('\n'),
  'plain-net.hocon': '{ "tools": [ { "name": "a", "toolbox": "from_env" } ] }',
};

describe('an agent network and the toolbox it uses', () => {
  it('lists its toolbox agents with their args overlay, and flags undefined tools and toolbox agents with tools', () => {
    const network = loadAgentNetwork('net.hocon', { host: memoryHost(files), defaultFile: 'default.hocon', env: { AGENT_TOOLBOX_INFO_FILE: 'toolbox/env.hocon' } });
    expect(network.toolboxFile).toEqual({ path: 'toolbox/mine.hocon', written: 'toolbox/mine.hocon', from: 'toolbox_info_file' });
    expect(network.agents.map((a) => [a.name, a.toolName, a.defined, a.argsOverlay])).toEqual([
      ['searcher', 'search', true, { max_results: 2 }],
      ['clock', 'get_time', true, undefined],
      ['ghost', 'missing_tool', false, undefined],
    ]);
    expect(network.diagnostics.map((d) => [d.rule, d.line, d.message])).toEqual([
      ['toolbox-agent-tools', 6, expect.stringContaining("Agent 'clock' is a toolbox tool")],
      ['undefined-tool', 7, "Tool 'missing_tool' is not defined in the default toolbox info file or in toolbox/mine.hocon."],
    ]);
  });

  it('uses AGENT_TOOLBOX_INFO_FILE when the network names no toolbox file', () => {
    const network = loadAgentNetwork('plain-net.hocon', { host: memoryHost(files), defaultFile: 'default.hocon', env: { AGENT_TOOLBOX_INFO_FILE: 'toolbox/env.hocon' } });
    expect(network.toolboxFile).toEqual({ path: 'toolbox/env.hocon', written: 'toolbox/env.hocon', from: 'AGENT_TOOLBOX_INFO_FILE' });
    expect(network.agents[0]!.defined).toBe(true);
    expect(network.diagnostics).toEqual([]);
  });

  it('reports nothing located in the default toolbox, with or without a user toolbox', () => {
    const host = memoryHost({
      ...files,
      'default.hocon': 'get_time { class = "get_time.GetTime", description = "Gets the time", parameters { type = object, properties { h { type = "int" } } } }',
    });
    const without = loadAgentNetwork('plain-net.hocon', { host, defaultFile: 'default.hocon', env: {} });
    expect(without.diagnostics.map((d) => [d.file, d.line, d.rule, d.message])).toEqual([
      ['plain-net.hocon', 1, 'undefined-tool', "Tool 'from_env' is not defined in the default toolbox info file."],
    ]);
    const withUser = loadAgentNetwork('plain-net.hocon', { host, defaultFile: 'default.hocon', env: { AGENT_TOOLBOX_INFO_FILE: 'toolbox/env.hocon' } });
    expect(withUser.diagnostics).toEqual([]);
  });

  it('refuses a toolbox file that is neither .hocon nor .json, in neuro-san\'s words', () => {
    const network = loadAgentNetwork('n.hocon', { host: memoryHost({ ...files, 'n.hocon': 'toolbox_info_file = "tb.conf"\ntools = []' }), env: {} });
    expect(network.diagnostics.map((d) => d.message)).toContain('File reference tb.conf must be a .json or .hocon file');
  });

  it('reports a toolbox_info_file of the wrong type once, where the network names it', () => {
    const host = memoryHost({ ...files, 'tb.conf': 'get_x { class = "a.b.C" }', 'n.hocon': '{ "toolbox_info_file": "tb.conf", "tools": [ { "name": "a", "toolbox": "get_x" } ] }' });
    const network = loadAgentNetwork('n.hocon', { host, defaultFile: 'default.hocon', env: {} });
    expect(network.diagnostics.map((d) => `${d.file}:${d.line}:${d.column} ${d.severity} ${d.rule} ${d.message}`)).toEqual([
      'n.hocon:1:24 error toolbox-info-file File reference tb.conf must be a .json or .hocon file',
    ]);
  });

  it('reports a wrong-type AGENT_TOOLBOX_INFO_FILE once too', () => {
    const host = memoryHost({ ...files, 'tb.conf': 'from_env { class = "a.b.C" }' });
    const network = loadAgentNetwork('plain-net.hocon', { host, defaultFile: 'default.hocon', env: { AGENT_TOOLBOX_INFO_FILE: 'tb.conf' } });
    expect(network.diagnostics.map((d) => `${d.file}:${d.line}:${d.column} ${d.severity} ${d.rule} ${d.message}`)).toEqual([
      'tb.conf:1:1 error toolbox-file-type File reference tb.conf must be a .json or .hocon file',
    ]);
  });
});
