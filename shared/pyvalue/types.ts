/**
 * A model of the Python values a Jinja2 template sees, precise enough to print them exactly as Python does.
 *
 * The JavaScript type of a value carries its Python type, so no wrapper objects are needed on the hot path:
 *   None → null, bool → boolean, int → bigint (exact at any size), float → number, str → string (UTF-16; lone
 *   surrogates allowed), list → array, tuple → array registered with `makeTuple`, dict → Map (insertion ordered).
 * Jinja-only values (Undefined, Markup, callables, loop objects) are classes below.
 */
export type PyValue =
  | null
  | boolean
  | bigint
  | number
  | string
  | PyValue[]
  | PyDict
  | Undefined
  | Markup
  | PyObject;

/** A Python dict. Keys are Python values too (str in JSON, but a template may write `{1: 'a'}`). */
export type PyDict = Map<PyValue, PyValue>;

/** Jinja2's default `Undefined`: prints as '', iterates as empty, fails on attribute access or arithmetic. */
export class Undefined {
  /** `hint` is the message Jinja2 would raise when the value is used: "'x' is undefined". */
  constructor(readonly hint: string) {}
}

/** markupsafe.Markup: a str already HTML-escaped. Prints as its text; `escape` leaves it alone. */
export class Markup {
  constructor(readonly text: string) {}
}

/** Anything else a template can hold: callables, `loop`, `namespace()`, `range()`, `cycler()`... */
export abstract class PyObject {
  /** The name Python's `type(x).__name__` would give, for messages ("'dict object' has no attribute"). */
  abstract readonly typeName: string;
  /** `getattr(self, name)`, or undefined when there is no such attribute. */
  getAttr(_name: string): PyValue | undefined {
    return undefined;
  }
  /** Python `str(self)`; an object that prints other values stops past `maxLength` (TextTooLong, repr.ts). */
  str(_maxLength?: number): string {
    return `<${this.typeName} object>`;
  }
  /** Python iteration, or undefined when the object is not iterable. */
  iterate(): Iterable<PyValue> | undefined {
    return undefined;
  }
  /** `len(self)`, or undefined when the object has no length. */
  length(): number | undefined {
    return undefined;
  }
  /** `self == other` for two objects. */
  equals(other: PyObject): boolean {
    return this === other;
  }
  /** Set when the object is callable (`self(*args, **kwargs)`). */
  callFn?: (args: PyValue[], kwargs: PyKwargs, budget: CallBudget) => PyValue;
}

/** Keyword arguments of a call, in source order. */
export type PyKwargs = Map<string, PyValue>;

/** What a call counts what it makes against: the rendering's limits (jinja/limits.ts, RenderBudget). */
export interface CallBudget {
  /** Counts a string of `length` characters that `what` is about to make; throws past the limit. */
  makeChars(length: number | bigint, what: string): void;
  /** Counts `length` list, tuple or dict items that `what` is about to make; throws past the limit. */
  makeItems(length: number | bigint, what: string): void;
  /** Counts an int of about `digits` decimal digits that `what` is about to make; throws past the limit. */
  makeIntDigits(digits: number, what: string): void;
  /** Characters a string made now may still have. */
  readonly charsLeft: number;
  /** The error for `what` making `length` (a number, or words: "more than N") past the limit. */
  tooMuch(of: 'characters' | 'items', what: string, length: number | bigint | string): Error;
  /** Python `str(value)`, counted when it makes a text (a list's repr), refused past the limit. */
  str(value: PyValue, what: string): string;
  /** Python `repr(value)`, counted, refused past the limit. */
  repr(value: PyValue, what: string): string;
}

/** A Python callable: a builtin global, a bound method of a str/list/dict, a macro. */
export class PyCallable extends PyObject {
  readonly typeName = 'function';
  constructor(
    readonly name: string,
    readonly fn: (args: PyValue[], kwargs: PyKwargs, budget: CallBudget) => PyValue,
  ) {
    super();
    this.callFn = fn;
  }
  override str(): string {
    return `<function ${this.name}>`;
  }
}

const tuples = new WeakSet<PyValue[]>();

/** Marks an array as a Python tuple (it prints as `(1, 2)`), and returns it. */
export function makeTuple(items: PyValue[]): PyValue[] {
  tuples.add(items);
  return items;
}

export function isTuple(value: PyValue[]): boolean {
  return tuples.has(value);
}

/** A str for Python purposes: a plain string or Markup (a str subclass). */
export function isStr(value: PyValue): value is string | Markup {
  return typeof value === 'string' || value instanceof Markup;
}

/** The text of a str or Markup. */
export function strText(value: string | Markup): string {
  return typeof value === 'string' ? value : value.text;
}

/** `type(x).__name__` as Python would report it. */
export function typeName(value: PyValue): string {
  if (value === null) return 'NoneType';
  switch (typeof value) {
    case 'boolean':
      return 'bool';
    case 'bigint':
      return 'int';
    case 'number':
      return 'float';
    case 'string':
      return 'str';
  }
  if (Array.isArray(value)) return isTuple(value) ? 'tuple' : 'list';
  if (value instanceof Map) return 'dict';
  if (value instanceof Undefined) return 'Undefined';
  if (value instanceof Markup) return 'Markup';
  return value.typeName;
}
