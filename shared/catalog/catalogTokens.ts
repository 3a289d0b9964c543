/**
 * Token counts of a rendered catalog: the whole text, and each tool's share of it. A tool's share is what adding
 * that tool alone to an empty catalog adds to the count (the same template, variables and key order), so it holds
 * its entry with its JSON punctuation whatever the template; the shares add up to the total less the template's own
 * text (`overhead`), give or take a token per tool where the tokenizer merges characters across two entries.
 * The counter is given by the caller (node/tokens/): the encodings are too big for the renderer.
 */
import { renderCatalog, type RenderCatalogRequest } from './renderCatalog';
import type { CountTokens } from '../tokenCount';
import type { CatalogToolSource } from './mapping';

export interface ToolTokens {
  name: string;
  tokens: number;
  /**
   * Its description or input is unknown until its class is loaded (a LangChain tool): counted without the
   * placeholder the preview shows, so `tokens` is what is known — the real entry is longer.
   */
  unknown?: true;
}

export interface CatalogTokens {
  tokenizer: string;
  /** The count of the whole rendered text (without the placeholders of unknown values: see ToolTokens.unknown). */
  total: number;
  /** The count of the catalog rendered with no tool: the template's own words. */
  overhead: number;
  /** Heaviest first; tools of equal weight in catalog order. */
  tools: ToolTokens[];
  /** Whether any count is an estimate (too long to count exactly in time: node/tokens/boundedCount.ts). */
  estimated: boolean;
}

export function countCatalogTokens(
  request: RenderCatalogRequest,
  renderedText: string,
  tokenizer: string,
  count: CountTokens,
): CatalogTokens {
  let estimated = false;
  const tokensOf = (text: string) => {
    const counted = count(text);
    estimated ||= counted.estimated;
    return counted.tokens;
  };
  const alone = (tools: RenderCatalogRequest['tools']) => tokensOf(renderCatalog({ ...request, tools, catalogRules: false }).text);
  const overhead = alone([]);
  // `<unknown until the tool class is loaded>` is not what the LLM reads: a value not known yet counts as empty.
  const known = request.tools.map(withoutUnknowns);
  const tools: ToolTokens[] = known.map((tool, i) => ({
    name: tool.name,
    tokens: Math.max(0, alone([tool]) - overhead),
    ...(tool !== request.tools[i] ? { unknown: true as const } : {}),
  }));
  // Array.prototype.sort is stable: equal counts keep the catalog's order.
  tools.sort((a, b) => b.tokens - a.tokens);
  const total = tokensOf(known.some((tool, i) => tool !== request.tools[i]) ? renderCatalog({ ...request, tools: known, catalogRules: false }).text : renderedText);
  return { tokenizer, total, overhead, tools, estimated };
}

const isUnknown = (value: unknown) => typeof value === 'object' && value !== null && (value as { unknown?: unknown }).unknown === true;

/** The tool with an unknown description as '' and unknown parameters as none (the same object when it has neither). */
function withoutUnknowns(tool: CatalogToolSource): CatalogToolSource {
  if (!isUnknown(tool.description) && !isUnknown(tool.parameters)) return tool;
  const { parameters, description, ...rest } = tool;
  return { ...rest, description: isUnknown(description) ? '' : description, ...(parameters !== undefined && !isUnknown(parameters) ? { parameters } : {}) };
}
