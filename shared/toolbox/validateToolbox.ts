import { classFormRule } from './rules/classForm';
import { descriptionRule } from './rules/description';
import { duplicateToolRule } from './rules/duplicateTool';
import { entryShapeRule } from './rules/entryShape';
import { functionSpecRule } from './rules/functionSpec';
import { literalCredentialsRule } from './rules/literalCredentials';
import { parametersRule } from './rules/parameters';
import type { EntryRule, RuleContext } from './rules/ruleContext';
import { toolNameRule } from './rules/toolName';
import type { ToolEntry } from './toolEntry';
import { compareDiagnostics, type ToolboxDiagnostic } from './toolboxDiagnostic';
import { newestFacts, type NeuroSanFacts } from '../neurosan/versions/index';

/**
 * Every rule an entry is checked against, in the order their findings are most useful. Style advice is not here: it
 * runs with the description checks, at the level the project sets (rules/entryReview.ts, node/review/).
 */
export const ENTRY_RULES: readonly EntryRule[] = [
  entryShapeRule,
  toolNameRule,
  classFormRule,
  descriptionRule,
  functionSpecRule,
  parametersRule,
  literalCredentialsRule,
  duplicateToolRule,
];

/**
 * Checks entries the way neuro-san will read them. Only entries from the files being edited are checked by
 * default: the shipped default toolbox is neuro-san's, not the user's, so its own quirks are not the user's problems.
 */
export function validateEntries(
  entries: readonly ToolEntry[],
  options: { includeDefaults?: boolean; toolboxFile?: string; neuroSan?: NeuroSanFacts } = {},
): ToolboxDiagnostic[] {
  const diagnostics: ToolboxDiagnostic[] = [];
  const includeDefaults = options.includeDefaults === true;
  // One context for the whole run, pointed at each entry in turn (rules use it synchronously and never keep it).
  const context: RuleContext = {
    entry: entries[0]!,
    neuroSan: options.neuroSan ?? newestFacts(),
    toolboxFile: options.toolboxFile,
    report: (d) => {
      diagnostics.push(d);
    },
  };
  const rules = ENTRY_RULES;
  const ruleCount = rules.length;
  for (let i = 0; i < entries.length; i++) {
    const entry = entries[i]!;
    if (entry.origin === 'default' && !includeDefaults) continue;
    context.entry = entry;
    for (let r = 0; r < ruleCount; r++) rules[r]!(context);
  }
  // The rules report in text order almost always: check before sorting (a stable sort leaves sorted lists alone).
  return inOrder(diagnostics) ? diagnostics : diagnostics.sort(compareDiagnostics);
}

function inOrder(diagnostics: readonly ToolboxDiagnostic[]): boolean {
  for (let i = 1; i < diagnostics.length; i++) if (compareDiagnostics(diagnostics[i - 1]!, diagnostics[i]!) > 0) return false;
  return true;
}
