import { diagnosticAt } from '../toolboxDiagnostic';
import { keyOrigin, type EntryRule } from './ruleContext';

const IDENTIFIER = /^[A-Za-z_][A-Za-z0-9_]*$/;

/**
 * neuro-san does not sanitize keys: a name with `.`, `:` or spaces keeps odd characters and breaks look-ups. A warning:
 * neuro-san loads the entry; it is an agent network naming it that fails (and is reported there).
 */
export const toolNameRule: EntryRule = ({ entry, report }) => {
  if (IDENTIFIER.test(entry.name)) return;
  // neuro-san keeps the quotes of a quoted key in the name: the suggestion is made from what is inside them.
  const suggestion = entry.name.replace(/^"(.*)"$/s, '$1').replace(/[^A-Za-z0-9_]+/g, '_').replace(/^(?=\d)/, '_');
  report(
    diagnosticAt(
      keyOrigin(entry.field),
      'warning',
      'tool-name',
      `Tool name '${entry.name}' is not a plain identifier (letters, digits and _): agent networks cannot refer to it reliably. Rename it, e.g. '${suggestion}'.`,
      { tool: entry.name },
    ),
  );
};
