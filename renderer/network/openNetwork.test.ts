import { describe, expect, it } from 'vitest';
import { NETWORK } from '../testSupport/networkText';
import { networkTree } from './networkTree';
import { agentAt, countsOf, problemsByAgent, readOpenNetwork } from './openNetwork';

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
  it('counts a problem inside an agent\u2019s braces for that agent, and none outside any agent', () => {
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

describe('agent at an offset', () => {
  it('is the agent whose braces hold it, none between agents', () => {
    const network = readOpenNetwork(NETWORK, '/n.hocon');
    expect(agentAt(network, NETWORK.indexOf('"Help."'))?.agent.name).toBe('helper');
    expect(agentAt(network, NETWORK.indexOf('commondefs'))).toBeUndefined();
  });
});
