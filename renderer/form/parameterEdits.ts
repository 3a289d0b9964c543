/**
 * Edits of a tool's `parameters` that keep `required` consistent with `properties`: renaming a parameter renames it
 * in `required`, removing one removes it there, and a name `required` lists without a property can be dropped.
 * Each is one minimal text edit (HOCON module edits chained, then reduced to the span that changed), so it is one
 * undo step and every byte outside it stays as it was.
 */
import { applyEdits, getPath, removeKey, renameKey, resolveHocon, setValue, type HoconArray, type TextEdit } from '../../shared/hocon';

const propertyPath = (tool: string, name: string) => [tool, 'parameters', 'properties', name];
const requiredPath = (tool: string) => [tool, 'parameters', 'required'];

/** `required` as the text resolves it, and whether each element is written in this text (so it can be spliced). */
function requiredArray(text: string, tool: string): { array: HoconArray; inText: boolean } | undefined {
  const document = resolveHocon(text);
  const value = getPath(document.value, requiredPath(tool));
  if (value?.kind !== 'array') return undefined;
  const root = document.sources[0];
  return { array: value, inText: value.elements.every((e) => e.source === root) };
}

const names = (array: HoconArray) => array.elements.map((e) => (e.kind === 'string' ? e.value : null));

/** The edits that rename `from` to `to` in `required` (none when it does not list it). */
function renameInRequired(text: string, tool: string, from: string, to: string): TextEdit[] {
  const found = requiredArray(text, tool);
  if (!found || !names(found.array).includes(from)) return [];
  if (!found.inText) return setValue(text, requiredPath(tool), JSON.stringify(names(found.array).map((n) => (n === from ? to : n))));
  return found.array.elements
    .filter((e) => e.kind === 'string' && e.value === from)
    .map((e) => ({ offset: e.start, length: e.end - e.start, newText: JSON.stringify(to) }));
}

/** The edits that take `name` out of `required`, with the separator before it (or after it, for the first). */
function removeFromRequired(text: string, tool: string, name: string): TextEdit[] {
  const found = requiredArray(text, tool);
  if (!found || !names(found.array).includes(name)) return [];
  if (!found.inText) return setValue(text, requiredPath(tool), JSON.stringify(names(found.array).filter((n) => n !== name)));
  const { elements } = found.array;
  const keep = elements.filter((e) => !(e.kind === 'string' && e.value === name));
  if (keep.length === 0) return [{ offset: elements[0]!.start, length: elements[elements.length - 1]!.end - elements[0]!.start, newText: '' }];
  const edits: TextEdit[] = [];
  elements.forEach((element, i) => {
    if (!(element.kind === 'string' && element.value === name)) return;
    const previous = elements[i - 1];
    const next = elements[i + 1];
    // `, "b"` goes with the element before; the first element takes the separator after it.
    if (previous) edits.push({ offset: previous.end, length: element.end - previous.end, newText: '' });
    else if (next) edits.push({ offset: element.start, length: next.start - element.start, newText: '' });
  });
  // Two removals next to each other would overlap on a shared separator: fall back to writing the array.
  try {
    applyEdits(text, edits);
    return edits;
  } catch {
    return setValue(text, requiredPath(tool), JSON.stringify(names(found.array).filter((n) => n !== name)));
  }
}

/** Chains edit steps (each computed on the text the previous left) into one edit of the span that changed. */
export function chainEdits(text: string, steps: ((text: string) => TextEdit[])[]): TextEdit[] {
  let after = text;
  for (const step of steps) after = applyEdits(after, step(after));
  if (after === text) return [];
  let start = 0;
  while (start < text.length && start < after.length && text[start] === after[start]) start++;
  let end = 0;
  while (end < text.length - start && end < after.length - start && text[text.length - 1 - end] === after[after.length - 1 - end]) end++;
  return [{ offset: start, length: text.length - start - end, newText: after.slice(start, after.length - end) }];
}

/** Renames a parameter, and the name in `required`. */
export function renameParameter(text: string, tool: string, from: string, to: string): TextEdit[] {
  return chainEdits(text, [(t) => renameKey(t, propertyPath(tool, from), to), (t) => renameInRequired(t, tool, from, to)]);
}

/** Removes a parameter, and the name from `required`. */
export function removeParameter(text: string, tool: string, name: string): TextEdit[] {
  return chainEdits(text, [(t) => removeKey(t, propertyPath(tool, name)), (t) => removeFromRequired(t, tool, name)]);
}

/** Takes a name out of `required` (one that names no property: the stale name's fix). */
export function removeRequiredName(text: string, tool: string, name: string): TextEdit[] {
  return chainEdits(text, [(t) => removeFromRequired(t, tool, name)]);
}
