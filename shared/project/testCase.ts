import type { HoconObject } from '../hocon/index';
import { diagnosticAt, type ToolboxDiagnostic } from '../toolbox/index';

/**
 * A neuro-san test case names the agent network it tests as the server knows it (`basic/hello_world`: a manifest's
 * key without its extension). `knownAgent` says whether a manifest of the project (or of any project in the folder
 * validated: a test case may lie outside the project it tests) lists it, or a file under `registries/` has it.
 */
export function checkTestCaseAgent(root: HoconObject, knownAgent: (name: string) => boolean): ToolboxDiagnostic[] {
  const agent = root.fields.value('agent');
  if (agent?.kind !== 'string' || knownAgent(agent.value)) return [];
  return [diagnosticAt(agent, 'warning', 'test-case-agent', `The test case's agent '${agent.value}' is no agent network of this project: no manifest lists ${agent.value}.hocon, and there is no registries/${agent.value}.hocon.`)];
}
