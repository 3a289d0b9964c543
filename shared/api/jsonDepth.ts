/**
 * How deep a request's JSON may nest. Far above any real toolbox argument or sly_data (a handful of levels), and far
 * below what breaks a reader: Python's json gives up near 1,000 levels (the worker would fail), recursive readers and
 * writers in JavaScript overflow the stack a few thousand levels down.
 */
export const MAX_JSON_DEPTH = 100;

/** True when a value nests objects/arrays deeper than `max` levels. Iterative: a hostile value cannot overflow it. */
export function valueNestsDeeperThan(value: unknown, max: number = MAX_JSON_DEPTH): boolean {
  const stack: Array<{ value: unknown; depth: number }> = [{ value, depth: 0 }];
  while (stack.length > 0) {
    const { value: current, depth } = stack.pop()!;
    if (current === null || typeof current !== 'object') continue;
    if (depth + 1 > max) return true;
    const children = Array.isArray(current) ? current : Object.values(current as Record<string, unknown>);
    for (const child of children) {
      if (child !== null && typeof child === 'object') stack.push({ value: child, depth: depth + 1 });
    }
  }
  return false;
}

/**
 * True when JSON text nests brackets deeper than `max` levels (brackets inside strings do not count). A scan, not a
 * parse: it answers for text that is not JSON too, before anything reads it recursively.
 */
export function jsonTextNestsDeeperThan(text: string, max: number = MAX_JSON_DEPTH): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c /* \ */) i++;
      else if (c === 0x22 /* " */) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x7b /* { */ || c === 0x5b /* [ */) {
      if (++depth > max) return true;
    } else if (c === 0x7d /* } */ || c === 0x5d /* ] */) depth = Math.max(0, depth - 1);
  }
  return false;
}

/**
 * The reason a request payload nests too deep, or null: the payload itself, and every `argsJson` text in it (a run
 * request's arguments, `tool.run`'s `run` or a saved case's `request`, travel as JSON text that the worker's Python
 * json reads).
 */
export function requestDepthProblem(payload: unknown, max: number = MAX_JSON_DEPTH): string | null {
  if (valueNestsDeeperThan(payload, max)) return `The request nests deeper than ${max} levels of JSON objects and arrays.`;
  // The payload nests at most `max` levels (checked above), so this walk is bounded too.
  const pending: unknown[] = [payload];
  while (pending.length > 0) {
    const value = pending.pop();
    if (value === null || typeof value !== 'object') continue;
    if (Array.isArray(value)) {
      pending.push(...value);
      continue;
    }
    for (const [key, member] of Object.entries(value)) {
      if (key === 'argsJson' && typeof member === 'string') {
        if (jsonTextNestsDeeperThan(member, max)) return `argsJson nests deeper than ${max} levels of JSON objects and arrays.`;
      } else {
        pending.push(member);
      }
    }
  }
  return null;
}
