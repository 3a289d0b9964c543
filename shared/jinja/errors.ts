/** Errors raised while lexing, parsing or rendering; the engine turns them into positioned diagnostics. */

/** The kinds Python Jinja2 would raise: TemplateSyntaxError, UndefinedError, TypeError, ZeroDivisionError... */
export type TemplateErrorKind = 'syntax' | 'undefined' | 'type' | 'value' | 'zero-division' | 'unsupported' | 'loader';

export class TemplateError extends Error {
  constructor(
    readonly kind: TemplateErrorKind,
    message: string,
    /** Offset in the normalised template text; filled in by the interpreter when the raiser did not know it. */
    public offset?: number,
  ) {
    super(message);
  }
}

export const syntaxError = (message: string, offset?: number) => new TemplateError('syntax', message, offset);
export const typeError = (message: string) => new TemplateError('type', message);
export const valueError = (message: string) => new TemplateError('value', message);
