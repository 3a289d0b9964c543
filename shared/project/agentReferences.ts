import type { HoconObject } from '../hocon/index';
import { diagnosticAt, type ToolboxDiagnostic } from '../toolbox/index';

/**
 * An agent's `tools` name the agents it may call: agents of the same network, other networks (`/path`), or MCP
 * servers and URLs. A plain name that no agent of the network has is a call neuro-san cannot make.
 */
export function checkAgentReferences(root: HoconObject): ToolboxDiagnostic[] {
  const agents = root.fields.value('tools');
  if (agents?.kind !== 'array') return [];
  const names = new Set<string>();
  for (const agent of agents.elements) {
    const name = agent.kind === 'object' ? agent.fields.value('name') : undefined;
    if (name?.kind === 'string') names.add(name.value);
  }
  const diagnostics: ToolboxDiagnostic[] = [];
  for (const agent of agents.elements) {
    if (agent.kind !== 'object') continue;
    const name = agent.fields.value('name');
    const calls = agent.fields.value('tools');
    if (calls?.kind !== 'array') continue;
    for (const call of calls.elements) {
      if (call.kind !== 'string') continue;
      const target = call.value;
      if (target.startsWith('/') || target.includes('://') || names.has(target)) continue;
      const caller = name?.kind === 'string' ? name.value : '(unnamed agent)';
      diagnostics.push(diagnosticAt(call, 'error', 'undefined-agent', `Agent '${caller}' calls '${target}', which is no agent of this network (another network is written '/path/name').`));
    }
  }
  return diagnostics;
}
