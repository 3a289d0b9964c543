/**
 * The JSON inside a rendered catalog: the default template writes `Here is the toolbox catalog: {...}`, and a
 * user's template may put prose around it too. Tries each `{` or `[` from the left until one starts a JSON value
 * that runs to the matching last bracket.
 */
export function findJson(text: string): { value: unknown; start: number } | null {
  for (let start = 0; start < text.length; start++) {
    const open = text[start];
    if (open !== '{' && open !== '[') continue;
    const end = text.lastIndexOf(open === '{' ? '}' : ']');
    if (end <= start) continue;
    try {
      return { value: JSON.parse(text.slice(start, end + 1)), start };
    } catch {
      // not here: try the next bracket
    }
  }
  return null;
}
