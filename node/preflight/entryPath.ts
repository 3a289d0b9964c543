/**
 * Where a preflight finding goes in the toolbox file: the worker names a path of keys inside the entry
 * (`["args", "api_wrapper", "args", "k"]`); this finds the deepest part of it that is written, and points at that key
 * (at the value for `class`, whose text is what is wrong).
 */
import type { HoconField, Origin } from '../../shared/hocon/index';
import { keyOrigin, type ToolEntry } from '../../shared/toolbox/index';

export function originOfPath(entry: ToolEntry, at: readonly string[]): Origin {
  let field: HoconField = entry.field;
  let value = entry.value;
  for (const key of at) {
    if (value.kind !== 'object') break;
    const next = value.fields.get(key);
    if (!next) break;
    field = next;
    value = next.value;
  }
  return field.key === 'class' && field !== entry.field ? field.value : keyOrigin(field);
}
