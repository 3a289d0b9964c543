import { keyOrigin, type ToolEntry } from '../../shared/toolbox/index';
import { diagnosticOf, type ToolboxDiagnostic } from '../../shared/toolbox/index';
import { ToolIndex, type ToolText } from '../../shared/review/similarity';

/** What the LLM reads of each tool, as the similarity index takes it: name, description, parameter names. */
export function toolTexts(tools: readonly ToolEntry[]): ToolText[] {
  return tools.map((t) => {
    const parameters = t.parameters;
    const properties = parameters !== null && typeof parameters === 'object' && !Array.isArray(parameters) ? parameters.properties : undefined;
    const names = properties !== null && typeof properties === 'object' && !Array.isArray(properties) && properties !== undefined ? Object.keys(properties) : [];
    return { name: t.name, description: t.description ?? '', parameters: names };
  });
}

/**
 * `tools-similar` warnings: each pair at or above the threshold with one of the user's tools in it, reported at the
 * later user tool's key (the pair's other member named), since that is the one to reword.
 */
export function similarToolDiagnostics(tools: readonly ToolEntry[], threshold: number): ToolboxDiagnostic[] {
  const index = new ToolIndex(toolTexts(tools));
  const byName = new Map(tools.map((t, i) => [t.name, { tool: t, order: i }]));
  const out: ToolboxDiagnostic[] = [];
  for (const pair of index.closestPairs(threshold, Infinity)) {
    if (!pair.warn) break;
    const a = byName.get(pair.a)!;
    const b = byName.get(pair.b)!;
    const mine = [a, b].filter((x) => x.tool.origin !== 'default').sort((x, y) => y.order - x.order)[0];
    if (!mine) continue;
    const other = mine === a ? b : a;
    out.push(
      diagnosticOf(
        keyOrigin(mine.tool.field),
        'warning',
        'tools-similar',
        `'${mine.tool.name}' reads much like '${other.tool.name}' (similarity ${pair.score.toFixed(2)}; shared words: ${pair.shared.slice(0, 8).join(', ')}): an LLM could take one for the other. Say what sets them apart.`,
        mine.tool.name,
      ),
    );
  }
  return out;
}
