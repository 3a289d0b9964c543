import { diagnosticAt } from '../toolboxDiagnostic';
import type { EntryRule } from './ruleContext';

/** `base_tool_info_url` is documentation only, but a broken one misleads whoever follows it. */
export const toolInfoUrlRule: EntryRule = ({ entry, report }) => {
  if (entry.value.kind !== 'object') return;
  const value = entry.value.fields.value('base_tool_info_url');
  if (value?.kind !== 'string') return;
  let ok: boolean;
  try {
    const url = new URL(value.value);
    ok = (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '';
  } catch {
    ok = false;
  }
  if (!ok) {
    report(diagnosticAt(value, 'warning', 'tool-info-url', `'base_tool_info_url' of '${entry.name}' is not an http(s) URL: "${value.value}".`, { tool: entry.name }));
  }
};
