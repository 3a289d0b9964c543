/**
 * Turns syntax trees into values, applying HOCON's object rules in document order: duplicate keys merge (objects)
 * or replace (anything else), path keys (`a.b.c = 1`) create nested objects, includes are applied in place, and
 * self-references (`a = ${a} x`, `a += x`) are replaced by the value the key had before this definition. What
 * cannot be known yet (substitutions, concatenations containing them) stays as an expression for the resolver.
 */
import { CharCode } from './charCode';
import { HoconError, makeDiagnostic, type Diagnostic } from './diagnostics';
import {
  UNDEFINED,
  isUnresolved,
  ResolveState,
  type ConcatExpr,
  type Expr,
  type MergeExpr,
  type SubstitutionExpr,
} from './expressions';
import { RecentStrings } from './recentStrings';
import { decodeQuoted, decodeTripleQuoted, indexWithin } from './scanner';
import type { EntryNode, FieldNode, IncludeNode, ObjectNode, ValueNode } from './syntaxTree';
import type { SourceText } from './textPosition';
import { FieldMap } from './fieldMap';
import {
  ArrayValue,
  BooleanValue,
  HoconField,
  NullValue,
  NumberValue,
  ObjectValue,
  StringValue,
  type FieldDefinition,
  type HoconArray,
  type HoconObject,
  type HoconValue,
} from './values';

/** What the include loader hands back for an include statement. */
export type IncludedContent =
  | { kind: 'syntax'; root: ObjectNode; source: SourceText; fileKey: string }
  | { kind: 'object'; value: HoconObject; fileKey: string }
  | { kind: 'none' };

export interface IncludeLoader {
  /** Finds, reads and parses an included file; reports its own problems into `diagnostics`. */
  load(include: IncludeNode, from: SourceText, diagnostics: Diagnostic[]): IncludedContent[];
}

/** Where the entries being applied come from. */
interface BuildContext {
  source: SourceText;
  /** Path of the object the current file is merged into (for relativizing its substitutions). */
  prefix: string[];
  viaInclude: boolean;
  /** Files being included, outermost first (cycle detection). */
  includeStack: string[];
  /** Inside an array: `+=` cannot work there (its path would be meaningless), as in Lightbend. */
  inArray: boolean;
  /** This context with `inArray` set (made once, for the arrays met in it). Every context has every property, so
   * they all share one hidden class. */
  arrayContext: BuildContext | undefined;
}

export const MAX_INCLUDE_DEPTH = 50;

/**
 * Containers this deep (or deeper) are always handed to the resolver, which enforces its depth limit on them: well
 * below that limit (500), so that the few places where the builder's count of levels runs behind the tree's
 * (an include, `+=`) cannot hide a container past it.
 */
export const ALWAYS_RESOLVE_LEVEL = 256;

export function newObject(source: SourceText, start: number, end: number): HoconObject {
  return new ObjectValue(new FieldMap(), source, start, end);
}

export class ValueBuilder {
  readonly root: HoconObject;
  /**
   * Containers the resolver must walk. Invariant: a container built here and not in this set holds, at any depth,
   * only values (no substitution, concatenation, merge or undefined) and is less than ALWAYS_RESOLVE_LEVEL deep,
   * so resolving it would change nothing; the resolver skips it. A container gets in when anything unresolved was
   * created while it was being filled (`pending` moved), so every ancestor of an unresolved value is in too.
   */
  readonly dirty: Set<object>;
  /** Count of unresolved expressions created so far (only compared, before and after filling a container). */
  pending = 0;
  /** Nesting level of the container being filled (the root is 1). */
  private level = 0;
  /** Short values repeat in every entry: share equal strings. */
  private readonly recent = new RecentStrings();
  /** Elements of the arrays being built, innermost last: each array gets exactly its own when done. */
  private readonly pendingElements: HoconValue[] = [];
  /** Its used length (never shrunk: setting `length` lower would trim and regrow it). */
  private elementTop = 0;

  constructor(
    rootSource: SourceText,
    private readonly loader: IncludeLoader | undefined,
    readonly diagnostics: Diagnostic[],
    /** The root object and dirty set, when the one-pass reader has started them (see plainDocument.ts). */
    root?: HoconObject,
    dirty?: Set<object>,
  ) {
    this.root = root ?? newObject(rootSource, 0, rootSource.text.length);
    this.dirty = dirty ?? new Set<object>();
  }

  /** Applies a file's root object to the document root. */
  applyRoot(root: ObjectNode, source: SourceText, fileKey: string): void {
    this.root.start = root.start;
    this.root.end = root.end;
    this.applyEntries(this.root, root, [], { source, prefix: [], viaInclude: false, includeStack: [fileKey], inArray: false, arrayContext: undefined });
  }

  /**
   * Applies one entry of the root file, read by the one-pass reader, to `target`: an object of that file at nesting
   * `level` (the root is 1), reached by `path`, inside an array when `inArray`. Exactly what applyEntries does with
   * that entry; marking `target` and its ancestors dirty is the reader's business.
   */
  applyRootFileEntry(target: HoconObject, entry: EntryNode, path: string[], level: number, inArray: boolean, fileKey: string): void {
    const context: BuildContext = { source: this.root.source, prefix: [], viaInclude: false, includeStack: [fileKey], inArray, arrayContext: undefined };
    const saved = this.level;
    this.level = level;
    if (entry.kind === 'include') this.applyInclude(target, entry, path, context);
    else this.applyField(target, entry, path, context);
    this.level = saved;
  }

  private applyEntries(target: HoconObject, node: ObjectNode, path: string[], context: BuildContext): void {
    const before = this.pending;
    if (++this.level >= ALWAYS_RESOLVE_LEVEL) this.pending++;
    for (const entry of node.entries) {
      if (entry.kind === 'include') this.applyInclude(target, entry, path, context);
      else this.applyField(target, entry, path, context);
    }
    this.level--;
    if (this.pending !== before) this.dirty.add(target);
  }

  /** Everything in a value read without the builder (a .properties file): the resolver walks it, as before. */
  markAllDirty(value: HoconValue): void {
    this.pending++;
    const stack: HoconValue[] = [value];
    for (let item = stack.pop(); item !== undefined; item = stack.pop()) {
      if (item.kind === 'object') {
        this.dirty.add(item);
        for (const field of item.fields.values()) stack.push(field.value);
      } else if (item.kind === 'array') {
        this.dirty.add(item);
        for (const element of item.elements) stack.push(element);
      }
    }
  }

  private applyInclude(target: HoconObject, include: IncludeNode, path: string[], context: BuildContext): void {
    if (this.loader === undefined || include.target === '') return;
    for (const content of this.loader.load(include, context.source, this.diagnostics)) {
      this.applyIncludedContent(target, include, content, path, context);
    }
  }

  private applyIncludedContent(target: HoconObject, include: IncludeNode, content: IncludedContent, path: string[], context: BuildContext): void {
    if (content.kind === 'none') return;
    if (context.includeStack.includes(content.fileKey) || context.includeStack.length >= MAX_INCLUDE_DEPTH) {
      const cycle = context.includeStack.includes(content.fileKey);
      this.diagnostics.push(
        makeDiagnostic(
          context.source,
          include.start,
          include.end,
          cycle
            ? `Include cycle: ${[...context.includeStack, content.fileKey].join(' -> ')}`
            : `Includes nested more than ${MAX_INCLUDE_DEPTH} deep (probably a cycle)`,
        ),
      );
      return;
    }
    if (content.kind === 'object') {
      this.markAllDirty(content.value);
      for (const [key, field] of content.value.fields) this.setValue(target, key, field.value, field.definitions[0], true);
      return;
    }
    this.applyEntries(target, content.root, path, {
      source: content.source,
      prefix: path.slice(),
      viaInclude: true,
      includeStack: [...context.includeStack, content.fileKey],
      inArray: false,
      arrayContext: undefined,
    });
  }

  /**
   * `path` (here and below) is the keys from the file's root to the object being filled: one array, pushed and
   * popped as the builder goes down and up, so whatever keeps a path copies it.
   */
  private applyField(target: HoconObject, field: FieldNode, path: string[], context: BuildContext): void {
    const segments = field.key.segments;
    if (segments.length === 0 || field.value.kind === 'error') return;
    let object = target;
    const pathLength = path.length;
    const last = segments.length - 1;
    const definition: FieldDefinition = {
      source: context.source,
      keyStart: field.key.start,
      keyEnd: field.key.end,
      valueStart: field.value.start,
      valueEnd: field.value.end,
      viaInclude: context.viaInclude,
    };
    for (let i = 0; i < last; i++) {
      const name = (segments[i] as { name: string }).name;
      path.push(name);
      object = this.childObjectForWrite(object, name, definition, field.value);
      // Path keys are rare enough to always resolve their intermediate objects (and so their ancestors).
      this.dirty.add(object);
      this.pending++;
    }
    const name = (segments[last] as { name: string }).name;
    path.push(name);
    // The value sits `last` levels below `target`.
    this.level += last;
    this.applyFieldValue(object, name, field, path, definition, context);
    this.level -= last;
    // pop(), not a lower `length`: setting length is a slow runtime call.
    while (path.length > pathLength) path.pop();
  }

  private applyFieldValue(
    object: HoconObject,
    name: string,
    field: FieldNode,
    fullPath: string[],
    definition: FieldDefinition,
    context: BuildContext,
  ): void {
    const value = field.value;
    if (field.separator === '+=') {
      if (context.inArray === true) {
        this.diagnostics.push(
          makeDiagnostic(context.source, field.start, field.end, "'+=' does not work inside a list (it expands to ${path}, and a path cannot point into a list)"),
        );
        return;
      }
      // `a += x` means `a = ${?a} [x]`.
      const selfPath = fullPath.slice();
      const self = this.substitution(selfPath, true, context, value, selfPath.slice(context.prefix.length));
      self.selfReference = true;
      // The value goes into a list (`${?a} [x]`), so it is inside an array for the rules above.
      const element = this.buildExpr(value, fullPath, { ...context, inArray: true, arrayContext: undefined });
      const array: HoconArray = new ArrayValue([element as HoconValue], context.source, value.start, value.end);
      this.dirty.add(array);
      this.pending++;
      const concat: ConcatExpr = {
        kind: 'concat',
        parts: [self, array],
        whitespace: new Set(),
        source: context.source,
        start: field.start,
        end: value.end,
        state: ResolveState.Unresolved,
        result: undefined,
      };
      this.setValue(object, name, concat, definition, context.viaInclude, true);
      return;
    }
    if (value.kind === 'object') {
      const existing = object.fields.get(name);
      if (existing !== undefined && existing.value.kind === 'object') {
        existing.addDefinition(definition);
        existing.viaInclude = context.viaInclude;
        existing.viaSubstitution = false;
        this.applyEntries(existing.value, value, fullPath, context);
        return;
      }
      const created = newObject(context.source, value.start, value.end);
      if (existing === undefined) this.addField(object, name, created, definition, context.viaInclude, false);
      else this.setValue(object, name, created, definition, context.viaInclude);
      this.applyEntries(created, value, fullPath, context);
      return;
    }
    const expr = this.buildExpr(value, fullPath, context);
    // Inside a list, a field's path is not a path of the configuration: nothing there refers to itself.
    const viaSubstitution = markSelfReferences(expr, context.inArray === true ? undefined : fullPath);
    if (object.fields.has(name)) this.setValue(object, name, expr, definition, context.viaInclude, viaSubstitution);
    else this.addField(object, name, expr, definition, context.viaInclude, viaSubstitution);
  }

  /** The object at `name` to write a path key's next level into, creating or layering one as needed. */
  private childObjectForWrite(object: HoconObject, name: string, definition: FieldDefinition, at: ValueNode): HoconObject {
    const existing = object.fields.get(name);
    if (existing !== undefined && existing.value.kind === 'object') {
      existing.addDefinition(definition);
      return existing.value;
    }
    const created = newObject(definition.source, at.start, at.end);
    this.setValue(object, name, created, definition, definition.viaInclude);
    return created;
  }

  /** Sets a key: objects merge into objects, anything unknown yet layers over the earlier value, the rest replaces. */
  setValue(
    object: HoconObject,
    name: string,
    expr: Expr,
    definition: FieldDefinition | undefined,
    viaInclude: boolean,
    viaSubstitution = false,
  ): void {
    const existing = object.fields.get(name);
    if (existing === undefined) {
      this.addField(object, name, expr, definition, viaInclude, viaSubstitution);
      return;
    }
    if (definition !== undefined) existing.addDefinition(definition);
    existing.viaInclude = viaInclude;
    existing.viaSubstitution = viaSubstitution;
    const old = existing.value as Expr;
    if (expr.kind === 'object' && old.kind === 'object') {
      // Only .properties content gets here (see markAllDirty): the merged-into object is walked too.
      this.dirty.add(old);
      this.pending++;
      for (const [key, field] of expr.fields) {
        this.setValue(old, key, field.value, field.lastDefinition, field.viaInclude, field.viaSubstitution);
      }
      return;
    }
    if (isUnresolved(expr) || (expr.kind === 'object' && isUnresolved(old))) {
      this.pending++;
      const merge: MergeExpr = {
        kind: 'merge',
        layers: old.kind === 'merge' && old.state === ResolveState.Unresolved ? [...old.layers, expr] : [old, expr],
        source: 'source' in expr ? expr.source : object.source,
        start: 'start' in expr ? expr.start : object.start,
        end: 'end' in expr ? expr.end : object.end,
        active: -1,
        state: ResolveState.Unresolved,
        result: undefined,
      };
      existing.value = merge as unknown as HoconValue;
      return;
    }
    existing.value = expr as HoconValue;
  }

  /** A key `object` does not have yet. */
  private addField(
    object: HoconObject,
    name: string,
    expr: Expr,
    definition: FieldDefinition | undefined,
    viaInclude: boolean,
    viaSubstitution: boolean,
  ): void {
    object.fields.set(name, HoconField.of(name, expr as HoconValue, definition, viaInclude, viaSubstitution));
  }

  private buildExpr(node: ValueNode, fieldPath: string[], context: BuildContext): Expr {
    const source = context.source;
    const text = source.text;
    switch (node.kind) {
      case 'string': {
        const value =
          node.style === 'quoted'
            ? this.quotedValue(source, node.start, node.end)
            : node.style === 'triple'
              ? decodeTripleQuoted(text, node.start, node.end)
              : this.recent.slice(source, node.start, node.end);
        return new StringValue(value, node.style, source, node.start, node.end);
      }
      case 'number': {
        const numberText = text.slice(node.start, node.end);
        return new NumberValue(Number(numberText), numberText, node.isFloat ? 'float' : 'int', source, node.start, node.end);
      }
      case 'boolean':
        return new BooleanValue(node.value, source, node.start, node.end);
      case 'null':
        return new NullValue(source, node.start, node.end);
      case 'object': {
        const created = newObject(source, node.start, node.end);
        this.applyEntries(created, node, fieldPath, context);
        return created;
      }
      case 'array': {
        const before = this.pending;
        if (++this.level >= ALWAYS_RESOLVE_LEVEL) this.pending++;
        const pending = this.pendingElements;
        const base = this.elementTop;
        const inner = context.inArray === true ? context : (context.arrayContext ??= { ...context, inArray: true, arrayContext: undefined });
        for (const element of node.elements) {
          if (element.kind === 'error') continue;
          const built = this.buildExpr(element, fieldPath, inner) as HoconValue;
          pending[this.elementTop++] = built;
        }
        const elements = pending.slice(base, this.elementTop);
        this.elementTop = base;
        this.level--;
        const array: HoconArray = new ArrayValue(elements, source, node.start, node.end);
        if (this.pending !== before) this.dirty.add(array);
        return array;
      }
      case 'substitution': {
        if (node.path.length === 0) {
          this.pending++;
          return UNDEFINED;
        }
        const written = node.path.map((segment) => segment.name);
        const absolute = context.prefix.length === 0 ? written : [...context.prefix, ...written];
        return this.substitution(absolute, node.optional, context, node, written);
      }
      case 'concatenation':
        return this.buildConcatenation(node.parts, fieldPath, context, node.start, node.end);
      case 'error':
        this.pending++;
        return UNDEFINED;
    }
  }

  /** decodeQuoted, with short values without escapes shared with an equal recent one. */
  private quotedValue(source: SourceText, start: number, end: number): string {
    const text = source.text;
    if (end - start > 42) return decodeQuoted(text, start, end);
    // As decodeQuoted: an unterminated string has no closing quote.
    const contentEnd = end - start >= 2 && text.charCodeAt(end - 1) === CharCode.DoubleQuote ? end - 1 : end;
    if (indexWithin(text, 92, start + 1, contentEnd) >= 0) return decodeQuoted(text, start, end);
    return this.recent.slice(source, start + 1, contentEnd);
  }

  private buildConcatenation(parts: ValueNode[], fieldPath: string[], context: BuildContext, start: number, end: number): Expr {
    const source = context.source;
    const text = source.text;
    const exprs: Expr[] = [];
    const whitespace = new Set<number>();
    let allSimple = true;
    let previousEnd = -1;
    for (const part of parts) {
      if (previousEnd >= 0 && part.start > previousEnd) {
        whitespace.add(exprs.length);
        exprs.push(new StringValue(text.slice(previousEnd, part.start), 'unquoted', source, previousEnd, part.start));
      }
      const expr = this.buildExpr(part, fieldPath, context);
      if (isUnresolved(expr) || expr.kind === 'object' || expr.kind === 'array') allSimple = false;
      exprs.push(expr);
      previousEnd = part.end;
    }
    if (allSimple) {
      // The common case (`foo bar`, `1 apples`): join now; nothing can change it later.
      let joined = '';
      for (const expr of exprs) joined += simpleText(expr as HoconValue);
      return new StringValue(joined, 'concatenation', source, start, end);
    }
    this.pending++;
    const concat: ConcatExpr = { kind: 'concat', parts: exprs, whitespace, source, start, end, state: ResolveState.Unresolved, result: undefined };
    return concat;
  }

  /**
   * A substitution. Whether it is a self-reference (`a = ${a} x`) is set by the field it is the value of (see
   * markSelfReferences); the resolver then gives it the value its path had before that definition ("look back").
   */
  private substitution(
    path: string[],
    optional: boolean,
    context: BuildContext,
    at: { start: number; end: number },
    writtenPath: string[] = path,
  ): SubstitutionExpr {
    this.pending++;
    return {
      kind: 'substitution',
      path,
      writtenPath,
      optional,
      selfReference: false,
      source: context.source,
      start: at.start,
      end: at.end,
      state: ResolveState.Unresolved,
      result: undefined,
    };
  }
}

/**
 * Whether a field's value is (or concatenates) a substitution; marks those whose path starts with the field's own
 * path `fieldPath` as self-references. The HOCON spec: only a substitution that is the value or a part of the
 * concatenation that is the value counts; one inside an object or list value looks at the final value.
 */
function markSelfReferences(expr: Expr, fieldPath: string[] | undefined): boolean {
  if (expr.kind === 'substitution') {
    expr.selfReference = fieldPath !== undefined && startsWith(expr.path, fieldPath);
    return true;
  }
  if (expr.kind !== 'concat') return false;
  let found = false;
  for (const part of expr.parts) {
    if (part.kind !== 'substitution') continue;
    part.selfReference = fieldPath !== undefined && startsWith(part.path, fieldPath);
    found = true;
  }
  return found;
}

function startsWith(path: string[], prefix: string[]): boolean {
  if (path.length < prefix.length) return false;
  for (let i = 0; i < prefix.length; i++) if (path[i] !== prefix[i]) return false;
  return true;
}

/** The text a simple value contributes to a string concatenation (numbers as written). */
export function simpleText(value: HoconValue): string {
  switch (value.kind) {
    case 'string':
      return value.value;
    case 'number':
      return value.text;
    case 'boolean':
      return value.value ? 'true' : 'false';
    case 'null':
      return 'null';
    default:
      throw new HoconError(makeDiagnostic(value.source, value.start, value.end, 'internal: not a simple value'));
  }
}
