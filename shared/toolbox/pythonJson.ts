/**
 * A resolved value as JSON text that Python's `json.loads` turns into what pyhocon gives neuro-san: integers exact
 * (a JavaScript number rounds past 2^53) and floats as floats (`1.0`: JSON.stringify writes `1`, an int to Python).
 * For the constructor args sent to the test-run worker; validation and display keep toJson's plain numbers.
 */
import { exactIntegerDigits, type HoconNumber, type HoconValue } from '../hocon/index';

export function pythonJsonText(value: HoconValue): string {
  const out: string[] = [];
  // Iterative, as toJson is: substitutions can nest args deeper than the stack allows recursion.
  // The stack holds values still to write and the punctuation that goes between and after them.
  const stack: Array<HoconValue | string> = [value];
  while (stack.length) {
    const item = stack.pop()!;
    if (typeof item === 'string') {
      out.push(item);
      continue;
    }
    switch (item.kind) {
      case 'object': {
        const fields = item.fields;
        out.push('{');
        stack.push('}');
        for (let i = fields.size - 1; i >= 0; i--) stack.push(fields.valueAt(i), `${i > 0 ? ',' : ''}${JSON.stringify(fields.keyAt(i))}:`);
        break;
      }
      case 'array': {
        out.push('[');
        stack.push(']');
        for (let i = item.elements.length - 1; i >= 0; i--) {
          stack.push(item.elements[i]!);
          if (i > 0) stack.push(',');
        }
        break;
      }
      case 'number':
        out.push(numberText(item));
        break;
      case 'null':
        out.push('null');
        break;
      default:
        out.push(JSON.stringify(item.value));
    }
  }
  return out.join('');
}

/** pyhocon reads a number written without '.', 'e' or 'E' as a Python int (exact), any other as a float. */
function numberText(n: HoconNumber): string {
  const x = n.value;
  if (n.numberKind === 'int') return Number.isSafeInteger(x) ? String(x) : exactIntegerDigits(n.text) ?? JSON.stringify(x);
  // JSON.stringify writes a whole float as an integer (1, 0 for -0.0) and an overflowing one as null; Python's json
  // reads `Infinity` (float('1e400') is what pyhocon gives). `1e+21` and `0.5` already read as floats.
  if (x === Infinity) return 'Infinity';
  if (x === -Infinity) return '-Infinity';
  if (Object.is(x, -0)) return '-0.0';
  return Number.isInteger(x) && Math.abs(x) < 1e21 ? `${x}.0` : String(x);
}
