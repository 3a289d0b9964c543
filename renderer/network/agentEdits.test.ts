import { describe, expect, it } from 'vitest';
import { applyEdits } from '../../shared/hocon/index';
import { addAgent, addAgentTool, removeAgent, removeAgentTool, setAgentValue } from './agentEdits';
import { readOpenNetwork } from './openNetwork';
import { networkTree } from './networkTree';

const NETWORK = `# A network
include "aaosa.hocon"
{
    "llm_config": { "model_name": "gpt-4o", "api_key": \${?OPENAI_API_KEY} },
    "commondefs": { "replacement_strings": { "aaosa_call": "x" } },
    "tools": [
        # The front man
        {
            "name": "boss",
            "instructions": "Lead.",
            "tools": ["helper", "/tools/other"]
        },
        {
            "name": "helper", # inline comment
            "function": { "description": "Helps." },
            "instructions": "Help.",
            "tools": [
                "boss"
            ]
        },
        { "name": "lonely", "class": "a.B" }
    ]
}
`;

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

  it('removes an agent in the middle, leaving its neighbours as written', () => {
    const after = edit(NETWORK, removeAgent(NETWORK, 'helper'));
    expect(readOpenNetwork(after, '/n.hocon').agents.map((a) => a.agent.name)).toEqual(['boss', 'lonely']);
    expect(after).toContain('# The front man');
  });

  it('refuses an agent not written in the file, saying why', () => {
    expect(() => setAgentValue(NETWORK, 'ghost', ['instructions'], '"x"')).toThrow(/ghost is not written in this file/);
  });
});

describe('network tree', () => {
  it('starts at the front man, shows a loop once, and lists the agents it never reaches', () => {
    const rows = networkTree(readOpenNetwork(NETWORK, '/n.hocon'), '/n.hocon');
    expect(rows.map((r) => `${'  '.repeat(r.depth)}${r.name}:${r.kind}${r.seenAbove ? ' (above)' : ''}${r.unreached ? ' (unreached)' : ''}`)).toEqual([
      'boss:llm',
      '  helper:llm',
      '    boss:llm (above)',
      '  /tools/other:network',
      'lonely:coded (unreached)',
    ]);
  });
});

describe('problems by agent', () => {
  it('counts a problem inside an agent\u2019s braces for that agent, and none outside any agent', async () => {
    const { problemsByAgent, countsOf } = await import('./openNetwork');
    const network = readOpenNetwork(NETWORK, '/n.hocon');
    const at = (needle: string, severity: 'error' | 'warning') => {
      const offset = NETWORK.indexOf(needle);
      const position = { line: 1, column: 1, offset };
      return { severity, rule: 'r', message: 'm', file: '/n.hocon', line: 1, column: 1, range: { start: position, end: position } };
    };
    const byAgent = problemsByAgent(network, [at('"Help."', 'error'), at('"helper", "/tools', 'warning'), at('commondefs', 'error'), { ...at('"Lead."', 'error'), file: '/other.hocon' }], '/n.hocon');
    expect(countsOf(byAgent.get('helper'))).toEqual({ errors: 1, warnings: 0, hints: 0 });
    expect(countsOf(byAgent.get('boss'))).toEqual({ errors: 0, warnings: 1, hints: 0 });
    expect(byAgent.get('lonely')).toBeUndefined();
    expect([...byAgent.values()].flat()).toHaveLength(2);
  });
});
