/**
 * Resolves what the builder left open: substitutions (looked up in the final configuration, then in the
 * environment), concatenations, and layered definitions of one key ("merges"). Semantics follow Lightbend:
 *
 * - A substitution that reaches a key whose layered definition is being resolved sees only the layers below the
 *   one being resolved ("look back"): that is what makes `a = ${a} x`, `a += x` and `b = ${a}, a = ${b}` work.
 * - A self-reference (see SubstitutionExpr.selfReference) sees what its path was before its definition, also when
 *   that was in an older layer of an enclosing key: `c = ${d}` then `c.x = ${c.x} y` sees d's x (the spec; here
 *   Lightbend 1.3.1 reports a cycle, or for `+=` and `${?x}` drops the earlier value). See lookInLayers.
 * - A substitution that reaches an object being resolved (one that encloses it: `a.a.b = ${a}`, also when a.a is
 *   resolved first, for `x = ${a.a}`) is a cycle: walking through would make a value that contains itself.
 * - An optional substitution `${?x}` that runs into a cycle is undefined; a required one is a cycle error.
 * - A layer that cannot be resolved because of a cycle is skipped and the layers below are used.
 * Results are memoized, except those computed while a cycle was being side-stepped (they depend on the route). An
 * object or list left by an error is resolved further when met again (a resolved value holds nothing unresolved).
 *
 * Bounded: nesting depth, the number of resolution steps and the size of values built by concatenation are
 * capped, so hostile input ends in a positioned error instead of a stack overflow or an exponential blow-up.
 */
import { HoconError, makeDiagnostic, type Diagnostic } from './diagnostics';
import {
  UNDEFINED,
  ResolveState,
  type ConcatExpr,
  type Expr,
  type MergeExpr,
  type SubstitutionExpr,
  type Undefined,
} from './expressions';
import { simpleText } from './buildValues';
import { FieldMap } from './fieldMap';
import { ArrayValue, ObjectValue, StringValue, type HoconArray, type HoconObject, type HoconValue, type Origin } from './values';

/** Deeper resolution than this (long substitution chains) is reported instead of risking the stack. */
export const MAX_RESOLVE_DEPTH = 500;
/** Total elements/characters/fields created by concatenation and merging before we call it a blow-up. */
export const MAX_EXPANSION = 20_000_000;
/** Resolution steps before we call the configuration too complex. */
export const MAX_STEPS = 5_000_000;

/** A cycle met while resolving; `target` is what was met again (an expression, object or array in progress). */
class CycleError extends HoconError {
  constructor(
    diagnostic: Diagnostic,
    readonly target: object,
  ) {
    super(diagnostic);
  }
}

type Lazy = SubstitutionExpr | ConcatExpr | MergeExpr;

/** What a lookup answers besides a value or undefined (see lookupFrom). */
const HIDDEN = { kind: 'hidden' } as const;
const BEING_DEFINED = { kind: 'being-defined' } as const;
type LookupResult = HoconValue | undefined | typeof HIDDEN | typeof BEING_DEFINED;

export class SubstitutionResolver {
  private expansion = 0;
  private steps = 0;
  /** Everything being resolved right now, outermost first (lazy expressions, objects, arrays). */
  private readonly stack: object[] = [];
  private readonly inProgress = new Map<object, number>();
  /** Stack entries from this index up were computed while side-stepping a cycle: do not memoize them. */
  private taintFrom = Infinity;
  /** How many lazy expressions are on the stack (errors inside one belong to it, not to a field). */
  private lazyDepth = 0;
  /**
   * Containers left by an error inside a substitution (`x = ${y}` resolving y meets a cycle or a failure), with the
   * index of their first field (element) not resolved: those before it are. They stay dirty, and are resolved from
   * there when met again (the root's walk meets them all): from the start, a big object referred to many times
   * would be walked whole each time.
   */
  private readonly resumeAt = new Map<object, number>();
  /** Why each lazy expression that failed failed (the error is thrown again wherever it is met again). */
  private readonly failures = new Map<Lazy, HoconError>();
  /** The value being defined that a lookup last met (see isBeingDefined). */
  private beingDefined: Expr | undefined;

  constructor(
    private readonly root: HoconObject,
    private readonly env: Record<string, string | undefined>,
    private readonly diagnostics: Diagnostic[],
    /**
     * Objects and arrays still to resolve (from ValueBuilder.dirty): any other container holds only values, so it
     * is returned as it is. A container leaves the set once resolved (values are shared by substitutions, so they
     * are met many times); containers made here (merges, joined lists) join it, to be walked when met, as before.
     */
    private readonly dirty: Set<object>,
  ) {}

  /** Resolves the whole document in place. A field whose value cannot be resolved is dropped (and reported). */
  resolveDocument(): void {
    this.resolveObject(this.root);
  }

  private fail(at: Origin, message: string): never {
    throw new HoconError(makeDiagnostic(at.source, at.start, at.end, message));
  }

  private readonly reported = new Set<string>();

  private report(error: HoconError): void {
    const d = error.diagnostic;
    const key = `${d.file}\0${d.range.start.offset}\0${d.message}`;
    if (this.reported.has(key)) return;
    this.reported.add(key);
    this.diagnostics.push(d);
  }

  private enter(item: object, at: Origin): number {
    if (this.stack.length >= MAX_RESOLVE_DEPTH) {
      this.fail(at, `Value nested more than ${MAX_RESOLVE_DEPTH} levels deep through substitutions (a runaway chain?)`);
    }
    if (++this.steps > MAX_STEPS) this.fail(at, `Substitutions too complex to resolve (more than ${MAX_STEPS} steps)`);
    const index = this.stack.length;
    this.stack.push(item);
    this.inProgress.set(item, index);
    return index;
  }

  /** Leaves a stack entry; returns whether its result may be memoized. */
  private leave(item: object, index: number): boolean {
    this.stack.pop();
    this.inProgress.delete(item);
    const clean = index < this.taintFrom;
    if (index <= this.taintFrom) this.taintFrom = Infinity;
    return clean;
  }

  private taint(target: object): void {
    const index = this.inProgress.get(target);
    this.taintFrom = Math.min(this.taintFrom, index === undefined ? 0 : index + 1);
  }

  /**
   * A cycle: `target`, being resolved, was met again. The message names the substitutions on the way from it back to
   * it (not those that led to it: met from two places, one cycle is then one message).
   */
  private cycle(target: object, at: Origin): never {
    const involved: string[] = [];
    for (let i = this.inProgress.get(target) ?? 0; i < this.stack.length; i++) {
      const item = this.stack[i] as { kind?: string };
      if (item.kind === 'substitution') involved.push('${' + (item as SubstitutionExpr).writtenPath.join('.') + '}');
    }
    const message = `Could not resolve substitution to a value: cycle of substitutions${involved.length > 0 ? ' involving ' + involved.join(', ') : ''}`;
    throw new CycleError(makeDiagnostic(at.source, at.start, at.end, message), target);
  }

  /** The substitution being resolved innermost, if any: where a cycle it closes is reported. */
  private innermostSubstitution(): SubstitutionExpr | undefined {
    for (let i = this.stack.length - 1; i >= 0; i--) {
      const item = this.stack[i] as { kind?: string };
      if (item.kind === 'substitution') return item as SubstitutionExpr;
    }
    return undefined;
  }

  private resolveObject(object: HoconObject): HoconObject {
    const index = this.enter(object, object);
    const fields = object.fields;
    const count = fields.size;
    let i = this.resumeAt.size === 0 ? 0 : (this.resumeAt.get(object) ?? 0);
    // Keys that resolve to nothing (or fail) are removed after the walk: a FieldMap is not deleted from while iterated.
    let gone: string[] | undefined;
    try {
      for (; i < count; i++) {
        const field = fields.fieldAt(i);
        try {
          const value = this.resolve(field.value as Expr);
          if (value.kind === 'undefined') (gone ??= []).push(field.key);
          else field.value = value;
        } catch (error) {
          if (!(error instanceof HoconError) || this.lazyDepth > 0) throw error;
          this.report(error);
          (gone ??= []).push(field.key);
        }
      }
    } finally {
      if (gone !== undefined) fields.deleteAll(gone);
      // Left by an error (inside a substitution): the fields from i on are still unresolved (see resumeAt).
      const left = i < count;
      if (left) this.resumeAt.set(object, i - (gone?.length ?? 0));
      else if (this.resumeAt.size > 0) this.resumeAt.delete(object);
      if (this.leave(object, index) && !left) this.dirty.delete(object);
    }
    return object;
  }

  resolve(expr: Expr): HoconValue | Undefined {
    switch (expr.kind) {
      case 'string':
      case 'number':
      case 'boolean':
      case 'null':
      case 'undefined':
        return expr;
      case 'object':
        if (!this.dirty.has(expr)) return expr;
        // Met again while resolving it: a substitution reached an enclosing object (`x = ${a.a}` resolves a.a,
        // whose `b = ${a}` resolves a, which holds a.a). Walking through would make a value that contains itself.
        if (this.inProgress.has(expr)) this.cycle(expr, this.innermostSubstitution() ?? expr);
        return this.resolveObject(expr);
      case 'array':
        if (!this.dirty.has(expr)) return expr;
        if (this.inProgress.has(expr)) this.cycle(expr, expr);
        return this.resolveArray(expr);
      default:
        return this.resolveLazy(expr);
    }
  }

  private resolveArray(array: HoconArray): HoconArray {
    const index = this.enter(array, array);
    const elements = array.elements;
    let write = this.resumeAt.size === 0 ? 0 : (this.resumeAt.get(array) ?? 0);
    let read = write;
    try {
      for (; read < elements.length; read++) {
        const value = this.resolve(elements[read] as Expr);
        if (value.kind !== 'undefined') elements[write++] = value;
      }
      elements.length = write;
      this.dirty.delete(array);
      if (this.resumeAt.size > 0) this.resumeAt.delete(array);
      return array;
    } catch (error) {
      // Left by an error (inside a substitution): the elements resolved, then those not yet (see resumeAt).
      elements.splice(write, read - write);
      this.resumeAt.set(array, write);
      throw error;
    } finally {
      this.leave(array, index);
    }
  }

  private resolveLazy(expr: Lazy): HoconValue | Undefined {
    if (expr.state === ResolveState.Done) return expr.result as HoconValue | Undefined;
    if (expr.state === ResolveState.Resolving) {
      if (expr.kind === 'merge' && expr.active > 0) {
        // Look back: the key is being defined; what it was before this layer is what we want.
        return this.resolveLayers(expr, expr.active);
      }
      this.cycle(expr, expr);
    }
    if (expr.state === ResolveState.Failed) {
      // Met again (from another field, or a container left unresolved by it): the same error, reported once.
      const failure = this.failures.get(expr);
      if (failure !== undefined) throw failure;
      this.fail(expr, 'Could not resolve this value (see the earlier error)');
    }
    expr.state = ResolveState.Resolving;
    const index = this.enter(expr, expr);
    this.lazyDepth++;
    let result: HoconValue | Undefined;
    try {
      switch (expr.kind) {
        case 'substitution':
          result = this.resolveSubstitution(expr);
          break;
        case 'concat':
          result = this.resolveConcat(expr);
          break;
        case 'merge':
          result = this.resolveLayers(expr, expr.layers.length);
          break;
      }
    } catch (error) {
      // A cycle may be side-stepped further out; then this is worth trying again later.
      expr.state = error instanceof CycleError ? ResolveState.Unresolved : ResolveState.Failed;
      if (expr.state === ResolveState.Failed && error instanceof HoconError) this.failures.set(expr, error);
      this.lazyDepth--;
      this.leave(expr, index);
      throw error;
    }
    this.lazyDepth--;
    if (this.leave(expr, index)) {
      expr.result = result;
      expr.state = ResolveState.Done;
    } else {
      expr.state = ResolveState.Unresolved;
    }
    return result;
  }

  private resolveSubstitution(expr: SubstitutionExpr): HoconValue | Undefined {
    try {
      let found = this.lookup(expr.path, expr);
      // In an included file, `${x}` means x next to the include first, then x at the root (as Lightbend).
      if (found === undefined && expr.path.length !== expr.writtenPath.length) found = this.lookup(expr.writtenPath, expr);
      if (found !== undefined) return found;
    } catch (error) {
      if (!(error instanceof CycleError) || !expr.optional) throw error;
      this.taint(error.target);
      return UNDEFINED;
    }
    // Own properties only: `${constructor}` or `${__proto__}` must not find Object.prototype's.
    const name = expr.writtenPath.join('.');
    const fromEnv = Object.hasOwn(this.env, name) ? this.env[name] : undefined;
    if (typeof fromEnv === 'string') {
      return new StringValue(fromEnv, 'environment', expr.source, expr.start, expr.end);
    }
    if (expr.optional) return UNDEFINED;
    this.fail(expr, `Could not resolve substitution to a value: \${${expr.writtenPath.join('.')}}`);
  }

  /** Looks a path up in the final configuration, resolving only what it passes through. */
  private lookup(path: string[], expr: SubstitutionExpr): HoconValue | undefined {
    const found = this.lookupFrom(this.root, path, 0, expr.selfReference, expr);
    if (found === undefined || found.kind === 'hidden') return undefined;
    if (found.kind === 'being-defined') {
      // Nothing was there before the definition being resolved: a cycle (for `${?x}`, undefined).
      const target = this.beingDefined as Lazy;
      this.cycle(target, target);
    }
    return found;
  }

  /**
   * The value at `path` from index `from` on, below `current`. Besides a value or undefined (nothing there), it
   * may answer HIDDEN (a step on the way is not an object: it hides older definitions of the path) or
   * BEING_DEFINED (the value there, or a step on the way, is being resolved right now and had no earlier layer:
   * what the path was before it is in an older layer of an enclosing key, see lookInLayers).
   */
  private lookupFrom(current: Expr, path: string[], from: number, selfReference: boolean, at: Origin): LookupResult {
    for (let i = from; i < path.length; i++) {
      // Walking through a key that is being resolved: look into its layers.
      if (current.kind === 'merge' && current.state === ResolveState.Resolving) return this.lookInLayers(current, path, i, selfReference, at);
      if (current.kind !== 'object') {
        if (selfReference && this.isBeingDefined(current)) return BEING_DEFINED;
        const resolved = this.resolve(current);
        if (resolved.kind === 'undefined') return undefined;
        if (resolved.kind !== 'object') return HIDDEN;
        current = resolved;
      }
      const field: { value: HoconValue } | undefined = current.fields.get(path[i] as string);
      if (field === undefined) return undefined;
      current = field.value;
    }
    if (selfReference && this.isBeingDefined(current)) return BEING_DEFINED;
    // The value itself (not just a step on the way) being resolved right now is a cycle.
    if ((current.kind === 'object' || current.kind === 'array') && this.inProgress.has(current)) this.cycle(current, at);
    const value = this.resolve(current);
    return value.kind === 'undefined' ? undefined : value;
  }

  /**
   * A lazy value being resolved right now that cannot look back itself (a merge past its oldest layer can: it
   * answers with its older layers). Kept in `beingDefined` for the cycle error if nothing older is found.
   */
  private isBeingDefined(expr: Expr): boolean {
    if (!('state' in expr) || expr.state !== ResolveState.Resolving) return false;
    if (expr.kind === 'merge' && expr.active > 0) return false;
    this.beingDefined = expr;
    return true;
  }

  /**
   * `path` from index `from` on, in the layers of a merge being resolved, newest first: the first value found wins,
   * objects found merge over older objects, a layer without the path lets the older ones show (as merging them
   * does). Where the path is being defined right now in a layer, what it was before is in the layers below: so
   * `c = ${d}` then `c.x = ${c.x} b` sees d's x.
   *
   * Which layers are seen: a self-reference sees the layer being resolved and those below it ("look back"); so
   * does anything resolved while that layer is a substitution or concatenation (`item1 = ${defaults}` where
   * defaults refers to item1.b.c: Lightbend's ConfigDelayedMerge resolves such a layer with the key replaced by the
   * layers below it). Any other lookup, from within an object layer (`c.y = ${c.z}` then `c.z = 5`), sees every
   * layer, as Lightbend resolves object layers with the full configuration.
   */
  private lookInLayers(merge: MergeExpr, path: string[], from: number, selfReference: boolean, at: Origin): LookupResult {
    const active = merge.active;
    const lookBack = active >= 0 && (selfReference || (merge.layers[active] as Expr).kind !== 'object');
    const top = lookBack ? active : merge.layers.length - 1;
    let newer: HoconObject | undefined;
    let beingDefined = false;
    try {
      for (let i = top; i >= 0; i--) {
        // What is resolved in a layer sees the key as it was at that layer, as when resolveLayers resolves it (so a
        // self-reference in it looks below it, whoever asks).
        merge.active = i;
        let layer = merge.layers[i] as Expr;
        if (layer.kind !== 'object') {
          // The layer being resolved (`a = ${a} x`): look below it.
          if (layer.kind === 'undefined' || ('state' in layer && layer.state === ResolveState.Resolving)) continue;
          try {
            layer = this.resolve(layer);
          } catch (error) {
            // A newer layer than the one being resolved was skipped for a cycle when resolved (resolveLayers): skip it.
            if (!(error instanceof CycleError) || i <= active) throw error;
            this.taint(error.target);
            continue;
          }
          if (layer.kind === 'undefined') continue;
          // Not an object: the path is not in it, and older layers are hidden.
          if (layer.kind !== 'object') return newer ?? HIDDEN;
        }
        const field = layer.fields.get(path[from] as string);
        if (field === undefined) continue;
        const found = this.lookupFrom(field.value, path, from + 1, selfReference, at);
        if (found === undefined) continue;
        if (found.kind === 'being-defined') {
          beingDefined = true;
          continue;
        }
        if (found.kind !== 'object') return newer ?? found;
        newer = newer === undefined ? found : this.mergeObjects(found, newer);
      }
    } finally {
      merge.active = active;
    }
    return newer ?? (beingDefined ? BEING_DEFINED : undefined);
  }

  /** Resolves the layers below `top` of a merge: the newest wins; objects merge over older objects. */
  private resolveLayers(expr: MergeExpr, top: number): HoconValue | Undefined {
    const savedActive = expr.active;
    let result: HoconValue | Undefined = UNDEFINED;
    try {
      for (let i = top - 1; i >= 0; i--) {
        expr.active = i;
        let layer: HoconValue | Undefined;
        try {
          layer = this.resolve(expr.layers[i] as Expr);
        } catch (error) {
          // A layer caught in a cycle is skipped: the older layers are what can be seen (Lightbend does the same).
          if (!(error instanceof CycleError) || i === 0) throw error;
          this.taint(error.target);
          continue;
        }
        if (layer.kind === 'undefined') continue;
        if (result.kind === 'undefined') {
          result = layer;
          if (layer.kind !== 'object') return layer;
          continue;
        }
        if (layer.kind !== 'object') return result;
        result = this.mergeObjects(layer, result as HoconObject);
      }
      return result;
    } finally {
      expr.active = savedActive;
    }
  }

  private resolveConcat(expr: ConcatExpr): HoconValue | Undefined {
    const values: HoconValue[] = [];
    const whitespace: boolean[] = [];
    for (let i = 0; i < expr.parts.length; i++) {
      const value = this.resolve(expr.parts[i] as Expr);
      if (value.kind === 'undefined') continue;
      values.push(value);
      whitespace.push(expr.whitespace.has(i));
    }
    // White space next to an undefined `${?x}` stays (Lightbend keeps it: "is ${?missing}" gives "is ").
    if (values.length === 0) return UNDEFINED;
    if (values.length === 1) return values[0] as HoconValue;
    let joined = values[0] as HoconValue;
    for (let i = 1; i < values.length; i++) joined = this.join(joined, values[i] as HoconValue, expr);
    return joined;
  }

  private join(left: HoconValue, right: HoconValue, at: ConcatExpr): HoconValue {
    const leftIsContainer = left.kind === 'object' || left.kind === 'array';
    const rightIsContainer = right.kind === 'object' || right.kind === 'array';
    if (left.kind === 'object' && right.kind === 'object') return this.mergeObjects(left, right);
    if (left.kind === 'array' && right.kind === 'array') {
      this.grow(at, left.elements.length + right.elements.length);
      const joined: HoconArray = new ArrayValue(left.elements.concat(right.elements), at.source, at.start, at.end);
      this.dirty.add(joined);
      return joined;
    }
    // Lightbend ignores unquoted text after an object or list (white space, in practice), and so do we.
    if (leftIsContainer && right.kind === 'string' && right.style === 'unquoted') return left;
    if (rightIsContainer && left.kind === 'string' && left.style === 'unquoted' && left.value.trim() === '') return right;
    if (leftIsContainer || rightIsContainer) {
      this.fail(
        at,
        `Cannot concatenate object or list with a non-object-or-list: ${describe(left)} and ${describe(right)} are not compatible`,
      );
    }
    const value = simpleText(left) + simpleText(right);
    this.grow(at, value.length);
    return new StringValue(value, 'concatenation', at.source, at.start, at.end);
  }

  /** A new object: `newer`'s fields over `older`'s, objects merged recursively. */
  private mergeObjects(older: HoconObject, newer: HoconObject): HoconObject {
    this.grow(newer, older.fields.size + newer.fields.size);
    const index = this.enter(newer, newer);
    try {
      const merged: HoconObject = new ObjectValue(new FieldMap(), newer.source, newer.start, newer.end);
      this.dirty.add(merged);
      for (const [key, field] of older.fields) {
        const value = this.resolve(field.value as Expr);
        if (value.kind !== 'undefined') merged.fields.set(key, field.withValue(value));
      }
      for (const [key, field] of newer.fields) {
        const newValue = this.resolve(field.value as Expr);
        if (newValue.kind === 'undefined') continue;
        const previous = merged.fields.get(key);
        if (previous !== undefined && newValue.kind === 'object' && previous.value.kind === 'object') {
          merged.fields.set(key, field.withValue(this.mergeObjects(previous.value, newValue), previous));
        } else {
          merged.fields.set(key, field.withValue(newValue, previous));
        }
      }
      return merged;
    } finally {
      this.leave(newer, index);
    }
  }

  private grow(at: Origin, amount: number): void {
    this.expansion += amount;
    if (this.expansion > MAX_EXPANSION) {
      this.fail(at, `Substitutions expand to more than ${MAX_EXPANSION} elements or characters (an exponential blow-up?)`);
    }
  }
}

function describe(value: HoconValue): string {
  switch (value.kind) {
    case 'object':
      return 'an object';
    case 'array':
      return 'a list';
    case 'string':
      return JSON.stringify(value.value.length > 30 ? value.value.slice(0, 30) + '…' : value.value);
    case 'number':
      return value.text;
    default:
      return String(value.kind === 'null' ? 'null' : value.value);
  }
}
