import { keyOrigin, type ToolEntry } from '../../shared/toolbox/index';
import { diagnosticOf, type ToolboxDiagnostic } from '../../shared/toolbox/index';
import { ToolIndex, type TermCache, type ToolText } from '../../shared/review/similarity';
import { offeredToWords, type OfferedTo } from '../../shared/toolbox/index';

/** What the LLM reads of each tool, as the similarity index takes it: name, description, parameter names. */
export function toolTexts(tools: readonly ToolEntry[]): ToolText[] {
  return tools.map((t) => {
    // The names straight from the entry's value: no JSON of the whole schema per tool and keystroke.
    const parameters = t.value.kind === 'object' ? t.value.fields.value('parameters') : undefined;
    const properties = parameters?.kind === 'object' ? parameters.fields.value('properties') : undefined;
    const names = properties?.kind === 'object' ? [...properties.fields.keys()] : [];
    return { name: t.name, description: t.description ?? '', parameters: names };
  });
}

/**
 * `tools-similar` findings (hints unless the project makes them warnings): each pair at or above the threshold with one of the user's tools in it, reported at the
 * later user tool's key (the pair's other member named), since that is the one to reword.
 *
 * `together` (asked only when a pair is found): which agents of the project are offered both tools. An LLM is shown
 * only its agent's tools, so a pair no agent is offered together is not reported, and a pair that is names the
 * agents. Undefined (no project, or no network of it offers the toolbox's tools): any pair could be offered together.
 */
export function similarToolDiagnostics(
  tools: readonly ToolEntry[],
  threshold: number,
  cache?: TermCache,
  together?: () => ((a: string, b: string) => readonly OfferedTo[]) | undefined,
  severity: 'hint' | 'warning' = 'hint',
): ToolboxDiagnostic[] {
  return similarToolFindings(new ToolIndex(toolTexts(tools), cache), tools, threshold, together).map(({ tool, message }) =>
    diagnosticOf(keyOrigin(tool.field), severity, 'tools-similar', message, tool.name),
  );
}

/** What similarToolDiagnostics reports, from an index of `tools` (kept by the caller between keystrokes): the tool and words of each. */
export function similarToolFindings(
  index: ToolIndex,
  tools: readonly ToolEntry[],
  threshold: number,
  together?: () => ((a: string, b: string) => readonly OfferedTo[]) | undefined,
  /** Each tool's place in `tools`, when the caller keeps it. */
  places: ReadonlyMap<string, number> = new Map(tools.map((t, i) => [t.name, i])),
): { tool: ToolEntry; message: string }[] {
  const byName = { get: (name: string) => ({ tool: tools[places.get(name)!]!, order: places.get(name)! }) };
  const out: { tool: ToolEntry; message: string }[] = [];
  let offered: ((a: string, b: string) => readonly OfferedTo[]) | undefined | null = null;
  for (const pair of index.closestPairs(threshold, Infinity, { warnOnly: true })) {
    if (!pair.warn) break;
    const a = byName.get(pair.a)!;
    const b = byName.get(pair.b)!;
    // An entry without a description (a LangChain tool or toolkit) shows the LLM its class's text, never its key:
    // compared by its key alone it is not what the LLM reads, and there is no description to reword.
    if (a.tool.description === undefined || b.tool.description === undefined) continue;
    const mine = [a, b].filter((x) => x.tool.origin !== 'default').sort((x, y) => y.order - x.order)[0];
    if (!mine) continue;
    const other = mine === a ? b : a;
    if (offered === null) offered = together?.();
    const agents = offered?.(pair.a, pair.b);
    if (agents !== undefined && agents.length === 0) continue;
    const where = agents !== undefined ? `, offered together to ${offeredToWords(agents)}` : '';
    out.push({
      tool: mine.tool,
      message: `'${mine.tool.name}' reads much like '${other.tool.name}' (similarity ${pair.score.toFixed(2)}; shared words: ${pair.shared.slice(0, 8).join(', ')}): an LLM could take one for the other${where}. Say what sets them apart.`,
    });
  }
  return out;
}
