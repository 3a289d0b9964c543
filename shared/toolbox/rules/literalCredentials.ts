import type { HoconValue } from '../../hocon/index';
import { diagnosticAt } from '../toolboxDiagnostic';
import { ReusedList, type EntryRule } from './ruleContext';

/** A cheap first look: a key without one of these cannot name a credential (most keys stop here). */
const MAYBE_CREDENTIAL = /key|token|pass|secret|credential|authori[sz]ation/i;
/** A key whose last word is one of these names a credential: `password`, `access_token`, `client_secret`. */
const CREDENTIAL_WORDS = new Set(['apikey', 'token', 'password', 'passwd', 'passphrase', 'secret', 'credential', 'credentials', 'authorization', 'authorisation']);
/** A key ending in `key` names a credential when the word before is one of these: `secret_key`, `privateKey`, `x-api-key`. */
const KEY_QUALIFIERS = new Set(['api', 'secret', 'access', 'private', 'auth', 'signing', 'encryption', 'subscription', 'master']);
/** Words that say what a credential is but not whose: a key made only of these gets the tool's name in front. */
const GENERIC_WORDS = new Set([...CREDENTIAL_WORDS, ...KEY_QUALIFIERS, 'key', 'client', 'refresh', 'bearer', 'id']);

/** A key's words, lower case: `aws_secret_access_key`, `privateKey`, `x-api-key`, `APIKey` → their parts. */
function wordsOf(key: string): string[] {
  return key
    .replace(/([a-z0-9])([A-Z])/g, '$1_$2')
    .replace(/([A-Z]+)([A-Z][a-z])/g, '$1_$2')
    .split(/[^A-Za-z0-9]+/)
    .filter((w) => w !== '')
    .map((w) => w.toLowerCase());
}

/** Whether an `args` key names a credential (`api_key`, `secret_key`, `Authorization`; not `max_tokens` or `tokenizer`). */
export function isCredentialKey(key: string): boolean {
  if (!MAYBE_CREDENTIAL.test(key)) return false;
  const words = wordsOf(key);
  const last = words[words.length - 1];
  if (last === undefined) return false;
  if (CREDENTIAL_WORDS.has(last)) return true;
  return last === 'key' && words.length >= 2 && KEY_QUALIFIERS.has(words[words.length - 2]!);
}

/**
 * The environment variable to suggest for a credential: the key in upper snake case, as libraries name theirs
 * (`tavily_api_key` → TAVILY_API_KEY, the spec's example), with the tool's name in front when the key alone does not
 * say whose credential it is (`password` of `db` → DB_PASSWORD).
 */
export function credentialVariable(key: string, tool: string): string {
  const words = wordsOf(key);
  if (words.length > 1 && words[0] === 'x') words.shift(); // an HTTP header's `X-` says nothing about the credential
  const name = words.join('_').toUpperCase();
  const toolWords = wordsOf(tool);
  return words.every((w) => GENERIC_WORDS.has(w)) && toolWords.length > 0 ? `${toolWords.join('_').toUpperCase()}_${name}` : name;
}

/**
 * A credential written literally in `args` ends up in version control. The spec says: leave it out and let the
 * library read its environment variable, or write `${?ENV_VAR}`. Values from substitutions, and empty ones, are fine.
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
      if (v.kind === 'string' && isCredentialKey(key) && v.value.trim() !== '' && !fields.fieldAt(i).viaSubstitution && v.style !== 'environment') {
        const keyText = /^[A-Za-z_][A-Za-z0-9_]*$/.test(key) ? key : JSON.stringify(key);
        report(
          diagnosticAt(
            v,
            'warning',
            'literal-credential',
            `'${key}' of '${entry.name}' is written literally in the file. Take it from an environment variable instead: ${keyText} = \${?${credentialVariable(key, entry.name)}}.`,
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
