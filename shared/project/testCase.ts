import { dirnameOf, joinPath } from '../hocon/index';
import type { HoconObject } from '../hocon/index';
import { diagnosticAt, type ToolboxDiagnostic } from '../toolbox/index';

/**
 * A neuro-san test case names the agent network it tests as the server knows it (`basic/hello_world`): a network
 * file beside the manifest in use (or under `registries/`). One the project does not have cannot be run.
 */
export function checkTestCaseAgent(root: HoconObject, manifest: string | undefined, isNetwork: (path: string) => boolean): ToolboxDiagnostic[] {
  const agent = root.fields.value('agent');
  if (agent?.kind !== 'string') return [];
  const folders = [...(manifest ? [dirnameOf(manifest)] : []), 'registries'];
  const candidates = [...new Set(folders)].map((dir) => joinPath(dir, `${agent.value}.hocon`));
  if (candidates.some(isNetwork)) return [];
  return [diagnosticAt(agent, 'warning', 'test-case-agent', `The test case's agent '${agent.value}' is no agent network of this project (looked for ${candidates.join(', ')}).`)];
}
