/**
 * Edits that keep their promise: `setValue` and `removeKey` work on the text alone, but what a key resolves to can
 * also depend on other definitions of it (objects merge, the last definition wins), on `+=`, on includes and on
 * substitutions that copy it. These wrappers resolve the text before and after the edit and accept the edit only
 * when the document changed exactly as asked — the path has the value given (or is gone) and nothing else moved —
 * and no new error appeared. Otherwise they throw an EditRefusedError that says why, in words, with line numbers.
 */
import { parsePath } from './pathExpression';
import { parseHocon } from './parser';
import { resolveHocon, type ResolveOptions } from './resolve';
import type { ObjectNode, ValueNode } from './syntaxTree';
import { applyEdits, type TextEdit } from './textEdits';
import { toJson, type JsonValue } from './toJson';
import { removeDefinition, removeKey, setDefinition, setValue, type EditOptions, type PathLike } from './editor';
import type { Diagnostic } from './diagnostics';
import { SourceText } from './textPosition';

export class EditRefusedError extends Error {}

export interface CheckedEditOptions extends EditOptions {
  /** How the text is resolved for the check (file name, include host, base dir, environment). */
  resolve?: ResolveOptions;
}

/** `setValue`, accepted only when the path then resolves to exactly `valueText`'s value and nothing else changed. */
export function setValueChecked(text: string, path: PathLike, valueText: string, options: CheckedEditOptions = {}): TextEdit[] {
  const keys = typeof path === 'string' ? parsePath(path) : [...path];
  // A value with substitutions means what it resolves to where it lands: whatever the path got is what was asked.
  const standalone = resolveHocon(`x = ${valueText}`);
  return checkedEdit(text, keys, options, {
    doing: 'setting',
    failing: 'there would not give the file that value alone',
    edit: (before) => {
      refuseIntoNonObject(before, keys, text, options.resolve);
      return setValue(text, keys, valueText, options);
    },
    intended: (before, after) => withJsonAt(before, keys, standalone.ok ? (toJson(standalone.value) as { x: JsonValue }).x : jsonAt(after, keys)),
  });
}

/**
 * Sets one definition of `path` (its place in `keyDefinitions`) and removes the others listed in `remove`: for a key
 * set several times (`x = 5` then `x = ${?X}`), the definition the user chose. `wins`: whether that definition is
 * then the one the key resolves to (the path must then have `valueText`'s value), or one that another overrides (the
 * document must then resolve exactly as before: the edit matters only once the override goes, e.g. X is unset).
 */
export function setDefinitionChecked(
  text: string,
  path: PathLike,
  valueText: string,
  choice: { index: number; remove?: readonly number[]; wins: boolean },
  options: CheckedEditOptions = {},
): TextEdit[] {
  const keys = typeof path === 'string' ? parsePath(path) : [...path];
  const standalone = resolveHocon(`x = ${valueText}`);
  return checkedEdit(text, keys, options, {
    doing: 'setting',
    failing: choice.wins ? 'there would not give the file that value alone' : 'there would change what the file resolves to now',
    edit: () => [...setDefinition(text, keys, choice.index, valueText), ...(choice.remove ?? []).flatMap((i) => removeDefinition(text, keys, i))],
    intended: (before, after) =>
      choice.wins ? withJsonAt(before, keys, standalone.ok ? (toJson(standalone.value) as { x: JsonValue }).x : jsonAt(after, keys)) : before,
  });
}

/**
 * Removes one definition of `path` (its place in `keyDefinitions`), accepted when nothing but that key changed and
 * no new error appeared: the key then has what its other definitions give (or is gone), as the user chose.
 */
export function removeDefinitionChecked(text: string, path: PathLike, index: number, options: CheckedEditOptions = {}): TextEdit[] {
  const keys = typeof path === 'string' ? parsePath(path) : [...path];
  return checkedEdit(text, keys, options, {
    doing: 'removing',
    failing: 'there would change more than that key',
    edit: () => removeDefinition(text, keys, index),
    intended: (before, after) => {
      const left = jsonAt(after, keys);
      return left === undefined ? withoutJsonAt(before, keys) : withJsonAt(before, keys, left);
    },
  });
}

/** `removeKey`, accepted only when the path is then gone, nothing else changed and no new error appeared. */
export function removeKeyChecked(text: string, path: PathLike, options: CheckedEditOptions = {}): TextEdit[] {
  const keys = typeof path === 'string' ? parsePath(path) : [...path];
  return checkedEdit(text, keys, options, {
    doing: 'removing',
    failing: 'from this text would not remove it alone',
    edit: () => removeKey(text, keys),
    intended: (before) => withoutJsonAt(before, keys),
  });
}

interface EditCheck {
  /** 'setting' or 'removing', for the messages. */
  doing: string;
  /** What went wrong, after "Not changed: <doing> 'path' ". */
  failing: string;
  /** The edits, given the document as it resolves before them (may refuse at once). */
  edit: (before: JsonValue) => TextEdit[];
  /** The document as it should resolve after the edits. */
  intended: (before: JsonValue, after: JsonValue) => JsonValue;
}

/** Resolves the text before and after `check.edit`, and returns the edits only when the document changed as intended. */
function checkedEdit(text: string, keys: string[], options: CheckedEditOptions, check: EditCheck): TextEdit[] {
  const before = resolveHocon(text, options.resolve);
  const beforeJson = toJson(before.value);
  const edits = check.edit(beforeJson);
  const edited = applyEdits(text, edits);
  const after = resolveHocon(edited, options.resolve);
  const lines = linesBefore(text, edits, options.resolve);
  refuseNewErrors(before.diagnostics, after.diagnostics, `${check.doing} ${describe(keys)}`, lines);
  const afterJson = toJson(after.value);
  const difference = firstDifference(check.intended(beforeJson, afterJson), afterJson, []);
  if (difference !== undefined) {
    throw new EditRefusedError(
      `Not changed: ${check.doing} ${describe(keys)} ${check.failing} — ${differenceInWords(difference)}.` + hints(edited, keys, options.resolve, lines),
    );
  }
  return edits;
}

// ---- the intended document ----

function isObject(value: JsonValue | undefined): value is { [key: string]: JsonValue } {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function jsonAt(root: JsonValue, keys: readonly string[]): JsonValue | undefined {
  let current: JsonValue | undefined = root;
  for (const key of keys) current = isObject(current) && Object.hasOwn(current, key) ? current[key] : undefined;
  return current;
}

/** A path through a list or a scalar cannot be edited by key: say so before anything is written. */
function refuseIntoNonObject(root: JsonValue, keys: readonly string[], text: string, resolve: ResolveOptions | undefined): void {
  let current: JsonValue | undefined = root;
  for (let i = 0; i < keys.length - 1; i++) {
    current = isObject(current) && Object.hasOwn(current, keys[i] as string) ? current[keys[i] as string] : undefined;
    if (current === undefined) return;
    if (!isObject(current)) {
      const prefix = keys.slice(0, i + 1);
      const what = Array.isArray(current) ? 'a list' : `${kindInWords(current)} (${short(current)})`;
      const lines = definitionLines(text, prefix, resolve);
      const where = lines.length > 0 ? ` (line ${lines[lines.length - 1]})` : '';
      const advice = Array.isArray(current) ? `; a list is set whole: set ${describe(prefix)} to the list you want` : `: set ${describe(prefix)} itself`;
      throw new EditRefusedError(`Not changed: ${describe(prefix)} is ${what}${where}, not an object, so ${describe(keys)} cannot be set inside it${advice}.`);
    }
  }
}

/** `root` with `value` at `keys` (objects on the way made as needed; `undefined` value: unchanged). */
function withJsonAt(root: JsonValue, keys: readonly string[], value: JsonValue | undefined): JsonValue {
  if (value === undefined) return root;
  const copy = (node: JsonValue | undefined, depth: number): JsonValue => {
    if (depth === keys.length) return value;
    const object: { [key: string]: JsonValue } = isObject(node) ? { ...node } : {};
    const key = keys[depth] as string;
    Object.defineProperty(object, key, { value: copy(object[key], depth + 1), enumerable: true, writable: true, configurable: true });
    return object;
  };
  return copy(root, 0);
}

function withoutJsonAt(root: JsonValue, keys: readonly string[]): JsonValue {
  const copy = (node: JsonValue, depth: number): JsonValue => {
    if (!isObject(node) || !Object.hasOwn(node, keys[depth] as string)) return node;
    const object = { ...node };
    if (depth === keys.length - 1) delete object[keys[depth] as string];
    else object[keys[depth] as string] = copy(node[keys[depth] as string] as JsonValue, depth + 1);
    return object;
  };
  return copy(root, 0);
}

// ---- comparing ----

interface Difference {
  path: string[];
  expected: JsonValue | undefined;
  actual: JsonValue | undefined;
}

/** The first place where two documents differ (object key order aside), or undefined when they are equal. */
function firstDifference(expected: JsonValue | undefined, actual: JsonValue | undefined, path: string[]): Difference | undefined {
  if (expected === actual) return undefined;
  if (isObject(expected) && isObject(actual)) {
    for (const key of Object.keys(expected)) {
      const found = firstDifference(expected[key], Object.hasOwn(actual, key) ? actual[key] : undefined, [...path, key]);
      if (found) return found;
    }
    for (const key of Object.keys(actual)) if (!Object.hasOwn(expected, key)) return { path: [...path, key], expected: undefined, actual: actual[key] };
    return undefined;
  }
  if (Array.isArray(expected) && Array.isArray(actual) && expected.length === actual.length) {
    for (let i = 0; i < expected.length; i++) {
      if (firstDifference(expected[i], actual[i], [...path, String(i)]) !== undefined) return { path, expected, actual };
    }
    return undefined;
  }
  if (typeof expected === 'number' && typeof actual === 'number' && Object.is(expected, actual)) return undefined;
  return { path, expected, actual };
}

function differenceInWords({ path, expected, actual }: Difference): string {
  const name = path.length === 0 ? 'the document' : describe(path);
  if (actual === undefined) return `${name} would be gone (it should stay ${short(expected)})`;
  if (expected === undefined) return `${name} would still be ${short(actual)}`;
  return `${name} would be ${short(actual)} instead of ${short(expected)}`;
}

/**
 * Line numbers as the user knows them: of the text before the edit. `line(offset in the edited text, file)` maps
 * back through the edits (an offset in inserted text gets the line where it is inserted); other files are unedited.
 */
type LineOf = (offset: number, file: string) => number;

function linesBefore(text: string, edits: readonly TextEdit[], resolve: ResolveOptions | undefined): LineOf {
  const name = resolve?.fileName ?? '<input>';
  const source = new SourceText(name, text);
  const sorted = [...edits].sort((a, b) => a.offset - b.offset);
  return (offset, file) => {
    if (file !== name) return -1;
    let delta = 0;
    for (const edit of sorted) {
      const start = edit.offset + delta;
      if (offset < start) break;
      if (offset < start + edit.newText.length) return source.positionAt(edit.offset).line;
      delta += edit.newText.length - edit.length;
    }
    return source.positionAt(offset - delta).line;
  };
}

function refuseNewErrors(before: readonly Diagnostic[], after: readonly Diagnostic[], doing: string, line: LineOf): void {
  const known = new Map<string, number>();
  for (const d of before) if (d.severity === 'error') known.set(d.message, (known.get(d.message) ?? 0) + 1);
  const fresh = after.filter((d) => {
    if (d.severity !== 'error') return false;
    const count = known.get(d.message) ?? 0;
    if (count > 0) {
      known.set(d.message, count - 1);
      return false;
    }
    return true;
  });
  if (fresh.length === 0) return;
  const listed = fresh
    .slice(0, 3)
    .map((d) => {
      const mapped = line(d.range.start.offset, d.file);
      return `${mapped < 0 ? `${d.file}:${d.line}` : `line ${mapped}`}: ${d.message}`;
    })
    .join('; ');
  throw new EditRefusedError(`Not changed: ${doing} would leave the file with ${fresh.length === 1 ? 'an error' : `${fresh.length} errors`} — ${listed}.`);
}

// ---- words ----

function describe(keys: readonly string[]): string {
  return `'${keys.map((k) => (/^[A-Za-z0-9_-]+$/.test(k) ? k : JSON.stringify(k))).join('.')}'`;
}

function kindInWords(value: JsonValue): string {
  if (value === null) return 'null';
  if (typeof value === 'string') return 'a string';
  if (typeof value === 'number') return 'a number';
  if (typeof value === 'boolean') return 'a boolean';
  return 'an object';
}

function short(value: JsonValue | undefined): string {
  const json = JSON.stringify(value) ?? 'nothing';
  return json.length > 60 ? `${json.slice(0, 57)}...` : json;
}

/** Whether one path is a prefix of the other (so that setting one can change the other). */
function related(a: readonly string[], b: readonly string[]): boolean {
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) if (a[i] !== b[i]) return false;
  return true;
}

interface Definitions {
  /** Lines (1-based, in text order) of the outermost entries that define `keys`, a part of it or a key around it. */
  definitions: number[];
  includes: number[];
  /** Substitutions that copy from or into `keys`. */
  copies: { line: number; text: string }[];
}

/** What in the text can make the value at `keys`: its definitions, includes, substitutions. */
function definitionsOf(text: string, keys: readonly string[], resolve: ResolveOptions | undefined, lineOf?: LineOf): Definitions {
  const found: Definitions = { definitions: [], includes: [], copies: [] };
  const document = parseHocon(text, resolve?.fileName);
  if (document.root.kind !== 'object') return found;
  const line = (offset: number) => (lineOf ? lineOf(offset, document.source.name) : document.source.positionAt(offset).line);
  // Explicit stack: nesting depth is input-controlled. `counted`: an entry around this one was counted already.
  const stack: { object: ObjectNode; at: string[]; counted: boolean }[] = [{ object: document.root, at: [], counted: false }];
  while (stack.length > 0) {
    const { object, at, counted } = stack.pop() as { object: ObjectNode; at: string[]; counted: boolean };
    for (const entry of object.entries) {
      if (entry.kind === 'include') {
        found.includes.push(line(entry.start));
        continue;
      }
      const full = [...at, ...entry.key.segments.map((s) => s.name)];
      const relevant = related(full, keys);
      // An object around the key is not itself a definition of it: the entries inside it are.
      const defines = relevant && !counted && (full.length >= keys.length || entry.value.kind !== 'object');
      if (defines) found.definitions.push(line(entry.start));
      visitValues(entry.value, (value) => {
        if (value.kind === 'substitution' && (relevant || related(value.path.map((s) => s.name), keys))) {
          found.copies.push({ line: line(value.start), text: text.slice(value.start, value.end) });
        }
      });
      if (entry.value.kind === 'object') stack.push({ object: entry.value, at: full, counted: counted || defines });
    }
  }
  found.definitions = [...new Set(found.definitions)].sort((a, b) => a - b);
  found.includes.sort((a, b) => a - b);
  found.copies.sort((a, b) => a.line - b.line);
  return found;
}

function definitionLines(text: string, keys: readonly string[], resolve: ResolveOptions | undefined): number[] {
  return definitionsOf(text, keys, resolve).definitions;
}

/** What else in the edited text can make a key's value, in words (empty when nothing is found). */
function hints(edited: string, keys: readonly string[], resolve: ResolveOptions | undefined, lineOf: LineOf): string {
  const { definitions, includes, copies } = definitionsOf(edited, keys, resolve, lineOf);
  const said: string[] = [];
  if (definitions.length > 1) {
    said.push(
      ` ${describe(keys)} is defined ${definitions.length} times here (lines ${definitions.join(', ')}): objects defined under one key ` +
        'merge, and otherwise the last definition wins. Edit the one you mean in the text, or remove the others first.',
    );
  }
  if (copies.length > 0) said.push(` ${copies.map((c) => `${c.text} (line ${c.line})`).join(', ')} ${copies.length > 1 ? 'copy' : 'copies'} values to or from it.`);
  if (includes.length > 0) said.push(` The include${includes.length > 1 ? 's' : ''} at line ${includes.join(', ')} may set it too.`);
  return said.join('');
}

function visitValues(value: ValueNode, visit: (value: ValueNode) => void): void {
  const stack: ValueNode[] = [value];
  for (let next = stack.pop(); next !== undefined; next = stack.pop()) {
    visit(next);
    if (next.kind === 'array') stack.push(...next.elements);
    else if (next.kind === 'concatenation') stack.push(...next.parts);
  }
}
