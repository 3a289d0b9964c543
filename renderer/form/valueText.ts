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

/**
 * A multi-line description as a table cell shows it: the indentation its continuation lines share in the file (a
 * triple-quoted string keeps the source's indentation in its value) taken off, as Python's inspect.cleandoc leaves
 * the first line alone (issue #35). `indent` puts it back when the cell is written (withIndent), so the lines the user
 * did not touch stay as the file had them. Lines of blanks only are left as they are either way.
 */
export function withoutIndent(value: string): { shown: string; indent: string } {
  const lines = value.split('\n');
  let indent: string | undefined;
  for (const line of lines.slice(1)) {
    if (line.trim() === '') continue;
    const own = /^[ \t]*/.exec(line)![0];
    if (indent === undefined) indent = own;
    else {
      let i = 0;
      while (i < indent.length && i < own.length && indent[i] === own[i]) i++;
      indent = indent.slice(0, i);
    }
  }
  if (!indent) return { shown: value, indent: '' };
  const cut = indent;
  return { shown: [lines[0], ...lines.slice(1).map((l) => (l.trim() === '' ? l : l.slice(cut.length)))].join('\n'), indent: cut };
}

/** What withoutIndent took off, put back on the continuation lines that are not blank. */
export function withIndent(shown: string, indent: string): string {
  if (!indent) return shown;
  const lines = shown.split('\n');
  return [lines[0], ...lines.slice(1).map((l) => (l.trim() === '' ? l : indent + l))].join('\n');
}
