import type { LoadedNetwork } from '../toolbox/index';
import type { LoadedToolbox } from '../toolbox/index';
import { compareDiagnostics, diagnosticAt, type ToolboxDiagnostic } from '../toolbox/index';

/** A toolbox's errors by the tool they belong to. */
export function toolboxErrorsByTool(toolbox: LoadedToolbox | undefined): Map<string, ToolboxDiagnostic[]> {
  const byTool = new Map<string, ToolboxDiagnostic[]>();
  for (const d of toolbox?.diagnostics ?? []) {
    if (d.severity !== 'error' || !d.tool) continue;
    const list = byTool.get(d.tool) ?? [];
    list.push(d);
    byTool.set(d.tool, list);
  }
  return byTool;
}

/** For each agent of the network using a tool with errors: a warning at its `"toolbox"` pointing to the first one. */
export function brokenToolPointers(network: LoadedNetwork, toolbox: LoadedToolbox | undefined): ToolboxDiagnostic[] {
  const broken = toolboxErrorsByTool(toolbox);
  const out: ToolboxDiagnostic[] = [];
  for (const agent of network.agents) {
    const errors = broken.get(agent.toolName);
    if (!errors) continue;
    const first = errors[0]!;
    const count = errors.length === 1 ? 'an error' : `${errors.length} errors`;
    out.push(
      diagnosticAt(agent.where, 'warning', 'broken-tool', `Agent '${agent.name}' uses tool '${agent.toolName}', which has ${count} in ${first.file}:${first.line}:${first.column}: ${first.message}`, {
        tool: agent.toolName,
      }),
    );
  }
  return out;
}

/**
 * A network's problems as a project shows them: the toolbox's own are said in the toolbox (once for all networks),
 * and the network points at the ones its agents meet.
 */
export function networkProblemsInProject(network: LoadedNetwork): ToolboxDiagnostic[] {
  const toolboxFile = network.toolbox.files.userFile;
  const own = network.diagnostics.filter((d) => d.file !== toolboxFile);
  return [...own, ...brokenToolPointers(network, network.toolbox)].sort(compareDiagnostics);
}
