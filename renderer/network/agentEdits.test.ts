import { describe, expect, it } from 'vitest';
import { applyEdits } from '../../shared/hocon/index';
import { addAgent, addAgentTool, removeAgent, removeAgentTool, setAgentValue } from './agentEdits';
import { readOpenNetwork } from './openNetwork';
import { NETWORK } from '../testSupport/networkText';


const edit = (text: string, edits: ReturnType<typeof setAgentValue>) => applyEdits(text, edits);

/** The lines that differ between two texts of the same line count. */
const changedLines = (a: string, b: string) => a.split('\n').flatMap((line, i) => (line === b.split('\n')[i] ? [] : [i + 1]));

describe('agent edits', () => {
  it('sets an agent\u2019s instructions in its own line only, comments and substitutions kept', () => {
    const after = edit(NETWORK, setAgentValue(NETWORK, 'helper', ['instructions'], '"Help more."'));
    expect(changedLines(NETWORK, after)).toEqual([16]);
    expect(after).toContain('"instructions": "Help more."');
    expect(after).toContain('# inline comment');
    expect(after).toContain('${?OPENAI_API_KEY}');
  });

  it('adds a nested key the agent lacks (llm_config.model_name) inside the agent', () => {
    const after = edit(NETWORK, setAgentValue(NETWORK, 'boss', ['llm_config', 'model_name'], '"gpt-4.1"'));
    const boss = readOpenNetwork(after, '/n.hocon').agents.find((a) => a.agent.name === 'boss')!;
    expect(boss.json['llm_config']).toEqual({ model_name: 'gpt-4.1' });
  });

  it('adds a tool to a one-line and to a multi-line list, and removes one', () => {
    const one = edit(NETWORK, addAgentTool(NETWORK, 'boss', 'lonely'));
    expect(one).toContain('"tools": ["helper", "/tools/other", "lonely"]');
    const multi = edit(NETWORK, addAgentTool(NETWORK, 'helper', 'lonely'));
    expect(multi).toContain('"boss",\n                "lonely"\n');
    const removed = edit(NETWORK, removeAgentTool(NETWORK, 'boss', 'helper'));
    expect(removed).toContain('"tools": ["/tools/other"]');
    const last = edit(NETWORK, removeAgentTool(NETWORK, 'boss', '/tools/other'));
    expect(last).toContain('"tools": ["helper"]');
    expect(() => addAgentTool(NETWORK, 'boss', 'helper')).toThrow(/already has helper/);
  });

  it('gives a coded tool its first tools list', () => {
    const after = edit(NETWORK, addAgentTool(NETWORK, 'lonely', 'helper'));
    expect(readOpenNetwork(after, '/n.hocon').agents.find((a) => a.agent.name === 'lonely')!.agent.calls.map((c) => c.name)).toEqual(['helper']);
  });

  it('adds an agent written as its neighbours are, and removes it again to the same text', () => {
    const added = edit(NETWORK, addAgent(NETWORK, 'fresh'));
    const agents = readOpenNetwork(added, '/n.hocon').agents;
    expect(agents.map((a) => a.agent.name)).toEqual(['boss', 'helper', 'lonely', 'fresh']);
    expect(agents[3]!.json).toMatchObject({ instructions: 'You are fresh.', function: { description: 'What fresh does.' } });
    expect(added).toContain('\n        {\n            "name": "fresh",');
    expect(edit(added, removeAgent(added, 'fresh'))).toBe(NETWORK);
  });

  it('adds a toolbox agent and its name to a tools list as one set of splices', () => {
    const after = edit(NETWORK, [...addAgentTool(NETWORK, 'boss', 'get_time'), ...addAgent(NETWORK, 'get_time', 'get_time')]);
    const network = readOpenNetwork(after, '/n.hocon');
    expect(network.agents.find((a) => a.agent.name === 'get_time')!.agent).toMatchObject({ kind: 'toolbox', target: 'get_time' });
    expect(network.agents[0]!.agent.calls.map((c) => `${c.name}:${c.kind}`)).toEqual(['helper:agent', '/tools/other:network', 'get_time:agent']);
  });

  it('removes an agent in the middle, leaving its neighbours as written', () => {
    const after = edit(NETWORK, removeAgent(NETWORK, 'helper'));
    expect(readOpenNetwork(after, '/n.hocon').agents.map((a) => a.agent.name)).toEqual(['boss', 'lonely']);
    expect(after).toContain('# The front man');
  });

  it('refuses an agent not written in the file, saying why', () => {
    expect(() => setAgentValue(NETWORK, 'ghost', ['instructions'], '"x"')).toThrow(/ghost is not written in this file/);
  });
});
