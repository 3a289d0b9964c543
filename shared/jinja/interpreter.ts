/**
 * Walks the syntax tree and writes the output, with Python Jinja2's runtime semantics (autoescape off): `{{ x }}`
 * prints `str(x)`, Undefined prints '' but fails when used, `{% set %}` in a loop body stays in the loop, `and`/`or`
 * return an operand. Errors carry the offset of the node being evaluated.
 */
import type { Expr, MacroArg, Stmt, Target } from './ast';
import { TemplateError, typeError } from './errors';
import { outputTooLarge, RENDER_LIMITS, RenderBudget, tooManySteps } from './limits';
import { codePointAt, codePointLength, codePoints } from '../pyvalue/codepoints';
import { shortRepr } from '../pyvalue/repr';
import { Markup, PyCallable, PyObject, Undefined, isStr, isTuple, makeTuple, strText, typeName, type PyKwargs, type PyValue } from '../pyvalue/types';
import type { FilterFn, RuntimeContext, TestFn } from './runtime/context';
import { builtinMethod } from './runtime/methods';
import { LoopContext, Namespace } from './runtime/objects';
import { binaryOp, contains, dictKey, dictLookup, pyCompare, pyEquals, sliceBounds, toItems, truthy, unaryOp } from './runtime/ops';
import { missingAttribute, missingElement, undefinedError, undefinedName } from './runtime/undefinedError';

/** Variables of one scope; lookups walk outwards. */
export class Frame {
  private readonly vars = new Map<string, PyValue>();
  constructor(readonly parent: Frame | undefined) {}
  get(name: string): PyValue | undefined {
    const v = this.vars.get(name);
    return v !== undefined ? v : this.parent?.get(name);
  }
  set(name: string, value: PyValue): void {
    this.vars.set(name, value);
  }
}

export interface InterpreterServices {
  filters: Record<string, FilterFn>;
  tests: Record<string, TestFn>;
  sortKeys: boolean;
  /** Parses another template for `{% include %}`; undefined when it does not exist. */
  loadTemplate?: (name: string) => Stmt[] | undefined;
}

/** A `{% macro %}`: callable from expressions, renders its body in a fresh scope. */
class Macro extends PyCallable {
  constructor(name: string, fn: (args: PyValue[], kwargs: PyKwargs) => PyValue) {
    super(name, fn);
  }
  override str(): string {
    return `<Macro '${this.name}'>`;
  }
}

const MAX_DEPTH = 200;

export class Interpreter implements RuntimeContext {
  /** Offset of the node being evaluated: where a runtime error is reported. */
  at = 0;
  private depth = 0;
  /** Statements run, loop iterations and characters written so far (see limits.ts). */
  private steps = 0;
  private written = 0;
  /** Strings and lists made so far: each operation making one counts it here first (limits.ts). */
  readonly budget = new RenderBudget();
  readonly sortKeys: boolean;

  constructor(private readonly services: InterpreterServices) {
    this.sortKeys = services.sortKeys;
  }

  // ---- RuntimeContext

  hasFilter(name: string): boolean {
    return Object.hasOwn(this.services.filters, name);
  }

  hasTest(name: string): boolean {
    return Object.hasOwn(this.services.tests, name);
  }

  applyFilter(name: string, value: PyValue, args: PyValue[], kwargs: PyKwargs): PyValue {
    if (!this.hasFilter(name)) throw new TemplateError('type', `No filter named '${name}'.`);
    return this.services.filters[name]!(this, value, args, kwargs);
  }

  applyTest(name: string, value: PyValue, args: PyValue[], kwargs: PyKwargs): boolean {
    if (!this.hasTest(name)) throw new TemplateError('type', `No test named '${name}'.`);
    return this.services.tests[name]!(this, value, args, kwargs);
  }

  getAttr(obj: PyValue, name: string): PyValue {
    if (obj instanceof Undefined) throw undefinedError(obj);
    if (obj instanceof PyObject) return obj.getAttr(name) ?? missingAttribute(obj, name);
    const method = builtinMethod(obj, name);
    if (method) return method;
    if (obj instanceof Map) {
      const v = dictLookup(obj, name);
      if (v !== undefined) return v;
    }
    return missingAttribute(obj, name);
  }

  getItem(obj: PyValue, key: PyValue): PyValue {
    if (obj instanceof Undefined) throw undefinedError(obj);
    if (obj instanceof Map) {
      const v = dictLookup(obj, key);
      if (v !== undefined) return v;
    } else if (Array.isArray(obj) && (typeof key === 'bigint' || typeof key === 'boolean')) {
      let i = Number(key);
      if (i < 0) i += obj.length;
      if (i >= 0 && i < obj.length) return obj[i]!;
    } else if (isStr(obj) && (typeof key === 'bigint' || typeof key === 'boolean')) {
      const item = codePointAt(strText(obj), Number(key));
      if (item !== undefined) return obj instanceof Markup ? new Markup(item) : item;
    } else if (obj instanceof PyObject && (typeof key === 'bigint')) {
      if (obj.iterate()) return this.getItem(toItems(obj, this.budget, 'an index'), key);
    }
    if (isStr(key)) {
      const name = strText(key);
      if (obj instanceof PyObject) {
        const v = obj.getAttr(name);
        if (v !== undefined) return v;
      } else {
        const m = builtinMethod(obj, name);
        if (m) return m;
      }
    }
    return missingElement(obj, key);
  }

  // ---- statements

  execute(body: Stmt[], frame: Frame, out: string[]): void {
    for (const node of body) {
      if (++this.steps > RENDER_LIMITS.maxSteps) throw tooManySteps();
      switch (node.kind) {
        case 'text':
          this.at = node.offset;
          this.write(out, node.text);
          break;
        case 'output': {
          const v = this.eval(node.expr, frame);
          this.at = node.offset; // where the output limit is reached, if it is
          this.write(out, typeof v === 'string' ? v : this.printed(v));
          break;
        }
        case 'if':
          this.at = node.offset;
          this.execute(truthy(this.eval(node.test, frame)) ? node.body : node.otherwise, frame, out);
          break;
        case 'for':
          this.execFor(node, frame, out, this.eval(node.iter, frame), 0);
          break;
        case 'set':
          this.assign(node.target, this.eval(node.expr, frame), frame);
          break;
        case 'setblock': {
          let value: PyValue = this.captured('a block set', (captured) => this.execute(node.body, new Frame(frame), captured));
          if (node.filter) value = this.applyFilterChain(node.filter, value, frame);
          this.assign(node.target, value, frame);
          break;
        }
        case 'filterblock': {
          const text = this.captured('a filter block', (captured) => this.execute(node.body, new Frame(frame), captured));
          this.write(out, this.printed(this.applyFilterChain(node.filter, text, frame)));
          break;
        }
        case 'with': {
          const inner = new Frame(frame);
          const values = node.values.map((v) => this.eval(v, frame));
          node.targets.forEach((t, i) => this.assign(t, values[i]!, inner));
          this.execute(node.body, inner, out);
          break;
        }
        case 'macro':
          frame.set(node.name, this.makeMacro(node.name, node.args, node.body, frame, node.offset));
          break;
        case 'callblock': {
          const caller = this.makeMacro('caller', node.args, node.body, frame, node.offset);
          const call = node.call;
          const callee = this.eval(call.node, frame);
          const { args, kwargs } = this.evalArgs(call, frame);
          kwargs.set('caller', caller);
          this.at = call.offset;
          this.write(out, this.printed(this.call(callee, args, kwargs)));
          break;
        }
        case 'block':
          this.execute(node.body, new Frame(frame), out);
          break;
        case 'include': {
          const name = this.eval(node.template, frame);
          this.at = node.offset;
          const names = Array.isArray(name) ? name : [name];
          let body: Stmt[] | undefined;
          for (const n of names) {
            body = this.services.loadTemplate?.(this.budget.str(n, 'an include'));
            if (body) break;
          }
          if (!body) {
            if (node.ignoreMissing) break;
            throw new TemplateError('loader', `template not found: ${names.map((n) => (isStr(n) ? strText(n) : shortRepr(n))).join(', ')}`);
          }
          this.enter();
          try {
            this.execute(body, node.withContext ? new Frame(frame) : new Frame(rootOf(frame)), out);
          } finally {
            this.depth--;
          }
          break;
        }
      }
    }
  }

  /** `str(v)` of a value printed: no longer than the output left, nor than the strings a rendering may make. */
  private printed(v: PyValue): string {
    return this.budget.str(v, 'printing a value', RENDER_LIMITS.maxOutputChars - this.written, outputTooLarge);
  }

  /**
   * The text `run` writes into a list of its own (a macro's, a block set's, a filter block's, a recursive loop's). It
   * is not output: once it is done, it counts against the characters made and no longer against the output (a macro's
   * text was counted twice when printed, and a 12 MB catalog of macro calls passed the 16 M of output).
   */
  private captured(what: string, run: (out: string[]) => void): string {
    const before = this.written;
    const out: string[] = [];
    run(out);
    this.budget.makeChars(this.written - before, what);
    this.written = before;
    return out.join('');
  }

  private write(out: string[], text: string): void {
    this.written += text.length;
    if (this.written > RENDER_LIMITS.maxOutputChars) throw outputTooLarge();
    out.push(text);
  }

  private enter(): void {
    if (++this.depth > MAX_DEPTH) {
      this.depth = 0;
      throw new TemplateError('value', 'maximum recursion depth exceeded');
    }
  }

  private execFor(node: Stmt & { kind: 'for' }, frame: Frame, out: string[], iterable: PyValue, depth0: number): void {
    this.at = node.offset;
    let items = toItems(iterable, this.budget, 'a for loop');
    if (node.test) {
      const test = node.test;
      items = items.filter((item) => {
        const scope = new Frame(frame);
        this.assign(node.target, item, scope);
        return truthy(this.eval(test, scope));
      });
    }
    if (items.length === 0) {
      this.execute(node.otherwise, new Frame(frame), out);
      return;
    }
    const recurse = node.recursive
      ? (sub: PyValue): PyValue => {
          this.enter();
          try {
            return this.captured('a recursive loop', (captured) => this.execFor(node, frame, captured, sub, depth0 + 1));
          } finally {
            this.depth--;
          }
        }
      : undefined;
    const loop = new LoopContext(items, depth0, recurse);
    for (let i = 0; i < items.length; i++) {
      if (++this.steps > RENDER_LIMITS.maxSteps) throw tooManySteps();
      loop.index0 = i;
      // A scope per iteration: what the body sets lasts one iteration, as in Jinja2 (`{% set x = x + x %}` in a
      // loop reads the x outside it each time; carried over, forty iterations made a list of 2^40 items).
      const scope = new Frame(frame);
      scope.set('loop', loop);
      this.assign(node.target, items[i]!, scope);
      this.execute(node.body, scope, out);
    }
  }

  private makeMacro(name: string, params: MacroArg[], body: Stmt[], defining: Frame, offset: number): Macro {
    return new Macro(name, (args, kwargs) => {
      const scope = new Frame(defining);
      const rest = [...kwargs];
      params.forEach((p, i) => {
        let value: PyValue | undefined = args[i];
        const kw = rest.findIndex(([k]) => k === p.name);
        if (kw >= 0) {
          if (value !== undefined) throw typeError(`macro '${name}' got multiple values for argument '${p.name}'`);
          value = rest[kw]![1];
          rest.splice(kw, 1);
        }
        if (value === undefined) {
          value = p.default ? this.eval(p.default, scope) : new Undefined(`parameter '${p.name}' was not provided`);
        }
        scope.set(p.name, value);
      });
      scope.set('varargs', makeTuple(args.slice(params.length)));
      const callerIndex = rest.findIndex(([k]) => k === 'caller');
      if (callerIndex >= 0) {
        scope.set('caller', rest[callerIndex]![1]);
        rest.splice(callerIndex, 1);
      }
      scope.set('kwargs', new Map<PyValue, PyValue>(rest));
      const saved = this.at;
      this.enter();
      let text: string;
      try {
        text = this.captured(`the macro '${name}'`, (out) => this.execute(body, scope, out));
      } finally {
        this.depth--;
      }
      this.at = saved;
      void offset;
      return text;
    });
  }

  private assign(target: Target, value: PyValue, frame: Frame): void {
    switch (target.kind) {
      case 'name':
        frame.set(target.name, value);
        return;
      case 'nsref': {
        const ns = frame.get(target.name);
        if (!(ns instanceof Namespace)) {
          this.at = target.offset;
          throw new TemplateError('type', 'cannot assign attribute on non-namespace object');
        }
        ns.attrs.set(target.attr, value);
        return;
      }
      case 'tuple': {
        this.at = target.offset;
        const items = toItems(value, this.budget, 'unpacking');
        if (items.length < target.items.length) {
          throw new TemplateError('value', `not enough values to unpack (expected ${target.items.length}, got ${items.length})`);
        }
        if (items.length > target.items.length) {
          throw new TemplateError('value', `too many values to unpack (expected ${target.items.length})`);
        }
        target.items.forEach((t, i) => this.assign(t, items[i]!, frame));
      }
    }
  }

  // ---- expressions

  eval(node: Expr, frame: Frame): PyValue {
    switch (node.kind) {
      case 'const':
        return node.value;
      case 'name': {
        const v = frame.get(node.name);
        return v === undefined ? undefinedName(node.name) : v;
      }
      case 'list':
        this.at = node.offset;
        this.budget.makeItems(node.items.length, 'a list');
        return node.items.map((i) => this.eval(i, frame));
      case 'tuple':
        this.at = node.offset;
        this.budget.makeItems(node.items.length, 'a tuple');
        return makeTuple(node.items.map((i) => this.eval(i, frame)));
      case 'dict': {
        this.at = node.offset;
        this.budget.makeItems(node.pairs.length, 'a dict');
        const d = new Map<PyValue, PyValue>();
        let markupKeys = false;
        for (const [k, v] of node.pairs) {
          const key = this.eval(k, frame);
          // A str equal to a Markup key already there is the one scan left.
          const existing = markupKeys && isStr(key) ? [...d.keys()].find((x) => pyEquals(x, key)) : dictKey(d, key);
          if (key instanceof Markup) markupKeys = true;
          d.set(existing === undefined ? key : existing, this.eval(v, frame));
        }
        return d;
      }
      case 'getattr': {
        const obj = this.eval(node.node, frame);
        this.at = node.offset;
        return this.getAttr(obj, node.attr);
      }
      case 'getitem': {
        const obj = this.eval(node.node, frame);
        if (node.arg.kind === 'slice') {
          const s = node.arg;
          const ev = (e: Expr | undefined) => (e ? this.eval(e, frame) : null);
          const [start, stop, step] = [ev(s.start), ev(s.stop), ev(s.step)];
          this.at = node.offset;
          return this.slice(obj, start, stop, step);
        }
        const key = this.eval(node.arg, frame);
        this.at = node.offset;
        return this.getItem(obj, key);
      }
      case 'slice':
        throw new TemplateError('syntax', 'a slice is only allowed inside []');
      case 'call': {
        const callee = this.eval(node.node, frame);
        const { args, kwargs } = this.evalArgs(node, frame);
        this.at = node.offset;
        return this.call(callee, args, kwargs);
      }
      case 'filter': {
        const value = node.node ? this.eval(node.node, frame) : null;
        const { args, kwargs } = this.evalArgs(node, frame);
        this.at = node.offset;
        return this.applyFilter(node.name, value, args, kwargs);
      }
      case 'test': {
        const value = this.eval(node.node, frame);
        const { args, kwargs } = this.evalArgs(node, frame);
        this.at = node.offset;
        return this.applyTest(node.name, value, args, kwargs) !== node.negated;
      }
      case 'unary': {
        const v = this.eval(node.node, frame);
        this.at = node.offset;
        return node.op === 'not' ? !truthy(v) : unaryOp(node.op, v);
      }
      case 'binary': {
        const left = this.eval(node.left, frame);
        if (node.op === 'and') return truthy(left) ? this.eval(node.right, frame) : left;
        if (node.op === 'or') return truthy(left) ? left : this.eval(node.right, frame);
        const right = this.eval(node.right, frame);
        this.at = node.offset;
        if (node.op === '~') {
          const what = 'a concatenation (~)';
          const l = this.budget.str(left, what);
          const r = this.budget.str(right, what);
          this.budget.makeChars(l.length + r.length, what);
          return l + r;
        }
        return binaryOp(node.op, left, right, this.budget);
      }
      case 'compare': {
        let left = this.eval(node.first, frame);
        for (const { op, offset, expr } of node.ops) {
          const right = this.eval(expr, frame);
          this.at = offset;
          if (!this.compare(op, left, right)) return false;
          left = right;
        }
        return true;
      }
      case 'cond':
        if (truthy(this.eval(node.test, frame))) return this.eval(node.then, frame);
        return node.otherwise
          ? this.eval(node.otherwise, frame)
          : new Undefined('the inline if-expression evaluated to false and no else section was defined.');
    }
  }

  private compare(op: string, a: PyValue, b: PyValue): boolean {
    switch (op) {
      case 'eq':
        return pyEquals(a, b);
      case 'ne':
        return !pyEquals(a, b);
      case 'lt':
        return pyCompare(a, b, '<') < 0;
      case 'lteq':
        return pyCompare(a, b, '<=') <= 0;
      case 'gt':
        return pyCompare(a, b, '>') > 0;
      case 'gteq':
        return pyCompare(a, b, '>=') >= 0;
      case 'in':
        return contains(b, a);
      default:
        return !contains(b, a);
    }
  }

  /** `obj[start:stop:step]`: what it makes is counted before it is made, and no list of a str's characters is made. */
  private slice(obj: PyValue, start: PyValue, stop: PyValue, step: PyValue): PyValue {
    const what = 'a slice';
    if (obj instanceof Undefined) throw undefinedError(obj);
    if (isStr(obj)) {
      const s = strText(obj);
      // Code unit by code unit unless a surrogate pair makes them differ from code points.
      const length = codePointLength(s);
      const units = length === s.length;
      const { first, step: st, count } = sliceBounds(length, start, stop, step);
      let text: string;
      if (st === 1) {
        // A run of code points: where it starts and ends in code units, found without a list of them.
        const [from, to] = units ? [first, first + count] : unitRange(s, first, count);
        this.budget.makeChars(to - from, what);
        text = s.slice(from, to);
      } else {
        if (!units) this.budget.makeItems(s.length, what);
        const cps: string | string[] = units ? s : codePoints(s);
        this.budget.makeChars(units ? count : 2 * count, what);
        this.budget.makeItems(count, what);
        const picked: string[] = [];
        for (let k = 0, i = first; k < count; k++, i += st) picked.push(cps[i]!);
        text = picked.join('');
      }
      return obj instanceof Markup ? new Markup(text) : text;
    }
    if (Array.isArray(obj)) {
      const { first, step: st, count } = sliceBounds(obj.length, start, stop, step);
      this.budget.makeItems(count, what);
      const items: PyValue[] = [];
      for (let k = 0, i = first; k < count; k++, i += st) items.push(obj[i]!);
      return isTuple(obj) ? makeTuple(items) : items;
    }
    if (obj instanceof PyObject && obj.iterate()) return this.slice(toItems(obj, this.budget, what), start, stop, step);
    throw typeError(`'${typeName(obj)}' object is not subscriptable`);
  }

  private evalArgs(node: { args: Expr[]; kwargs: [string, Expr][]; dynArgs?: Expr; dynKwargs?: Expr }, frame: Frame) {
    const args = node.args.map((a) => this.eval(a, frame));
    if (node.dynArgs) for (const item of toItems(this.eval(node.dynArgs, frame), this.budget, 'arguments after *')) args.push(item);
    const kwargs: PyKwargs = new Map();
    for (const [k, e] of node.kwargs) kwargs.set(k, this.eval(e, frame));
    if (node.dynKwargs) {
      const extra = this.eval(node.dynKwargs, frame);
      if (!(extra instanceof Map)) throw typeError('argument after ** must be a mapping');
      this.budget.makeItems(extra.size, 'arguments after **');
      for (const [k, v] of extra) kwargs.set(this.budget.str(k, 'arguments after **'), v);
    }
    return { args, kwargs };
  }

  private call(callee: PyValue, args: PyValue[], kwargs: PyKwargs): PyValue {
    if (callee instanceof Undefined) throw undefinedError(callee);
    if (callee instanceof PyObject && callee.callFn) return callee.callFn(args, kwargs, this.budget);
    throw typeError(`'${typeName(callee)}' object is not callable`);
  }

  private applyFilterChain(chain: Expr, value: PyValue, frame: Frame): PyValue {
    if (chain.kind !== 'filter') return value;
    const input = chain.node ? this.applyFilterChain(chain.node, value, frame) : value;
    const { args, kwargs } = this.evalArgs(chain, frame);
    this.at = chain.offset;
    return this.applyFilter(chain.name, input, args, kwargs);
  }
}

/** The code units of `count` code points of `s` from code point `first`: [start, end). */
function unitRange(s: string, first: number, count: number): [number, number] {
  let unit = 0;
  for (let k = 0; k < first; k++) unit += s.codePointAt(unit)! > 0xffff ? 2 : 1;
  let end = unit;
  for (let k = 0; k < count; k++) end += s.codePointAt(end)! > 0xffff ? 2 : 1;
  return [unit, end];
}

function rootOf(frame: Frame): Frame {
  let f = frame;
  while (f.parent) f = f.parent;
  return f;
}
