import { UNKNOWN_PLACEHOLDER } from './mapping';

/**
 * The catalog template's `tojson` escapes `<` and `>` as Jinja does (`\u003c`, `\u003e`), so the placeholder of a value
 * only the Python class knows reads `\u003cunknown until the tool class is loaded\u003e` in the rendered text. The
 * placeholder is the editor's, not text the LLM gets, so the Text view shows it as `<unknown…>`; the rendered text
 * itself (copied, counted, diffed) is left exactly as the template made it.
 */
const ESCAPED = UNKNOWN_PLACEHOLDER.replace('<', '\\u003c').replace('>', '\\u003e');

export type TextPart = { text: string; placeholder?: true };

/** `text` cut around each placeholder (escaped or not); each placeholder part holds the readable placeholder. */
export function splitPlaceholders(text: string): TextPart[] {
  const parts: TextPart[] = [];
  let from = 0;
  for (;;) {
    const escaped = text.indexOf(ESCAPED, from);
    const plain = text.indexOf(UNKNOWN_PLACEHOLDER, from);
    const at = escaped < 0 ? plain : plain < 0 ? escaped : Math.min(escaped, plain);
    if (at < 0) break;
    if (at > from) parts.push({ text: text.slice(from, at) });
    parts.push({ text: UNKNOWN_PLACEHOLDER, placeholder: true });
    from = at + (at === escaped ? ESCAPED.length : UNKNOWN_PLACEHOLDER.length);
  }
  if (from < text.length || parts.length === 0) parts.push({ text: text.slice(from) });
  return parts;
}
