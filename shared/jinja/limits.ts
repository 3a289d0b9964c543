import { TemplateError } from './errors';
import { pyRepr, pyStr, TextTooLong } from '../pyvalue/repr';
import { Markup, PyObject, type CallBudget, type PyValue } from '../pyvalue/types';

/**
 * What one rendering may cost. A catalog template loops over a toolbox's tools and writes a few KB per tool; these
 * bounds are far above that, and stop a template that would run for minutes or fill memory (`range(10**8)` took 18 s
 * and 5 GB). The range bound is Jinja2's own sandbox's (MAX_RANGE); plain Jinja2 has none.
 */
export const RENDER_LIMITS = {
  /** Items in one `range()`. */
  maxRange: 100_000,
  /** Characters written: the output, and a macro's or a captured block's text while it is being written. */
  maxOutputChars: 16 * 1024 * 1024,
  /** Statements run and loop iterations. */
  maxSteps: 5_000_000,
  /**
   * Characters of the strings a rendering makes from other values: concatenated (`+`, `~`), repeated, joined,
   * formatted, replaced, padded, converted (`|string`, `|tojson`, printing a list), a macro's or a captured block's
   * text once it is done... Four times the most a rendering may write: a 5,000-tool catalog at 3 KB a tool makes
   * about 15 M, written once.
   */
  maxMadeChars: 64 * 1024 * 1024,
  /**
   * Items of the lists, tuples and dicts a rendering makes: literals, `+`, repetition, copies, slices, filters'
   * results, `append`, the items a `for` loop or a filter takes from a string or a range. Collecting 5,000 tools
   * one by one (`{% set ns.l = ns.l + [t] %}`) makes 12.5 M.
   */
  maxMadeItems: 32 * 1024 * 1024,
  /**
   * Characters of the text one value becomes at once (`str()` of a list, `tojson`): as many as a rendering may write.
   * A list sharing its parts prints far longer than it is (`x = [x, x]` forty times: 41 lists, 2^40 items of text),
   * and takes about a second per 16 M characters to print.
   */
  maxValueTextChars: 16 * 1024 * 1024,
  /**
   * Decimal digits of one int a product, a power or the int filter makes (Python prints at most 4,300 of them; its
   * ints grow without bound, and forty `{% set x = x * x %}` ran 17 s before V8 refused a BigInt that large). The
   * digits made count against the characters too.
   */
  maxIntDigits: 100_000,
};

export function rangeTooBig(length: number): TemplateError {
  return new TemplateError('value', `range too big: ${length} items; the limit is ${RENDER_LIMITS.maxRange} (as Jinja2's sandbox)`);
}

export function outputTooLarge(): TemplateError {
  return new TemplateError('value', `Render limit reached: more than ${RENDER_LIMITS.maxOutputChars / 1048576} M characters of output`);
}

export function tooManySteps(): TemplateError {
  return new TemplateError('value', `Render limit reached: more than ${RENDER_LIMITS.maxSteps} statements and loop iterations`);
}

const megas = (n: number) => (n >= 1048576 ? `${Number((n / 1048576).toFixed(1))} M` : `${n}`);

/**
 * `what` (an operation: "a repetition", "the join filter") would make `length` characters or items past what a
 * rendering may make (`[1] * 10**8` took 15 s and 3 GB; forty `{% set x = x + x %}` 28 s and 3 GB before V8 aborted).
 */
export function madeTooMuch(of: 'characters' | 'items', what: string, length: number | bigint | string, madeBefore: number): TemplateError {
  const max = of === 'characters' ? RENDER_LIMITS.maxMadeChars : RENDER_LIMITS.maxMadeItems;
  const limit = of === 'characters' ? `${megas(max)} characters of strings` : `${megas(max)} items of lists, tuples and dicts`;
  // What was made before, when it is why this one is refused.
  const cumulative = typeof length === 'string' ? madeBefore > 0 : Number(length) <= max;
  const before = cumulative ? ` (${megas(madeBefore)} made before)` : '';
  return new TemplateError('value', `Render limit reached: ${what} making ${length} ${of}, past the ${limit} a rendering may make${before}`);
}

/**
 * What a rendering has made so far. Every operation that makes a string or a list from other values counts its
 * length here before making it, so a template that grows a value (`x + x`, `x ~ x`, `'a' * n`, `join`, `replace`...)
 * stops with a positioned error instead of filling memory. Copies count too: a loop appending copies of a big list
 * grows memory as surely as one big list does.
 */
export class RenderBudget implements CallBudget {
  private chars = 0;
  private items = 0;

  /** Counts a string of `length` characters (UTF-16 units) that `what` is about to make; throws past the limit. */
  makeChars(length: number | bigint, what: string): void {
    // Negated: a length that is no number (NaN) is refused too, never counted.
    if (!(length <= RENDER_LIMITS.maxMadeChars - this.chars)) throw this.tooMuch('characters', what, length);
    this.chars += Number(length);
  }

  /** Counts `length` list, tuple or dict items that `what` is about to make; throws past the limit. */
  makeItems(length: number | bigint, what: string): void {
    if (!(length <= RENDER_LIMITS.maxMadeItems - this.items)) throw this.tooMuch('items', what, length);
    this.items += Number(length);
  }

  /** Counts an int of about `digits` decimal digits that `what` is about to make; throws past either limit. */
  makeIntDigits(digits: number, what: string): void {
    if (!(digits <= RENDER_LIMITS.maxIntDigits)) {
      throw new TemplateError('value', `Render limit reached: ${what} making an int of about ${digits} digits, past the ${RENDER_LIMITS.maxIntDigits} digits an int may have`);
    }
    this.makeChars(digits, what);
  }

  /** The error for `what` making `length` more characters or items than are left. */
  tooMuch(of: 'characters' | 'items', what: string, length: number | bigint | string): TemplateError {
    return madeTooMuch(of, what, length, of === 'characters' ? this.chars : this.items);
  }

  /** Characters a string made now may still have. */
  get charsLeft(): number {
    return RENDER_LIMITS.maxMadeChars - this.chars;
  }

  /**
   * Python `str(value)` for `what`. A str is returned as it is (nothing is made); a list, dict or object is printed
   * only as far as the limits allow, and counted. `maxLength` (the output left, when the text is printed) stops it
   * sooner, with `tooLong`'s error.
   */
  str(value: PyValue, what: string, maxLength = Infinity, tooLong?: () => TemplateError): string {
    if (typeof value === 'string') return value;
    if (value instanceof Markup) return value.text;
    if (!(Array.isArray(value) || value instanceof Map || value instanceof PyObject)) return pyStr(value);
    return this.text(what, (max) => pyStr(value, max), maxLength, tooLong);
  }

  /** Python `repr(value)` for `what`, printed only as far as the limits allow, and counted. */
  repr(value: PyValue, what: string): string {
    return this.text(what, (max) => pyRepr(value, max));
  }

  /**
   * The text `make` makes of one value for `what` (str(), repr(), json.dumps), given the most it may be: the strings
   * left to make, the text one value may become, and `maxLength`. `make` throws TextTooLong rather than pass it,
   * which becomes the error of the limit that was reached. Counted once made.
   */
  text(what: string, make: (maxLength: number) => string, maxLength = Infinity, tooLong?: () => TemplateError): string {
    const left = this.charsLeft;
    const max = Math.min(left, RENDER_LIMITS.maxValueTextChars, maxLength);
    let text: string;
    try {
      text = make(max);
    } catch (error) {
      if (!(error instanceof TextTooLong)) throw error;
      if (tooLong && max === maxLength) throw tooLong();
      if (max === left) throw this.tooMuch('characters', what, `more than ${left}`);
      const limit = `${megas(RENDER_LIMITS.maxValueTextChars)} characters one value may print as`;
      throw new TemplateError('value', `Render limit reached: ${what} making more than ${max} characters, past the ${limit}`);
    }
    this.chars += text.length;
    return text;
  }
}
