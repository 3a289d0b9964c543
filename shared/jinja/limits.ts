import { TemplateError } from './errors';

/**
 * What one rendering may cost. A catalog template loops over a toolbox's tools and writes a few KB per tool; these
 * bounds are far above that, and stop a template that would run for minutes or fill memory (`range(10**8)` took 18 s
 * and 5 GB). The range bound is Jinja2's own sandbox's (MAX_RANGE); plain Jinja2 has none.
 */
export const RENDER_LIMITS = {
  /** Items in one `range()`. */
  maxRange: 100_000,
  /** Characters written, captured blocks included; and, apart, characters made by repeating strings (`'-' * 80`). */
  maxOutputChars: 16 * 1024 * 1024,
  /** Statements run, loop iterations and list items made by repetition (`[0] * 10`). */
  maxSteps: 5_000_000,
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

/** A string or list repetition (`'x' * n`, `[1] * n`) past what a rendering may make: `[1] * 10**8` took 15 s and 3 GB. */
export function repetitionTooLarge(of: 'characters' | 'items', length: bigint): TemplateError {
  return of === 'characters'
    ? new TemplateError('value', `Render limit reached: a repetition making ${length} characters, past the ${RENDER_LIMITS.maxOutputChars / 1048576} M characters repetitions may make in a rendering`)
    : new TemplateError('value', `Render limit reached: a repetition making ${length} list items, past the ${RENDER_LIMITS.maxSteps} statements, loop iterations and items a rendering may take`);
}
