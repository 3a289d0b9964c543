/**
 * Token counts of a rendered catalog: the whole text, and each tool's share of it. A tool's share is what adding
 * that tool alone to an empty catalog adds to the count (the same template, variables and key order), so it holds
 * its entry with its JSON punctuation whatever the template; the shares add up to the total less the template's own
 * text (`overhead`), give or take a token per tool where the tokenizer merges characters across two entries.
 * The counter is given by the caller (node/tokens/): the encodings are too big for the renderer.
 */
import { renderCatalog, type RenderCatalogRequest } from './renderCatalog';
import type { CountTokens } from '../tokenCount';

export interface ToolTokens {
  name: string;
  tokens: number;
}

export interface CatalogTokens {
  tokenizer: string;
  /** The count of the whole rendered text. */
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
  const tools = request.tools.map((tool) => ({ name: tool.name, tokens: Math.max(0, alone([tool]) - overhead) }));
  // Array.prototype.sort is stable: equal counts keep the catalog's order.
  tools.sort((a, b) => b.tokens - a.tokens);
  const total = tokensOf(renderedText);
  return { tokenizer, total, overhead, tools, estimated };
}
