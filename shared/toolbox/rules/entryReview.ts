/**
 * Style checks of an entry that are not about its description: advice, not neuro-san's concern (it builds the tool the
 * same either way), so they run with the description checks (node/review/) on the user's own entries, at the level the
 * project sets in `.toolbox-editor.json` (a hint by default, issue #33):
 *
 * - `langchain-community`: a class from the sunset langchain_community package. neuro-san itself still imports it
 *   (its toolbox_factory.py), and builds such tools as any other.
 * - `tool-info-url`: a `base_tool_info_url` that is not an http(s) URL. Documentation only: nothing in neuro-san reads
 *   it, but a broken one misleads whoever follows it.
 */
import { diagnosticAt, type ToolboxDiagnostic } from '../toolboxDiagnostic';
import type { ToolEntry } from '../toolEntry';
import { severityAt, type RuleLevel, type RuleLevels } from './ruleLevels';

export const ENTRY_REVIEW_RULE_IDS = ['langchain-community', 'tool-info-url'] as const;
export type EntryReviewRuleId = (typeof ENTRY_REVIEW_RULE_IDS)[number];
export const ENTRY_REVIEW_RULE_DEFAULTS: Readonly<Record<EntryReviewRuleId, RuleLevel>> = { 'langchain-community': 'hint', 'tool-info-url': 'hint' };

/** The user's entries' findings (not the shipped default toolbox's), in tool order. */
export function reviewEntries(tools: readonly ToolEntry[], levels: RuleLevels): ToolboxDiagnostic[] {
  const sunset = severityAt(levels, 'langchain-community');
  const url = severityAt(levels, 'tool-info-url');
  const out: ToolboxDiagnostic[] = [];
  if (sunset === undefined && url === undefined) return out;
  for (const entry of tools) {
    if (entry.origin === 'default' || entry.value.kind !== 'object') continue;
    const tool = entry.name;
    const classValue = entry.value.fields.value('class');
    if (sunset !== undefined && classValue?.kind === 'string' && entry.className?.startsWith('langchain_community.')) {
      out.push(
        diagnosticAt(
          classValue,
          sunset,
          'langchain-community',
          `'${entry.className}' comes from langchain_community, which is sunset: prefer the maintained integration package (see https://docs.langchain.com/oss/python/integrations/tools).`,
          { tool },
        ),
      );
    }
    const urlValue = entry.value.fields.value('base_tool_info_url');
    if (url === undefined || urlValue === undefined) continue;
    if (urlValue.kind !== 'string') out.push(diagnosticAt(urlValue, url, 'tool-info-url', `'base_tool_info_url' of '${tool}' should be a URL (a string).`, { tool }));
    else if (!isWebUrl(urlValue.value)) out.push(diagnosticAt(urlValue, url, 'tool-info-url', `'base_tool_info_url' of '${tool}' is not an http(s) URL: "${urlValue.value}".`, { tool }));
  }
  return out;
}

function isWebUrl(text: string): boolean {
  try {
    const url = new URL(text);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '';
  } catch {
    return false;
  }
}
