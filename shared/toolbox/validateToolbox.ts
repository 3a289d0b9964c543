import { classFormRule } from './rules/classForm';
import { descriptionRule } from './rules/description';
import { duplicateToolRule } from './rules/duplicateTool';
import { entryShapeRule } from './rules/entryShape';
import { literalCredentialsRule } from './rules/literalCredentials';
import { parametersRule } from './rules/parameters';
import type { EntryRule } from './rules/ruleContext';
import { toolInfoUrlRule } from './rules/toolInfoUrl';
import { toolNameRule } from './rules/toolName';
import type { ToolEntry } from './toolEntry';
import { compareDiagnostics, type ToolboxDiagnostic } from './toolboxDiagnostic';

/** Every rule an entry is checked against, in the order their findings are most useful. */
export const ENTRY_RULES: readonly EntryRule[] = [
  entryShapeRule,
  toolNameRule,
  classFormRule,
  descriptionRule,
  parametersRule,
  literalCredentialsRule,
  duplicateToolRule,
  toolInfoUrlRule,
];

/**
 * Checks entries the way neuro-san will read them. Only entries from the files being edited are checked by
 * default: the shipped default toolbox is neuro-san's, not the user's, so its own quirks are not the user's problems.
 */
export function validateEntries(entries: readonly ToolEntry[], options: { includeDefaults?: boolean } = {}): ToolboxDiagnostic[] {
  const diagnostics: ToolboxDiagnostic[] = [];
  const report = (d: ToolboxDiagnostic) => diagnostics.push(d);
  for (const entry of entries) {
    if (entry.origin === 'default' && !options.includeDefaults) continue;
    for (const rule of ENTRY_RULES) rule({ entry, report });
  }
  return diagnostics.sort(compareDiagnostics);
}
