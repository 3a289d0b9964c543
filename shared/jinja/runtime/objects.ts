/** The runtime objects Jinja2 hands to templates: range, dict views, loop, namespace, cycler, joiner. */
import { pyRepr } from '../../pyvalue/repr';
import { PyCallable, PyObject, Undefined, makeTuple, type PyDict, type PyValue } from '../../pyvalue/types';
import { typeError, valueError } from '../errors';
import { pyEquals } from './ops';

/** Python's `range` object: lazy, prints as `range(0, 3)`. */
export class PyRange extends PyObject {
  readonly typeName = 'range';
  constructor(
    readonly start: bigint,
    readonly stop: bigint,
    readonly step: bigint,
  ) {
    super();
    if (step === 0n) throw valueError('range() arg 3 must not be zero');
  }
  override *iterate(): Iterable<PyValue> {
    if (this.step > 0n) for (let i = this.start; i < this.stop; i += this.step) yield i;
    else for (let i = this.start; i > this.stop; i += this.step) yield i;
  }
  override length(): number {
    const span = this.step > 0n ? this.stop - this.start : this.start - this.stop;
    const step = this.step > 0n ? this.step : -this.step;
    return span <= 0n ? 0 : Number((span + step - 1n) / step);
  }
  override str(): string {
    return this.step === 1n ? `range(${this.start}, ${this.stop})` : `range(${this.start}, ${this.stop}, ${this.step})`;
  }
}

/** `d.items()`, `d.keys()`, `d.values()`: iterable views that print like Python's. */
export class DictView extends PyObject {
  readonly typeName: string;
  constructor(
    readonly dict: PyDict,
    readonly view: 'items' | 'keys' | 'values',
  ) {
    super();
    this.typeName = `dict_${view}`;
  }
  override iterate(): Iterable<PyValue> {
    if (this.view === 'keys') return [...this.dict.keys()];
    if (this.view === 'values') return [...this.dict.values()];
    return [...this.dict].map(([k, v]) => makeTuple([k, v]));
  }
  override length(): number {
    return this.dict.size;
  }
  override str(maxLength = Infinity): string {
    return `${this.typeName}(${pyRepr([...this.iterate()], maxLength - this.typeName.length - 2)})`;
  }
}

/** `namespace(...)`: the one object `{% set ns.x = ... %}` may write to from inside loops. */
export class Namespace extends PyObject {
  readonly typeName = 'Namespace';
  readonly attrs = new Map<string, PyValue>();
  override getAttr(name: string): PyValue | undefined {
    return this.attrs.get(name);
  }
  override str(maxLength = Infinity): string {
    return `<Namespace ${pyRepr(new Map(this.attrs), maxLength - 12)}>`;
  }
}

/** `loop` inside `{% for %}`. */
export class LoopContext extends PyObject {
  readonly typeName = 'LoopContext';
  index0 = -1;
  private lastChanged: PyValue[] | undefined;

  constructor(
    readonly items: PyValue[],
    readonly depth0: number,
    recurse: ((iterable: PyValue) => PyValue) | undefined,
  ) {
    super();
    if (recurse) {
      this.callFn = (args) => {
        if (args.length !== 1) throw typeError('loop() takes exactly one argument');
        return recurse(args[0]!);
      };
    }
  }

  override getAttr(name: string): PyValue | undefined {
    const n = this.items.length;
    const i = this.index0;
    switch (name) {
      case 'index0':
        return BigInt(i);
      case 'index':
        return BigInt(i + 1);
      case 'revindex':
        return BigInt(n - i);
      case 'revindex0':
        return BigInt(n - i - 1);
      case 'first':
        return i === 0;
      case 'last':
        return i === n - 1;
      case 'length':
        return BigInt(n);
      case 'depth':
        return BigInt(this.depth0 + 1);
      case 'depth0':
        return BigInt(this.depth0);
      case 'previtem':
        return i > 0 ? this.items[i - 1]! : new Undefined('there is no previous item');
      case 'nextitem':
        return i + 1 < n ? this.items[i + 1]! : new Undefined('there is no next item');
      case 'cycle':
        return new PyCallable('cycle', (args) => {
          if (args.length === 0) throw typeError('no items for cycling given');
          return args[i % args.length]!;
        });
      case 'changed':
        return new PyCallable('changed', (args) => {
          const same = this.lastChanged !== undefined && this.lastChanged.length === args.length &&
            this.lastChanged.every((v, k) => pyEquals(v, args[k]!));
          this.lastChanged = args;
          return !same;
        });
    }
    return undefined;
  }

  override str(): string {
    return `<LoopContext ${this.index0 + 1}/${this.items.length}>`;
  }
}

/** `cycler(a, b, ...)`: `.next()`, `.current`, `.reset()`. */
export class Cycler extends PyObject {
  readonly typeName = 'Cycler';
  private pos = 0;
  constructor(readonly items: PyValue[]) {
    super();
    if (items.length === 0) throw typeError('at least one item has to be provided');
  }
  override getAttr(name: string): PyValue | undefined {
    switch (name) {
      case 'current':
        return this.items[this.pos]!;
      case 'next':
        return new PyCallable('next', () => {
          const v = this.items[this.pos]!;
          this.pos = (this.pos + 1) % this.items.length;
          return v;
        });
      case 'reset':
        return new PyCallable('reset', () => {
          this.pos = 0;
          return null;
        });
    }
    return undefined;
  }
}

/** `joiner(sep)`: '' the first time it is called, `sep` afterwards. */
export class Joiner extends PyObject {
  readonly typeName = 'Joiner';
  private used = false;
  constructor(readonly sep: string) {
    super();
    this.callFn = () => {
      if (!this.used) {
        this.used = true;
        return '';
      }
      return this.sep;
    };
  }
}

