import { formatKeySegment } from './pathExpression';
import { parseHocon } from './parser';
import { scan } from './scanner';
import type { FieldNode, ObjectNode, ValueNode } from './syntaxTree';
import { TokenKind } from './tokenKind';

/**
 * Lays out a value written on one line (a new tool from its template, a new parameter `{ "type": "string", ... }`)
 * the way the entries around where it goes are laid out: in a file that writes one key per line, its objects are
 * written one key per line too, indented by the file's step, with the separator, key quotes and commas their
 * neighbours use; in a file of one-line entries it stays on one line. A value with a comment or a line break is
 * left as it is (it was written by hand or copied from the file).
 */
export interface ValueLayout {
  /** The text the value goes into. */
  text: string;
  /** The object the value's entry goes into: its entries are the neighbours. */
  target: ObjectNode;
  /** The object whose separator, key quotes and commas an object without a neighbour to copy takes (the target, or
   * for an empty one the nearest object around it that has keys). */
  style: ObjectNode;
  /** The indentation of the new entry's line, and the file's indentation step. */
  indent: string;
  unit: string;
  eol: string;
  /** The object the value is laid out like (the value it replaces); default: the neighbours' shape. */
  model?: ObjectNode;
  /** Whether an object with nothing to copy is written one key per line. Default true (a new line was started). */
  expand?: boolean;
  /** Whether the file ends its entries with commas where an object alone does not say (`commasInText`; undefined:
   * the file does not say either, and the value keeps its own). */
  commas: boolean | undefined;
}

/**
 * Whether an object separates its entries with commas: as its own entries do when it has several, else as most
 * entries of the text do (`fileCommas`).
 */
export function commasBetween(object: ObjectNode, fileCommas: boolean): boolean {
  return object.entries.length > 1 ? object.entries.slice(0, -1).some((e) => e.comma >= 0) : fileCommas;
}

/** Whether most entries of the text that are followed by another end with a comma (undefined when none is). */
export function commasInText(root: ValueNode): boolean | undefined {
  let comma = 0;
  let none = 0;
  const stack: ValueNode[] = [root];
  while (stack.length > 0) {
    const value = stack.pop()!;
    if (value.kind === 'object') {
      value.entries.forEach((entry, i) => {
        if (i < value.entries.length - 1) {
          if (entry.comma >= 0) comma++;
          else none++;
        }
        if (entry.kind === 'field') stack.push(entry.value);
      });
    } else if (value.kind === 'array') stack.push(...value.elements);
    else if (value.kind === 'concatenation') stack.push(...value.parts);
  }
  return comma + none === 0 ? undefined : comma > none;
}

export function layOutValue(valueText: string, layout: ValueLayout): string {
  if (valueText.includes('\n') || valueText.includes('\r')) return valueText;
  const prefix = 'x = ';
  const parsed = parseHocon(`${prefix}${valueText}`);
  if (parsed.diagnostics.some((d) => d.severity === 'error') || parsed.root.kind !== 'object') return valueText;
  const field = parsed.root.entries[0];
  if (parsed.root.entries.length !== 1 || field?.kind !== 'field') return valueText;
  const source = `${prefix}${valueText}`;
  if (scan(source).some((t) => t.kind === TokenKind.Comment)) return valueText;
  const model = layout.model ?? modelAmong(layout.text, objectValues(layout.target));
  return new Layout(layout, source).value(field.value, model, layout.indent, layout.expand ?? true);
}

/** The object values among an object's entries. */
function objectValues(object: ObjectNode): ObjectNode[] {
  return object.entries.flatMap((e) => (e.kind === 'field' && e.value.kind === 'object' && e.value.braced ? [e.value] : []));
}

/** Whether an object writes its entries on lines of their own (its first entry starts on a line after its `{`). */
export function oneKeyPerLine(text: string, object: ObjectNode): boolean {
  const first = object.entries[0];
  return first !== undefined && text.slice(object.start + 1, first.start).includes('\n');
}

/** The neighbour to copy: the last object laid out as most of them are (one key per line on a tie). */
function modelAmong(text: string, objects: readonly ObjectNode[]): ObjectNode | undefined {
  const filled = objects.filter((o) => o.entries.length > 0);
  if (filled.length === 0) return undefined;
  const multi = filled.filter((o) => oneKeyPerLine(text, o));
  const single = filled.filter((o) => !oneKeyPerLine(text, o));
  const chosen = multi.length >= single.length ? multi : single;
  return chosen[chosen.length - 1];
}

class Layout {
  constructor(
    private readonly layout: ValueLayout,
    /** The parsed `x = value` text the nodes point into. */
    private readonly source: string,
  ) {}

  /** A value's text: an object laid out as `model` is (or, without one, as its parent is), anything else as written. */
  value(node: ValueNode, model: ObjectNode | undefined, indent: string, expandWithoutModel: boolean): string {
    const written = this.source.slice(node.start, node.end);
    if (node.kind !== 'object' || !node.braced || node.entries.length === 0) return written;
    const text = this.layout.text;
    const expand = model !== undefined ? oneKeyPerLine(text, model) : expandWithoutModel;
    if (!expand || node.entries.some((e) => e.kind !== 'field')) return written;
    const style = model ?? this.layout.style;
    const fields = node.entries as FieldNode[];
    const inner = indent + this.layout.unit;
    const separator = separatorOf(text, style) ?? separatorOf(this.source, node) ?? ' = ';
    const quoted = quotedKeys(style);
    const commas = commasBetween(style, this.layout.commas ?? fields.slice(0, -1).some((f) => f.comma >= 0));
    const bareObjects = objectsWithoutSeparator(style);
    const lines = fields.map((f) => {
      const key = f.key.segments.length === 1 && quoted !== undefined ? formatKeySegment(f.key.segments[0]!.name, quoted) : this.source.slice(f.key.start, f.key.end);
      const childModel = model === undefined ? undefined : modelFor(text, model, f.key.segments.map((s) => s.name).join('.'));
      const sep = f.separator === '+=' ? ' += ' : f.value.kind === 'object' && (f.separator === '' || bareObjects) ? ' ' : separator;
      return `${inner}${key}${sep}${this.value(f.value, childModel, inner, expand)}`;
    });
    const eol = this.layout.eol;
    return `{${eol}${lines.join(`${commas ? ',' : ''}${eol}`)}${eol}${indent}}`;
  }
}

/** The object a new entry `key` of `model`'s shape copies: the model's own `key`, else the one its others are like. */
function modelFor(text: string, model: ObjectNode, key: string): ObjectNode | undefined {
  for (let i = model.entries.length - 1; i >= 0; i--) {
    const entry = model.entries[i]!;
    if (entry.kind === 'field' && entry.key.segments.map((s) => s.name).join('.') === key) return entry.value.kind === 'object' && entry.value.braced ? entry.value : undefined;
  }
  return modelAmong(text, objectValues(model));
}

/** The separator with its blanks as the object's last field on one line writes it (undefined without one). */
function separatorOf(text: string, object: ObjectNode): string | undefined {
  for (let i = object.entries.length - 1; i >= 0; i--) {
    const entry = object.entries[i];
    if (entry?.kind === 'field' && (entry.separator === ':' || entry.separator === '=')) {
      const between = text.slice(entry.key.end, entry.value.start);
      if (/^[ \t]*[:=][ \t]*$/.test(between)) return between;
    }
  }
  return undefined;
}

/** Whether the object's keys are quoted (its last one-segment key says), or undefined when it has none. */
function quotedKeys(object: ObjectNode): boolean | undefined {
  for (let i = object.entries.length - 1; i >= 0; i--) {
    const entry = object.entries[i];
    if (entry?.kind === 'field' && entry.key.segments.length === 1) return entry.key.segments[0]!.quoted;
  }
  return undefined;
}

/** Whether most fields of the object whose values are objects write no separator before them (`web { ... }`). */
export function objectsWithoutSeparator(object: ObjectNode): boolean {
  let none = 0;
  let some = 0;
  for (const entry of object.entries) {
    if (entry.kind !== 'field' || entry.value.kind !== 'object') continue;
    if (entry.separator === '') none++;
    else some++;
  }
  return none > some;
}
