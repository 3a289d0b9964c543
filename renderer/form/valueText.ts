/**
 * HOCON value text for what the user typed in the form. The HOCON module inserts it verbatim, so these decide how a
 * value is written: strings as JSON strings, multi-line descriptions as triple-quoted strings (readable in the
 * file), other leaves as what they parse to.
 */

/** A description: triple-quoted when it spans lines (and cannot be misread), else a JSON string. */
export function descriptionText(value: string): string {
  if (value.includes('\n') && !value.includes('"""') && !value.endsWith('"')) return `"""${value}"""`;
  return JSON.stringify(value);
}

/** A leaf typed in the args tree or the parameters table: JSON literals stay literals, anything else is a string. */
export function leafText(input: string): string {
  const trimmed = input.trim();
  if (/^(true|false|null|-?\d+(\.\d+)?([eE][+-]?\d+)?)$/.test(trimmed)) return trimmed;
  if (/^[[{"]/.test(trimmed)) {
    try {
      return JSON.stringify(JSON.parse(trimmed));
    } catch {
      // not JSON: a plain string
    }
  }
  return JSON.stringify(input);
}

/** How a JSON leaf shows in a form field (strings without quotes). */
export function leafDisplay(value: unknown): string {
  return typeof value === 'string' ? value : JSON.stringify(value);
}

/** An enum column cell: comma-separated values to a JSON array (numbers stay numbers), empty to none. */
export function enumText(input: string): string | null {
  const items = input.split(',').map((s) => s.trim()).filter((s) => s !== '');
  if (items.length === 0) return null;
  return JSON.stringify(items.map((s) => (/^-?\d+(\.\d+)?$/.test(s) ? Number(s) : s)));
}
