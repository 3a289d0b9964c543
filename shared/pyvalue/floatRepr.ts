/**
 * Python's `repr(float)`: the shortest digits that round-trip (the same digits JavaScript picks), laid out the way
 * CPython's `float_repr_style = 'short'` does — fixed notation for decimal exponents -4..15, otherwise scientific with
 * a signed, at least two-digit exponent — and always with a '.0' when fixed and integral.
 * JavaScript switches notation at different thresholds (1e21, 1e-7), hence this file.
 */
export function floatRepr(value: number): string {
  if (Number.isNaN(value)) return 'nan';
  if (value === Infinity) return 'inf';
  if (value === -Infinity) return '-inf';
  if (value === 0) return Object.is(value, -0) ? '-0.0' : '0.0';
  const sign = value < 0 ? '-' : '';
  // "d.ddddde±x" with the shortest round-tripping digits.
  const sci = Math.abs(value).toExponential();
  const ePos = sci.indexOf('e');
  const digits = sci.slice(0, ePos).replace('.', '');
  const exponent = Number(sci.slice(ePos + 1));
  if (exponent >= -4 && exponent < 16) {
    if (exponent < 0) return `${sign}0.${'0'.repeat(-exponent - 1)}${digits}`;
    const intLen = exponent + 1;
    if (digits.length <= intLen) return `${sign}${digits}${'0'.repeat(intLen - digits.length)}.0`;
    return `${sign}${digits.slice(0, intLen)}.${digits.slice(intLen)}`;
  }
  const mantissa = digits.length === 1 ? digits : `${digits[0]}.${digits.slice(1)}`;
  const expSign = exponent < 0 ? '-' : '+';
  const expDigits = String(Math.abs(exponent)).padStart(2, '0');
  return `${sign}${mantissa}e${expSign}${expDigits}`;
}

/** How `json.dumps` (allow_nan=True) writes a float: `repr`, except the non-finite values. */
export function floatJson(value: number): string {
  if (Number.isFinite(value)) return floatRepr(value);
  if (Number.isNaN(value)) return 'NaN';
  return value > 0 ? 'Infinity' : '-Infinity';
}
