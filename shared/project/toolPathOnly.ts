/**
 * AGENT_TOOL_PATH_ONLY (neuro-san 0.6.94, PR #1251): when the project sets it true, neuro-san resolves a coded tool's
 * `class` only under AGENT_TOOL_PATH, walking up from the agent network's folder to its root, and never imports a
 * fully qualified reference — "not even ones that point inside AGENT_TOOL_PATH" (its error's note). A reference
 * written with the AGENT_TOOL_PATH folder's own package in front (`coded_tools.tools.web_fetch.WebFetch` with
 * AGENT_TOOL_PATH=coded_tools) then resolves nowhere: the one case reported here, since it is certain without looking
 * at the Python files; the fix drops the prefix, which the walk finds at the root of AGENT_TOOL_PATH.
 */
import type { HoconObject, HoconValue } from '../hocon/index';
import { diagnosticAt, replaceValueFix, type LoadedToolbox, type ToolboxDiagnostic } from '../toolbox/index';
import { versionWords, type NeuroSanFacts } from '../neurosan/versions/index';

/** ConfigUtil.get_bool's spellings of true, as neuro-san's tests exercise them ("true", "TRUE", "yes", " true "). */
export function isToolPathOnly(value: string | undefined): boolean {
  const v = value?.trim().toLowerCase();
  return v === 'true' || v === 'yes';
}

/** `coded_tools` (a folder relative to the project root) as the package neuro-san imports under. */
function packageOf(agentToolPath: string): string | undefined {
  const folder = agentToolPath.replace(/\\/g, '/').replace(/^\.\//, '').replace(/\/+$/, '');
  if (folder === '' || folder.startsWith('/') || folder.includes('..') || /^[A-Za-z]:/.test(folder)) return undefined;
  const parts = folder.split('/');
  return parts.every((p) => /^[A-Za-z_][A-Za-z0-9_]*$/.test(p)) ? parts.join('.') : undefined;
}

export interface ToolPathOnlyInput {
  facts: NeuroSanFacts;
  /** The project's AGENT_TOOL_PATH_ONLY (environment, else .env). */
  flag: string | undefined;
  /** The project's AGENT_TOOL_PATH, relative to its root. */
  agentToolPath: string | undefined;
  /** The project's toolboxes (their coded tools' classes). */
  toolboxes: Iterable<LoadedToolbox>;
  /** The agent networks (their coded agents' classes). */
  networks: Iterable<HoconObject>;
}

/**
 * The classes this rule reports, by their text (`coded_tools.sums.adder.Adder`): other rules about the same class
 * (a coded class not found) leave them to it.
 */
export function refusedByToolPathOnly(input: Omit<ToolPathOnlyInput, 'toolboxes' | 'networks'>): (classPath: string) => boolean {
  const { facts } = input;
  if (!isToolPathOnly(input.flag) || !facts.sure.agentToolPathOnly || !facts.maybe.agentToolPathOnly || input.agentToolPath === undefined) return () => false;
  const pkg = packageOf(input.agentToolPath);
  if (pkg === undefined) return () => false;
  return (classPath) => classPath.startsWith(`${pkg}.`) && classPath.slice(pkg.length + 1).includes('.');
}

export function toolPathOnlyProblems(input: ToolPathOnlyInput): ToolboxDiagnostic[] {
  const { facts } = input;
  if (!isToolPathOnly(input.flag) || !facts.sure.agentToolPathOnly || !facts.maybe.agentToolPathOnly || input.agentToolPath === undefined) return [];
  const pkg = packageOf(input.agentToolPath);
  if (pkg === undefined) return [];
  const out: ToolboxDiagnostic[] = [];
  const check = (value: HoconValue | undefined, tool?: string) => {
    if (value?.kind !== 'string' || !value.value.startsWith(`${pkg}.`)) return;
    const relative = value.value.slice(pkg.length + 1);
    if (!relative.includes('.')) return; // `coded_tools.Foo`: not a module.Class under the path either way
    out.push(
      diagnosticAt(
        value,
        'error',
        'agent-tool-path-only',
        `AGENT_TOOL_PATH_ONLY is set: ${versionWords(facts)} resolves a coded tool's class only under AGENT_TOOL_PATH (${input.agentToolPath}) and never imports a fully qualified reference, so '${value.value}' is not found. Write it relative to AGENT_TOOL_PATH: '${relative}'.`,
        { ...(tool ? { tool } : {}), fix: replaceValueFix(`Change to "${relative}"`, value, JSON.stringify(relative)) },
      ),
    );
  };
  for (const toolbox of input.toolboxes) {
    for (const tool of toolbox.tools) {
      if (tool.origin === 'default' || tool.kind !== 'coded' || tool.value.kind !== 'object') continue;
      check(tool.value.fields.value('class'), tool.name);
    }
  }
  for (const network of input.networks) {
    const agents = network.fields.value('tools');
    if (agents?.kind !== 'array') continue;
    for (const agent of agents.elements) if (agent.kind === 'object') check(agent.fields.value('class'));
  }
  return out;
}
