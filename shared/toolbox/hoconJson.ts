import type { HoconValue } from '../hocon/index';
import type { JsonValue } from './runnable';

/** A resolved value as plain JSON (numbers as JavaScript numbers), for schema checks and the test-run worker. */
export function toJson(value: HoconValue): JsonValue {
  // Iterative, so that deeply nested args cannot overflow the stack.
  const root: { value?: JsonValue } = {};
  const stack: Array<{ source: HoconValue; assign: (v: JsonValue) => void }> = [{ source: value, assign: (v) => (root.value = v) }];
  while (stack.length) {
    const { source, assign } = stack.pop()!;
    switch (source.kind) {
      case 'object': {
        const out: { [key: string]: JsonValue } = {};
        assign(out);
        // Keys are created now, in the file's order; the stack fills their values later (in any order).
        const fields = source.fields;
        for (let i = 0; i < fields.size; i++) {
          const key = fields.keyAt(i);
          setMember(out, key, null);
          stack.push({ source: fields.valueAt(i), assign: (v) => setMember(out, key, v) });
        }
        break;
      }
      case 'array': {
        const out: JsonValue[] = new Array<JsonValue>(source.elements.length);
        assign(out);
        source.elements.forEach((element, i) => stack.push({ source: element, assign: (v) => (out[i] = v) }));
        break;
      }
      case 'null':
        assign(null);
        break;
      default:
        assign(source.value);
    }
  }
  return root.value ?? null;
}

/** `out[key] = value`, except that a key named __proto__ becomes data (in its place) instead of the prototype. */
function setMember(out: { [key: string]: JsonValue }, key: string, value: JsonValue): void {
  if (key === '__proto__') Object.defineProperty(out, key, { value, enumerable: true, writable: true, configurable: true });
  else out[key] = value;
}

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
