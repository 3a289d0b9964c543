/**
 * Edits on HOCON text that touch as little as possible: each operation parses the text, finds the entries
 * concerned in the syntax tree, and returns text edits. Bytes outside the edits stay identical; comments survive.
 *
 * Paths are arrays of keys or HOCON path expressions (`a.b."c.d"`). Only the given text is edited: a key defined
 * in an included file is not found here. Where a key is defined several times, `setValue` edits the last
 * definition (the one that wins); `removeKey` and `renameKey` apply to every definition in the text.
 *
 * Removal takes one contiguous block per definition: the entry with its comma, the comment on its line, and the
 * comment lines directly above it (no blank line in between), which by convention describe it. When the removed
 * entry is the last one and the entry before ends with a comma, the block starts at that comma (JSON style stays
 * JSON style).
 */
import { formatKeySegment, parsePath } from './pathExpression';
import { indentUnitOf } from './formatStyle';
import { parseHocon } from './parser';
import type { EntryNode, FieldNode, ObjectNode, SyntaxDocument } from './syntaxTree';
import { applyEdits, type TextEdit } from './textEdits';
import { commasBetween, commasInText, layOutValue, objectsWithoutSeparator, oneKeyPerLine } from './valueLayout';

export type PathLike = string | readonly string[];

export interface EditOptions {
  /** Indentation unit when none can be copied from siblings. Default: detected, else four spaces. */
  indent?: string;
}

interface FieldMatch {
  field: FieldNode;
  parent: ObjectNode;
  /** Index (in field.key.segments) of the segment naming the path's last key. */
  segmentIndex: number;
}

function toPath(path: PathLike): string[] {
  return typeof path === 'string' ? parsePath(path) : [...path];
}

function parseForEdit(text: string): SyntaxDocument {
  const document = parseHocon(text);
  if (document.root.kind !== 'object') throw new Error('Cannot edit: the document root is not an object');
  return document;
}

/** Every field in the text that defines `path` or a part of it (`a.b.c = 1` defines part of a.b). In order. */
function findFields(root: ObjectNode, path: string[]): FieldMatch[] {
  const matches: FieldMatch[] = [];
  // Explicit stack: nesting depth is input-controlled.
  const stack: { object: ObjectNode; depth: number }[] = [{ object: root, depth: 0 }];
  while (stack.length > 0) {
    const { object, depth } = stack.pop() as { object: ObjectNode; depth: number };
    const nested: { object: ObjectNode; depth: number }[] = [];
    for (const entry of object.entries) {
      if (entry.kind !== 'field') continue;
      const segments = entry.key.segments;
      let matched = 0;
      while (matched < segments.length && depth + matched < path.length && segments[matched]?.name === path[depth + matched]) matched++;
      if (depth + matched === path.length && matched > 0) {
        matches.push({ field: entry, parent: object, segmentIndex: matched - 1 });
      } else if (matched === segments.length && entry.value.kind === 'object') {
        nested.push({ object: entry.value, depth: depth + matched });
      }
    }
    for (let i = nested.length - 1; i >= 0; i--) stack.push(nested[i] as { object: ObjectNode; depth: number });
  }
  return matches.sort((a, b) => a.field.start - b.field.start);
}

/** The object node that holds `path`'s keys, following the last definition; undefined if there is none. */
function findObject(root: ObjectNode, path: string[]): ObjectNode | undefined {
  if (path.length === 0) return root;
  const exact = findFields(root, path).filter((m) => m.segmentIndex === m.field.key.segments.length - 1);
  for (let i = exact.length - 1; i >= 0; i--) {
    const value = (exact[i] as FieldMatch).field.value;
    if (value.kind === 'object') return value;
  }
  return undefined;
}

// ---- text helpers ----

function lineStartOf(text: string, offset: number): number {
  return text.lastIndexOf('\n', offset - 1) + 1;
}

function lineEndOf(text: string, offset: number): number {
  const index = text.indexOf('\n', offset);
  return index < 0 ? text.length : index;
}

function eolOf(text: string): string {
  return text.includes('\r\n') ? '\r\n' : '\n';
}

function isBlank(text: string): boolean {
  return /^[ \t\r\f\v\u00a0\ufeff]*$/.test(text);
}

/** Whether the rest of a line (from offset) is only white space and maybe a comment. */
function restIsTrivia(text: string, offset: number): boolean {
  const rest = text.slice(offset, lineEndOf(text, offset)).trim();
  return rest === '' || rest.startsWith('#') || rest.startsWith('//');
}

function indentOfLine(text: string, offset: number): string {
  const start = lineStartOf(text, offset);
  const match = /^[ \t]*/.exec(text.slice(start, lineEndOf(text, start)));
  return match ? match[0] : '';
}

function detectIndentUnit(text: string, options: EditOptions, document: SyntaxDocument): string {
  if (options.indent !== undefined) return options.indent;
  const detected = indentUnitOf(document);
  if (detected !== undefined) return detected;
  const match = /\n([ \t]+)\S/.exec(text);
  return match ? (match[1] as string) : '    ';
}

/** Whether most neighbouring entries of the object have a blank line between them (then a new one gets one too). */
function blankLinesBetween(text: string, object: ObjectNode): boolean {
  let blank = 0;
  const entries = object.entries;
  for (let i = 1; i < entries.length; i++) {
    const previous = entries[i - 1]!;
    if (/\n[ \t]*\r?\n/.test(text.slice(Math.max(previous.end, previous.comma + 1), entries[i]!.start))) blank++;
  }
  return entries.length > 1 && blank * 2 > entries.length - 1;
}

// ---- operations ----

/**
 * Sets the value at `path` to `valueText` (HOCON text, used verbatim). Replaces the winning definition's value;
 * a missing key is inserted into the deepest existing object on the path (as a path key for the rest).
 */
export function setValue(text: string, path: PathLike, valueText: string, options: EditOptions = {}): TextEdit[] {
  const keys = toPath(path);
  if (keys.length === 0) throw new Error('setValue needs a non-empty path');
  const document = parseForEdit(text);
  const root = document.root as ObjectNode;
  const exact = findFields(root, keys).filter((m) => m.segmentIndex === m.field.key.segments.length - 1);
  const last = exact[exact.length - 1];
  if (last !== undefined && !shadowed(root, keys, last.field)) return [replaceValueOf(text, document, last, valueText, options)];
  // Insert into the deepest object that exists.
  for (let depth = keys.length - 1; depth >= 0; depth--) {
    const parent = findObject(root, keys.slice(0, depth));
    if (parent !== undefined) return insertIntoObject(text, parent, keys.slice(depth), valueText, options, document);
  }
  return insertIntoObject(text, root, keys, valueText, options, document);
}

/**
 * The edit that makes one definition's value `valueText` (`a { }` and `a += x` become `a = valueText`). An object
 * written on one line that replaces an object is laid out as that one was (one key per line where it was).
 */
function replaceValueOf(text: string, document: SyntaxDocument, match: FieldMatch, valueText: string, options: EditOptions): TextEdit {
  const field = match.field;
  if (field.separator === '' && !valueText.trimStart().startsWith('{')) {
    return { offset: field.key.end, length: field.value.end - field.key.end, newText: ` ${separatorStyle(text, match.parent)}${valueText}`.replace(/^ (:)/, '$1') };
  }
  if (field.separator === '+=') {
    // `a += x` appends: setting the value means `a = value` (the spacing around the separator kept).
    const afterSeparator = text.slice(field.separatorStart + 2, field.value.start);
    return { offset: field.separatorStart, length: field.value.end - field.separatorStart, newText: `=${afterSeparator}${valueText}` };
  }
  const old = field.value;
  if (valueText.trimStart().startsWith('{') && !valueText.includes('\n')) {
    const wasObject = old.kind === 'object' && old.braced;
    const layout = { text, target: match.parent, style: match.parent, indent: indentOfLine(text, field.start), eol: eolOf(text) };
    // The document the match was found in (parsed once per edit), and the caller's indent unit as an insert takes it.
    const unit = detectIndentUnit(text, options, document);
    const laidOut = layOutValue(valueText, {
      ...layout,
      unit,
      commas: commasInText(document.root),
      ...(wasObject && old.entries.length > 0 ? { model: old } : {}),
      expand: (wasObject && oneKeyPerLine(text, old)) || oneKeyPerLine(text, match.parent),
    });
    return { offset: old.start, length: old.end - old.start, newText: laidOut };
  }
  return { offset: field.value.start, length: field.value.end - field.value.start, newText: valueText };
}

/**
 * Whether a key around `field` is set again after it to something that is not an object (`a { x = 1 }` then
 * `a = 5`): the field no longer counts, and a new value goes into the last object definition instead.
 */
function shadowed(root: ObjectNode, keys: string[], field: FieldNode): boolean {
  for (let length = 1; length < keys.length; length++) {
    for (const match of findFields(root, keys.slice(0, length))) {
      const later = match.field.start > field.start;
      const wholeKey = match.segmentIndex === match.field.key.segments.length - 1;
      if (later && wholeKey && (match.field.value.kind !== 'object' || match.field.separator === '+=')) return true;
    }
  }
  return false;
}

/** Inserts `key = value` after the last entry of the object at `parentPath` (copying its style). */
export function insertKey(text: string, parentPath: PathLike, key: string, valueText: string, options: EditOptions = {}): TextEdit[] {
  const document = parseForEdit(text);
  const parent = findObject(document.root as ObjectNode, toPath(parentPath));
  if (parent === undefined) throw new Error(`No object at ${JSON.stringify(toPath(parentPath))} to insert into`);
  return insertIntoObject(text, parent, [key], valueText, options, document);
}

/** The separator as the object's entries write it, with its spacing (` = `, `: `, `:`). */
function separatorStyle(text: string, object: ObjectNode): string {
  for (let i = object.entries.length - 1; i >= 0; i--) {
    const entry = object.entries[i];
    if (entry?.kind === 'field' && entry.separator !== '' && entry.separator !== '+=') {
      const between = text.slice(entry.key.end, entry.value.start);
      if (!between.includes('\n') && !between.includes('#') && !between.includes('//')) return between;
    }
  }
  return ' = ';
}

/** The innermost object from `root` down to `target` (included) that has a field: whose style a new key copies. */
function nearestWithFields(root: ObjectNode, target: ObjectNode): ObjectNode | undefined {
  const parents = new Map<ObjectNode, ObjectNode | undefined>([[root, undefined]]);
  const stack: ObjectNode[] = [root];
  while (stack.length > 0 && !parents.has(target)) {
    const object = stack.pop() as ObjectNode;
    for (const entry of object.entries) {
      if (entry.kind !== 'field') continue;
      const values = [entry.value];
      for (let value = values.pop(); value !== undefined; value = values.pop()) {
        if (value.kind === 'object') {
          parents.set(value, object);
          stack.push(value);
        } else if (value.kind === 'array') values.push(...value.elements);
        else if (value.kind === 'concatenation') values.push(...value.parts);
      }
    }
  }
  for (let object: ObjectNode | undefined = target; object !== undefined; object = parents.get(object)) {
    if (object.entries.some((e) => e.kind === 'field')) return object;
  }
  return undefined;
}

function insertIntoObject(text: string, object: ObjectNode, keys: string[], valueText: string, options: EditOptions, document: SyntaxDocument): TextEdit[] {
  const root = document.root as ObjectNode;
  const eol = eolOf(text);
  const last = object.entries[object.entries.length - 1];
  // An empty object has no style of its own: copy that of the nearest enclosing object with keys.
  const styleFrom = last !== undefined ? object : (nearestWithFields(root, object) ?? object);
  const fields = styleFrom.entries.filter((e): e is FieldNode => e.kind === 'field');
  const quoted = fields.length > 0 && fields[fields.length - 1]?.key.segments[0]?.quoted === true;
  const segments = keys.map((k) => formatKeySegment(k, quoted));
  const separator = separatorStyle(text, styleFrom);
  // pyhocon (neuro-san's reader) takes a key as one quoted string or one unquoted word: it refuses `"a"."b" = 1` and
  // `a."b.c" = 1`. A path with a quoted segment is written as nested objects, `"a": {"b": 1}`, which both read.
  const nested = segments.length > 1 && segments.some((k) => k.startsWith('"'));
  const key = nested ? segments[0]! : segments.join('.');
  const value = nested ? segments.slice(1).reduceRight((inner, k) => `{${k}${separator}${inner}}`, valueText) : valueText;
  const fileCommas = commasInText(root);
  const keyAndSeparator = `${key}${value.trimStart().startsWith('{') && objectsWithoutSeparator(styleFrom) ? ' ' : separator}`;
  // On a line of its own, the value is laid out as its neighbours are (one key per line where they are).
  const onItsLine = (indent: string) => `${keyAndSeparator}${layOutValue(value, { text, target: object, style: styleFrom, indent, unit: detectIndentUnit(text, options, document), eol, commas: fileCommas })}`;
  if (last === undefined) {
    if (!object.braced) {
      const needsEol = text.length > 0 && !text.endsWith('\n');
      return [{ offset: text.length, length: 0, newText: `${needsEol ? eol : ''}${onItsLine('')}${eol}` }];
    }
    const baseIndent = indentOfLine(text, object.start);
    const indent = baseIndent + detectIndentUnit(text, options, document);
    const inner = text.slice(object.start + 1, object.end - 1);
    if (inner.includes('\n')) {
      // After what the braces hold (comment lines, say), when the closing brace is alone on its line.
      const closeLine = lineStartOf(text, object.end - 1);
      if (closeLine > object.start + 1 && isBlank(text.slice(closeLine, object.end - 1))) {
        const insertAt = text[closeLine - 2] === '\r' ? closeLine - 2 : closeLine - 1;
        return [{ offset: insertAt, length: 0, newText: `${eol}${indent}${onItsLine(indent)}` }];
      }
      return [{ offset: object.start + 1, length: 0, newText: `${eol}${indent}${onItsLine(indent)}` }];
    }
    return [{ offset: object.start + 1, length: inner.length, newText: `${eol}${indent}${onItsLine(indent)}${eol}${baseIndent}` }];
  }
  const usesCommasBetween = commasBetween(object, fileCommas ?? false);
  const lastHasComma = last.comma >= 0;
  const afterLast = lastHasComma ? last.comma + 1 : last.end;
  const edits: TextEdit[] = [];
  const lineEnd = lineEndOf(text, afterLast);
  const closesOnSameLine = object.braced && object.end - 1 < lineEnd && object.end - 1 >= afterLast;
  if (closesOnSameLine || !restIsTrivia(text, afterLast)) {
    // Single-line object: `{ a = 1 }` → `{ a = 1, b = 2 }`.
    edits.push({ offset: afterLast, length: 0, newText: `${lastHasComma ? '' : ','} ${keyAndSeparator}${value}${lastHasComma ? ',' : ''}` });
    return edits;
  }
  const startOfLine = lineStartOf(text, last.start);
  const indent = isBlank(text.slice(startOfLine, last.start)) ? text.slice(startOfLine, last.start) : indentOfLine(text, last.start);
  if (!lastHasComma && usesCommasBetween) edits.push({ offset: last.end, length: 0, newText: ',' });
  const insertAt = lineEnd > 0 && text[lineEnd - 1] === '\r' ? lineEnd - 1 : lineEnd;
  const gap = blankLinesBetween(text, object) ? eol : '';
  edits.push({ offset: insertAt, length: 0, newText: `${eol}${gap}${indent}${onItsLine(indent)}${lastHasComma ? ',' : ''}` });
  return edits;
}

/** The contiguous block an entry occupies (see the module comment). */
function entryBlock(text: string, match: FieldMatch, usePreviousComma: boolean): { start: number; end: number } {
  const { field, parent } = match;
  const entries = parent.entries;
  const index = entries.indexOf(field);
  const previous = index > 0 ? entries[index - 1] : undefined;
  const next = index + 1 < entries.length ? entries[index + 1] : undefined;
  const previousEnd = previous === undefined ? (parent.braced ? parent.start + 1 : 0) : Math.max(previous.end, previous.comma + 1);
  let end = field.comma >= 0 ? field.comma + 1 : field.end;
  const ownLine = isBlank(text.slice(lineStartOf(text, field.start), field.start)) && lineStartOf(text, field.start) >= previousEnd;
  const lineEnd = lineEndOf(text, end);
  const endsLine = restIsTrivia(text, end) && (next === undefined || next.start > lineEnd) && !(parent.braced && parent.end - 1 < lineEnd && parent.end - 1 >= end);
  let start = field.start;
  if (ownLine) {
    start = lineStartOf(text, field.start);
    // Comment lines directly above belong to the entry.
    for (;;) {
      if (start === 0) break;
      const above = lineStartOf(text, start - 1);
      if (above < previousEnd) break;
      const line = text.slice(above, start - 1).trim();
      if (!(line.startsWith('#') || line.startsWith('//'))) break;
      start = above;
    }
  }
  if (endsLine) end = lineEnd < text.length ? lineEnd + 1 : lineEnd;
  else while (end < text.length && (text[end] === ' ' || text[end] === '\t')) end++;
  if (usePreviousComma && next === undefined && field.comma < 0 && previous !== undefined && previous.comma >= 0) {
    // The last entry of a comma-separated object: take the comma before it, keep the line break after it.
    return { start: previous.comma, end: endsLine ? lineEndOf(text, field.end) : field.end };
  }
  if (!ownLine && !endsLine && next === undefined && previous !== undefined && previous.comma >= 0 && field.comma < 0) {
    return { start: previous.comma, end: field.end };
  }
  return { start, end };
}

/** Removes every definition of `path` in the text (each one contiguous block). Throws if there is none. */
export function removeKey(text: string, path: PathLike): TextEdit[] {
  const keys = toPath(path);
  const document = parseForEdit(text);
  const matches = findFields(document.root as ObjectNode, keys);
  if (matches.length === 0) throw new Error(`No key ${JSON.stringify(keys)} in this text`);
  const edits: TextEdit[] = [];
  for (const match of matches) {
    // A longer path key (`a.b.c = 1` when removing a.b) only defines part of the key: it goes whole.
    const block = entryBlock(text, match, true);
    const previous = edits[edits.length - 1];
    if (previous !== undefined && block.start < previous.offset + previous.length) {
      // Overlapping blocks (`n = 1, n = 2` on one line: the last takes the comma before it) go as one.
      previous.length = Math.max(previous.length, block.end - previous.offset);
      continue;
    }
    edits.push({ offset: block.start, length: block.end - block.start, newText: '' });
  }
  return edits;
}

/** Renames the last key of `path` wherever it is defined, keeping each key's quoting. */
export function renameKey(text: string, path: PathLike, newName: string): TextEdit[] {
  const keys = toPath(path);
  const document = parseForEdit(text);
  const matches = findFields(document.root as ObjectNode, keys);
  if (matches.length === 0) throw new Error(`No key ${JSON.stringify(keys)} in this text`);
  return matches.map((match) => {
    const segment = match.field.key.segments[match.segmentIndex] as { start: number; end: number; quoted: boolean };
    return { offset: segment.start, length: segment.end - segment.start, newText: formatKeySegment(newName, segment.quoted) };
  });
}

/**
 * Moves the (last) definition of `path` before or after a sibling key in the same object, carrying its comments.
 * Works on entries written on their own lines; commas are adjusted so a comma-separated object stays valid.
 */
export function moveEntry(text: string, path: PathLike, target: { before: string } | { after: string }): TextEdit[] {
  const keys = toPath(path);
  const document = parseForEdit(text);
  const root = document.root as ObjectNode;
  const exact = findFields(root, keys).filter((m) => m.segmentIndex === m.field.key.segments.length - 1 && m.field.key.segments.length === 1);
  const moving = exact[exact.length - 1];
  if (moving === undefined) throw new Error(`No key ${JSON.stringify(keys)} (written as a single key) in this text`);
  const siblingName = 'before' in target ? target.before : target.after;
  const sibling = moving.parent.entries.find(
    (e): e is FieldNode => e.kind === 'field' && e.key.segments.length === 1 && e.key.segments[0]?.name === siblingName,
  );
  if (sibling === undefined) throw new Error(`No sibling key '${siblingName}' next to ${JSON.stringify(keys)}`);
  if (sibling === moving.field) return [];
  const block = entryBlock(text, moving, false);
  const siblingBlock = entryBlock(text, { field: sibling, parent: moving.parent, segmentIndex: 0 }, false);
  if (text[block.end - 1] !== '\n' || (text[siblingBlock.end - 1] !== '\n' && 'after' in target)) {
    return moveInline(text, moving.parent.entries, moving.field, sibling, 'before' in target);
  }
  let moved = text.slice(block.start, block.end);
  const entries = moving.parent.entries;
  const usesCommas = entries.slice(0, -1).some((e) => e.comma >= 0);
  const edits: TextEdit[] = [{ offset: block.start, length: block.end - block.start, newText: '' }];
  const siblingIsLast = entries[entries.length - 1] === sibling;
  if (usesCommas && moving.field.comma < 0 && !('after' in target && siblingIsLast)) {
    // It will no longer be last: it needs the comma the others have.
    const at = moving.field.end - block.start;
    moved = moved.slice(0, at) + ',' + moved.slice(at);
  }
  if (usesCommas && 'after' in target && siblingIsLast && sibling.comma < 0) {
    edits.push({ offset: sibling.end, length: 0, newText: ',' });
  }
  // When the moved entry was last, the entry before it becomes last; its trailing comma is valid HOCON and stays.
  const insertAt = 'before' in target ? siblingBlock.start : siblingBlock.end;
  edits.push({ offset: insertAt, length: 0, newText: moved });
  return edits;
}

/**
 * Moves an entry that shares its line with another (`{ a = 1, b = 2 }`): just the entry's own text moves, with a
 * comma and a space as its separator; the comma it leaves behind goes with it.
 */
function moveInline(text: string, entries: readonly EntryNode[], moving: FieldNode, sibling: FieldNode, before: boolean): TextEdit[] {
  const entryText = text.slice(moving.start, moving.end);
  const index = entries.indexOf(moving);
  // Already where it should go.
  if (entries[before ? index + 1 : index - 1] === sibling) return [];
  let removeStart = moving.start;
  let removeEnd = moving.end;
  if (moving.comma >= 0) {
    // `x = 1, ` : the entry, its comma and the spaces after it.
    removeEnd = moving.comma + 1;
    while (text[removeEnd] === ' ' || text[removeEnd] === '\t') removeEnd++;
  } else if (index > 0) {
    // The last entry: the separator before it goes (the entry before becomes the last).
    const previous = entries[index - 1] as EntryNode;
    removeStart = previous.kind === 'field' && previous.comma >= 0 ? previous.comma : previous.end;
  }
  const edits: TextEdit[] = [{ offset: removeStart, length: removeEnd - removeStart, newText: '' }];
  if (before) edits.push({ offset: sibling.start, length: 0, newText: `${entryText}, ` });
  else if (sibling.comma >= 0) edits.push({ offset: sibling.comma + 1, length: 0, newText: ` ${entryText},` });
  else edits.push({ offset: sibling.end, length: 0, newText: `, ${entryText}` });
  return edits.sort((x, y) => x.offset - y.offset);
}

/** Applies `setValue` and returns the new text (convenience). */
export function withValue(text: string, path: PathLike, valueText: string, options: EditOptions = {}): string {
  return applyEdits(text, setValue(text, path, valueText, options));
}

// ---- one definition among several ----

/**
 * How one definition sets its key: 'value' as written; 'object' `{...}` (merged with the key's other objects);
 * 'substitution' `${x}` or `${?x}` alone; 'expression' a concatenation with a substitution in it (`${base}"/v1"`);
 * 'append' `+=`.
 */
export const DEFINITION_KINDS = ['value', 'object', 'substitution', 'expression', 'append'] as const;
export type DefinitionKind = (typeof DEFINITION_KINDS)[number];

/** One place the text sets exactly a key (not an object around it), as `keyDefinitions` lists them. */
export interface KeyDefinition {
  /** The entry's offsets (from its key to its value's end) and its value's. */
  start: number;
  end: number;
  valueStart: number;
  valueEnd: number;
  kind: DefinitionKind;
  /** Each substitution in the value, in order: the path it names, and whether it is optional (`${?x}`). */
  references: { path: string[]; optional: boolean }[];
}

function exactMatches(root: ObjectNode, keys: string[]): FieldMatch[] {
  return findFields(root, keys).filter((m) => m.segmentIndex === m.field.key.segments.length - 1);
}

/**
 * Every definition of `path` in the text, in text order (the last that is not an unset `${?x}` wins; see
 * shared/toolbox/fieldSources.ts). Objects around the key are not definitions of it; the keys inside them are.
 */
export function keyDefinitions(text: string, path: PathLike): KeyDefinition[] {
  const document = parseHocon(text);
  if (document.root.kind !== 'object') return [];
  return exactMatches(document.root, toPath(path)).map(({ field }) => ({
    start: field.start,
    end: field.end,
    valueStart: field.value.start,
    valueEnd: field.value.end,
    ...definitionKindOf(field),
  }));
}

/** How a field sets its key, and the substitutions in its value. */
export function definitionKindOf(field: FieldNode): Pick<KeyDefinition, 'kind' | 'references'> {
  const value = field.value;
  const references: KeyDefinition['references'] = [];
  const parts = value.kind === 'concatenation' ? value.parts : [value];
  for (const part of parts) if (part.kind === 'substitution') references.push({ path: part.path.map((s) => s.name), optional: part.optional });
  const kind: DefinitionKind =
    field.separator === '+=' ? 'append' : value.kind === 'substitution' ? 'substitution' : references.length > 0 ? 'expression' : value.kind === 'object' ? 'object' : 'value';
  return { kind, references };
}

function matchAt(text: string, keys: string[], index: number): { document: SyntaxDocument; match: FieldMatch } {
  const document = parseForEdit(text);
  const matches = exactMatches(document.root as ObjectNode, keys);
  const match = matches[index];
  if (match === undefined) throw new Error(`No definition ${index + 1} of ${JSON.stringify(keys)} in this text (it has ${matches.length})`);
  return { document, match };
}

/** Sets the value of one definition of `path` (its place in `keyDefinitions`), whichever wins. */
export function setDefinition(text: string, path: PathLike, index: number, valueText: string, options: EditOptions = {}): TextEdit[] {
  const { document, match } = matchAt(text, toPath(path), index);
  return [replaceValueOf(text, document, match, valueText, options)];
}

/** Removes one definition of `path` (its place in `keyDefinitions`) with its comments, as `removeKey` removes each. */
export function removeDefinition(text: string, path: PathLike, index: number): TextEdit[] {
  const block = entryBlock(text, matchAt(text, toPath(path), index).match, true);
  return [{ offset: block.start, length: block.end - block.start, newText: '' }];
}
