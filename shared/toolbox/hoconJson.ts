import type { HoconValue, ToJsonOptions } from '../hocon/index';

/**
 * How an entry's args and parameters become plain JSON (HOCON's toJson, numbers as JavaScript numbers): without a
 * size limit, since the file was read whole already and validation must not stop half-way through an entry.
 */
export const ENTRY_JSON: ToJsonOptions = { maxNodes: Infinity };

/** The value at a JSON pointer (`/properties/x/type`) inside a resolved value, for positioning schema errors. */
export function valueAtPointer(value: HoconValue, pointer: string): HoconValue | undefined {
  if (pointer === '') return value;
  let current: HoconValue | undefined = value;
  for (const raw of pointer.slice(1).split('/')) {
    const key = raw.replace(/~1/g, '/').replace(/~0/g, '~');
    if (current?.kind === 'object') current = current.fields.value(key);
    else if (current?.kind === 'array') current = current.elements[Number(key)];
    else return undefined;
  }
  return current;
}
