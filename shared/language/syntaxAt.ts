import type { FieldNode, IncludeNode, ObjectNode, SubstitutionNode, SyntaxDocument, ValueNode } from '../hocon/index';

/**
 * What lies at an offset of a parsed text, from the root down: the fields whose key or value hold it, each with its
 * full path (the keys of the objects around it, then its own key's segments; undefined inside a list, where no path
 * reaches). The language service decides from this what a position means (a key, a `${x}`, an include, a string).
 */
export interface FieldAt {
  field: FieldNode;
  /** The full path of the field's key, or undefined when the field lies inside a list. */
  path: string[] | undefined;
}

export interface SyntaxAt {
  /** Enclosing fields, outermost first. */
  fields: FieldAt[];
  /** The cursor is on the innermost field's key. */
  onKey: boolean;
  include?: IncludeNode;
  substitution?: SubstitutionNode;
  /** The innermost simple value (string, number...) holding the offset. */
  value?: ValueNode;
}

const contains = (node: { start: number; end: number }, offset: number) => node.start <= offset && offset <= node.end;

export function syntaxAt(document: SyntaxDocument, offset: number): SyntaxAt {
  const out: SyntaxAt = { fields: [], onKey: false };
  let node: ValueNode | undefined = document.root;
  let prefix: string[] | undefined = [];
  // Iterative descent: the parser bounds nesting, and nothing here recurses.
  while (node !== undefined) {
    const current: ValueNode = node;
    node = undefined;
    if (current.kind === 'object') {
      const entry = entryAt(current, offset);
      if (entry === undefined) break;
      if (entry.kind === 'include') {
        out.include = entry;
        break;
      }
      const path: string[] | undefined = prefix === undefined ? undefined : [...prefix, ...entry.key.segments.map((s) => s.name)];
      out.fields.push({ field: entry, path });
      if (offset <= entry.key.end) {
        out.onKey = true;
        break;
      }
      if (contains(entry.value, offset)) {
        prefix = path;
        node = entry.value;
      }
    } else if (current.kind === 'array') {
      prefix = undefined;
      node = current.elements.find((e) => contains(e, offset));
    } else if (current.kind === 'concatenation') {
      node = current.parts.find((p) => contains(p, offset));
    } else if (current.kind === 'substitution') {
      out.substitution = current;
    } else {
      out.value = current;
    }
  }
  return out;
}

function entryAt(object: ObjectNode, offset: number): FieldNode | IncludeNode | undefined {
  // Entries are in text order: binary search (a toolbox's root holds thousands).
  const entries = object.entries;
  let lo = 0;
  let hi = entries.length - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    const entry = entries[mid]!;
    if (offset < entry.start) hi = mid - 1;
    else if (offset > entry.end) lo = mid + 1;
    else return entry;
  }
  return undefined;
}

/** Every `${...}` of the text, in order (iterative walk). */
export function substitutionsOf(document: SyntaxDocument): SubstitutionNode[] {
  const out: SubstitutionNode[] = [];
  const stack: ValueNode[] = [document.root];
  while (stack.length > 0) {
    const node = stack.pop()!;
    if (node.kind === 'object') for (let i = node.entries.length - 1; i >= 0; i--) {
      const entry = node.entries[i]!;
      if (entry.kind === 'field') stack.push(entry.value);
    }
    else if (node.kind === 'array') for (let i = node.elements.length - 1; i >= 0; i--) stack.push(node.elements[i]!);
    else if (node.kind === 'concatenation') for (let i = node.parts.length - 1; i >= 0; i--) stack.push(node.parts[i]!);
    else if (node.kind === 'substitution') out.push(node);
  }
  return out;
}

/** Every field of the text whose full path is `path` (objects nested as `a { b = 1 }` or written `a.b = 1`). */
export function fieldsWithPath(document: SyntaxDocument, path: readonly string[]): FieldNode[] {
  const out: FieldNode[] = [];
  const stack: { object: ObjectNode; prefix: string[] }[] = [];
  if (document.root.kind === 'object') stack.push({ object: document.root, prefix: [] });
  while (stack.length > 0) {
    const { object, prefix } = stack.pop()!;
    for (const entry of object.entries) {
      if (entry.kind !== 'field') continue;
      const full = [...prefix, ...entry.key.segments.map((s) => s.name)];
      if (full.length > path.length || !full.every((k, i) => k === path[i])) continue;
      if (full.length === path.length) out.push(entry);
      else {
        const objects = entry.value.kind === 'object' ? [entry.value] : entry.value.kind === 'concatenation' ? entry.value.parts.filter((p): p is ObjectNode => p.kind === 'object') : [];
        for (const o of objects) stack.push({ object: o, prefix: full });
      }
    }
  }
  return out.sort((a, b) => a.start - b.start);
}
