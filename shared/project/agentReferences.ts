import type { HoconObject, HoconString } from '../hocon/index';
import type { NeuroSanFacts } from '../neurosan/versions/index';
import { diagnosticAt, type ToolboxDiagnostic } from '../toolbox/index';
import { commondefsChanges } from './networkFindings';

/**
 * An agent's `tools` name the agents it may call: agents of the same network, other networks (`/path`), or MCP
 * servers and URLs. A plain name that no agent of the network has is a call neuro-san cannot make. Where the release
 * validates the networks it serves, its MissingNodesNetworkValidator refuses the network, and its words come first
 * ("Agent 'a' references non-existent agent(s) in tools: 'x', 'y'"); each missing name is pointed at. A name
 * commondefs may replace is not judged (the server checks the network replaced).
 */
export function checkAgentReferences(root: HoconObject, facts?: NeuroSanFacts): ToolboxDiagnostic[] {
  const agents = root.fields.value('tools');
  if (agents?.kind !== 'array') return [];
  const changes = commondefsChanges(root);
  const names = new Set<string>();
  for (const agent of agents.elements) {
    const name = agent.kind === 'object' ? agent.fields.value('name') : undefined;
    if (name?.kind === 'string') names.add(name.value);
  }
  const validated = facts !== undefined && facts.sure.manifestNetworkValidation && facts.maybe.manifestNetworkValidation;
  const diagnostics: ToolboxDiagnostic[] = [];
  for (const agent of agents.elements) {
    if (agent.kind !== 'object') continue;
    const name = agent.fields.value('name');
    const calls = agent.fields.value('tools');
    if (calls?.kind !== 'array') continue;
    const missing = calls.elements.filter(
      (call): call is HoconString => call.kind === 'string' && !call.value.startsWith('/') && !call.value.includes('://') && !names.has(call.value) && !changes(call),
    );
    if (missing.length === 0) continue;
    const caller = name?.kind === 'string' ? name.value : '(unnamed agent)';
    const theirs = `Agent '${caller}' references non-existent agent(s) in tools: ${missing.map((m) => `'${m.value}'`).join(', ')}`;
    for (const call of missing) {
      const message = validated
        ? `${theirs} ('${call.value}' is no agent of this network; another network is written '/path/name'.)`
        : `Agent '${caller}' calls '${call.value}', which is no agent of this network (another network is written '/path/name').`;
      diagnostics.push(diagnosticAt(call, 'error', 'undefined-agent', message));
    }
  }
  return diagnostics;
}
