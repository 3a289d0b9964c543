/**
 * Coded tools neuro-san cannot find (issue #33): every coded class an agent of a network uses — an agent's own
 * `class`, or a toolbox tool's the agent names — looked for as that neuro-san release's lookup finds it for that
 * network (AGENT_TOOL_PATH, the network's own package, then up to the root; the fully qualified name where the release
 * imports it), by reading files (the finder, node/python/classSource.ts): no Python runs. neuro-san fails such an
 * agent with "Could not find class" at its first call; a network no manifest serves is never called: a warning there.
 *
 * The finder answers nothing where reading cannot know: the interpreter's packages unreadable, or the class under a
 * package that is not there to read (neuro-san's own `neuro_san.coded_tools` without neuro-san installed here).
 */
import type { HoconObject } from '../hocon/index';
import { diagnosticAt, type LoadedToolbox, type ToolboxAgent, type ToolboxDiagnostic } from '../toolbox/index';

export type CodedClassAnswer = { found: true } | { found: false; message: string } | undefined;

/** Finds a coded tool's class as the project's neuro-san would (node/python/codedClassFinder.ts). */
export interface CodedClassFinder {
  find(classPath: string, agentNetwork: string, agentName: string): CodedClassAnswer;
}

export interface CodedClassInput {
  /** The network's file, as neuro-san reads it. */
  network: HoconObject;
  /** Its toolbox agents (`"toolbox": "tool"`), with the toolbox they use. */
  agents: readonly ToolboxAgent[];
  toolbox: LoadedToolbox;
  /** The network's name as the registry serves it (`basic/smart_home`): the package path its classes are found under. */
  name: string;
  /** Whether a manifest serves it (else nothing calls it: a warning). */
  served: boolean;
  finder: CodedClassFinder;
  /** Classes another rule already reports for the same cause (AGENT_TOOL_PATH_ONLY): said once, there. */
  saidElsewhere?: (classPath: string) => boolean;
}

export function codedClassProblems(input: CodedClassInput): ToolboxDiagnostic[] {
  const out: ToolboxDiagnostic[] = [];
  const severity = input.served ? 'error' : 'warning';
  const unserved = input.served ? '' : ` No manifest serves '${input.name}': neuro-san meets this once one does.`;
  const agents = input.network.fields.value('tools');
  for (const agent of agents?.kind === 'array' ? agents.elements : []) {
    if (agent.kind !== 'object') continue;
    const className = agent.fields.value('class');
    if (className?.kind !== 'string' || className.value === '' || agent.fields.get('toolbox') !== undefined) continue;
    if (input.saidElsewhere?.(className.value)) continue;
    const name = agent.fields.value('name');
    const agentName = name?.kind === 'string' ? name.value : '(unnamed agent)';
    const answer = input.finder.find(className.value, input.name, agentName);
    if (answer && !answer.found) out.push(diagnosticAt(className, severity, 'coded-class-not-found', answer.message + unserved));
  }
  const coded = new Map(input.toolbox.tools.filter((t) => t.kind === 'coded' && t.className).map((t) => [t.name, t.className!]));
  for (const agent of input.agents) {
    const className = coded.get(agent.toolName);
    if (className === undefined || input.saidElsewhere?.(className)) continue;
    const answer = input.finder.find(className, input.name, agent.name);
    if (answer && !answer.found) {
      out.push(diagnosticAt(agent.where, severity, 'coded-class-not-found', `Tool '${agent.toolName}' of the toolbox (class ${className}): ${answer.message}${unserved}`, { tool: agent.toolName }));
    }
  }
  return out;
}
