import { diagnosticAt } from '../toolboxDiagnostic';
import type { EntryRule } from './ruleContext';

/** A coded tool's description is all the LLM knows about it: an empty one makes the tool unusable in practice. */
export const descriptionRule: EntryRule = ({ entry, report }) => {
  if (entry.kind !== 'coded' || entry.value.kind !== 'object') return;
  const value = entry.value.fields.value('description');
  if (value?.kind === 'string' && value.value.trim() === '') {
    report(diagnosticAt(value, 'warning', 'coded-description', `The description of '${entry.name}' is empty: the LLM reads it to decide when to call the tool.`, { tool: entry.name }));
  }
};
