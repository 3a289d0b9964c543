import type { HoconValue } from '../../hocon/values';
import { diagnosticAt } from '../toolboxDiagnostic';
import { ReusedList, type EntryRule } from './ruleContext';

const CREDENTIAL_KEY = /(^|_)(api_?key|apikey|token|access_token|password|passwd|secret|client_secret|private_key|credentials?)$/i;

/**
 * A credential written literally in `args` ends up in version control. The spec says: leave it out and let the
 * library read its environment variable, or write `${?ENV_VAR}`. Values from substitutions are fine.
 */
export const literalCredentialsRule: EntryRule = ({ entry, report }) => {
  if (entry.value.kind !== 'object') return;
  const args = entry.value.fields.value('args');
  if (!args) return;
  const stack = walkStack;
  stack.clear(); // empty unless a walk was cut short
  stack.push(args);
  while (stack.size > 0) {
    const value = stack.pop();
    if (value.kind === 'array') {
      for (const element of value.elements) stack.push(element);
      continue;
    }
    if (value.kind !== 'object') continue;
    const fields = value.fields;
    for (let i = 0; i < fields.size; i++) {
      const key = fields.keyAt(i);
      const v = fields.valueAt(i);
      if (CREDENTIAL_KEY.test(key) && v.kind === 'string' && v.value.trim() !== '' && !fields.fieldAt(i).viaSubstitution && v.style !== 'environment') {
        report(
          diagnosticAt(
            v,
            'warning',
            'literal-credential',
            `'${key}' of '${entry.name}' is written literally in the file. Use an environment variable instead (most libraries read one, e.g. TAVILY_API_KEY), or \${?YOUR_VAR}.`,
            { tool: entry.name },
          ),
        );
      }
      if (v.kind === 'object' || v.kind === 'array') stack.push(v);
    }
  }
};

// The walk's stack, kept between tools (the rule runs synchronously and never re-enters).
const walkStack = new ReusedList<HoconValue>();
