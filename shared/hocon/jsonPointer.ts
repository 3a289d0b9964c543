import type { HoconValue } from './values';

/**
 * The value at a JSON pointer (`/properties/x/type`) inside a resolved value: where in the file the member of
 * toJson's data that a JSON-Schema error names was written.
 */
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
