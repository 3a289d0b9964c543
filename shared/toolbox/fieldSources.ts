/**
 * Where each field of a tool gets the value neuro-san ends up with, for the form: written once in the file (the
 * common case, not reported), set again later in the file, by an environment override (`${?VAR}`: set or unset
 * now), copied from another key, from an included file, or from the default toolbox. The form shows these beside the
 * field and asks which definition an edit changes when the one that wins is not a plain value of this file.
 *
 * Made from the specification's reading of the user's file (its fields keep every definition, with includes and
 * substitutions as written; neuro-san's reading keeps only the last) and the effective entry (what the default
 * toolbox adds). Only fields with more than one definition, a substitution or a definition elsewhere are listed.
 */
import {
  definitionKindOf,
  getField,
  getPath,
  parseHocon,
  type DefinitionKind,
  type FieldDefinition,
  type FieldNode,
  type HoconObject,
  type HoconValue,
  type ObjectNode,
  type Range,
  type SourceText,
} from '../hocon/index';
import { isCredentialKey } from './rules/literalCredentials';
import type { ToolEntry } from './toolEntry';

/** What one substitution in a definition names, and what it finds now. */
export interface FieldSourceReference {
  /** The path as written in `${...}`: an environment variable's name, or a key of the file. */
  name: string;
  optional: boolean;
  /** HOCON looks in the file first, then in the environment. */
  from: 'file' | 'environment';
  /** Whether it finds a value now. */
  set: boolean;
  /** An environment variable's value (shortened), when set and its name does not say it is a credential. */
  value?: string;
  /** Set, but not shown: the variable (or the key it sets) names a credential. */
  hidden?: boolean;
  /** Set by the project's `.env` (the process's environment does not set it): where to change it. */
  dotEnv?: boolean;
}

export interface FieldSourceDefinition {
  /** In the file being edited, in a file it includes, or in the default toolbox. */
  where: 'here' | 'include' | 'default';
  file: string;
  /** The value's range in `file`. */
  range: Range;
  /** The value as written (shortened to a line). */
  text: string;
  kind: DefinitionKind;
  references: FieldSourceReference[];
}

export interface FieldSource {
  /** The field's path under the tool: `['args', 'max_results']`. */
  path: string[];
  /** In the order HOCON applies them; the last that gives a value wins. */
  definitions: FieldSourceDefinition[];
  /** The definition the value comes from; -1 when none gives one (an unset `${?VAR}` alone: the key is absent). */
  winner: number;
}

export interface FieldSourceOptions {
  /** The user's file as the HOCON specification reads it (with its includes and environment). */
  userRoot: HoconObject | undefined;
  userFile: string;
  /** The environment `${?VAR}` reads: the one the project's runs get (shared/project/settings.ts environmentWith). */
  env: Record<string, string | undefined>;
  /** Whether `env` has a variable from the project's `.env` (shared/project/settings.ts `fromDotEnv`). */
  fromDotEnv?: (name: string) => boolean;
}

/** At most this many fields are listed (a generated entry could have thousands; the form shows a few). */
const MAX_SOURCES = 200;
const SHORT = 60;

const short = (text: string) => {
  const line = text.replace(/\s+/g, ' ').trim();
  return line.length > SHORT ? `${line.slice(0, SHORT - 1)}…` : line;
};

/** Whether a definition sets nothing: an optional substitution that finds no value (HOCON then skips it). */
export function setsNothing(definition: Pick<FieldSourceDefinition, 'kind' | 'references'>): boolean {
  return definition.kind === 'substitution' && definition.references[0]?.optional === true && !definition.references[0].set;
}

/** The definition that wins: the last one that sets something (-1 when none does). */
export function winningDefinition(definitions: readonly Pick<FieldSourceDefinition, 'kind' | 'references'>[]): number {
  for (let i = definitions.length - 1; i >= 0; i--) if (!setsNothing(definitions[i]!)) return i;
  return -1;
}

/** The fields of `entry` whose value does not simply come from one value written in its entry. */
export function fieldSourcesOf(entry: ToolEntry, options: FieldSourceOptions): FieldSource[] {
  if (entry.origin === 'default') return [];
  const out: FieldSource[] = [];
  const userField = options.userRoot?.fields.get(entry.name);
  const written = new Set<string>();
  if (userField?.value.kind === 'object') collect(userField.value, [], options, out, written);
  // An override's fields it does not set come from the default toolbox.
  if (entry.origin === 'override' && entry.value.kind === 'object') collectDefaults(entry.value, [], written, out);
  if (userField !== undefined) addUnsetOverrides(userField.key, userField.definitions, userField.value, options, out);
  return out.slice(0, MAX_SOURCES);
}

/**
 * Every definition of the key at `path` of the user's file (the CLI's `set` and `unset`): those the reading keeps,
 * or, where the key is absent (set only by unset `${?VAR}`s, which HOCON skips), those written in `text`.
 * Undefined when there is none.
 */
export function keySourceOf(text: string, path: readonly string[], options: FieldSourceOptions): FieldSource | undefined {
  const field = options.userRoot === undefined || path.length === 0 ? undefined : getField(options.userRoot, path);
  if (field !== undefined) return sourceOf([...path], field.definitions, options);
  const lone: FieldSourceDefinition[] = [];
  const parsed = parseHocon(text, options.userFile);
  if (parsed.root.kind === 'object') {
    for (const found of fieldsUnder(parsed.root)) {
      if (found.path.length === path.length && found.path.every((k, i) => k === path[i])) lone.push(syntaxDefinition(found.field, parsed.source, 0, [...path], options));
    }
  }
  return lone.length > 0 ? { path: [...path], definitions: lone, winner: winningDefinition(lone) } : undefined;
}

/**
 * The keys of a tool set only by `${?VAR}`s that find nothing now: HOCON skips such a definition, so the key is
 * absent from the reading (neuro-san gets no value, or the default toolbox's), yet the user wrote it. Looked for only
 * in the entry's own text, and only where it holds `${?` (a keystroke in a big toolbox pays nothing more).
 */
function addUnsetOverrides(tool: string, definitions: readonly FieldDefinition[], value: HoconValue, options: FieldSourceOptions, out: FieldSource[]): void {
  const byPath = new Map<string, { path: string[]; definitions: FieldSourceDefinition[] }>();
  for (const d of definitions) {
    if (d.source.name !== options.userFile) continue;
    const text = d.source.text.slice(d.keyStart, d.valueEnd);
    if (!text.includes('${?')) continue;
    const parsed = parseHocon(text);
    if (parsed.root.kind !== 'object') continue;
    for (const found of fieldsUnder(parsed.root)) {
      const [first, ...path] = found.path;
      if (first !== tool || path.length === 0 || getPath(value, path) !== undefined) continue;
      const kind = definitionKindOf(found.field);
      if (kind.kind !== 'substitution' || !kind.references[0]?.optional) continue;
      const key = path.join('\u0000');
      const listed = byPath.get(key) ?? { path, definitions: [] };
      listed.definitions.push(syntaxDefinition(found.field, d.source, d.keyStart, path, options));
      byPath.set(key, listed);
    }
  }
  for (const { path, definitions: lone } of byPath.values()) {
    // Set nowhere else in the file: the default toolbox's value, if any, is what applies (listed first: it is applied first).
    const at = out.findIndex((s) => s.path.length === path.length && s.path.every((k, i) => k === path[i]));
    const listed = at >= 0 && out[at]!.definitions.every((x) => x.where === 'default') ? [...out[at]!.definitions, ...lone] : lone;
    const source = { path, definitions: listed, winner: winningDefinition(listed) };
    if (at >= 0) out[at] = source;
    else out.push(source);
  }
}

/** Every field of the syntax tree that sets a key exactly (not an object around it, but the keys inside), with its full path. */
function fieldsUnder(root: ObjectNode): { path: string[]; field: FieldNode }[] {
  const found: { path: string[]; field: FieldNode }[] = [];
  // Explicit stack: nesting depth is input-controlled.
  const stack: { object: ObjectNode; at: string[] }[] = [{ object: root, at: [] }];
  while (stack.length > 0) {
    const next = stack.pop()!;
    for (const entry of next.object.entries) {
      if (entry.kind !== 'field') continue;
      const path = [...next.at, ...entry.key.segments.map((s) => s.name)];
      found.push({ path, field: entry });
      if (entry.value.kind === 'object') stack.push({ object: entry.value, at: path });
    }
  }
  return found.sort((a, b) => a.field.start - b.field.start);
}

/** A definition read from the syntax tree (`base`: where the parsed text starts in `source`). */
function syntaxDefinition(field: FieldNode, source: SourceText, base: number, path: string[], options: FieldSourceOptions): FieldSourceDefinition {
  const described = definitionKindOf(field);
  return {
    where: 'here',
    file: source.name,
    range: source.rangeOf(base + field.value.start, base + field.value.end),
    text: short(source.text.slice(base + field.value.start, base + field.value.end)),
    kind: described.kind,
    references: described.references.map((r) => referenceOf(r.path, r.optional, path, options)),
  };
}

function collect(object: HoconObject, at: string[], options: FieldSourceOptions, out: FieldSource[], written: Set<string>): void {
  const stack: { object: HoconObject; at: string[] }[] = [{ object, at }];
  while (stack.length > 0 && out.length < MAX_SOURCES) {
    const next = stack.pop()!;
    for (const field of next.object.fields.values()) {
      const path = [...next.at, field.key];
      written.add(path.join('\u0000'));
      const definitions = field.definitions;
      const notable =
        definitions.length > 1 || definitions.some((d) => d.source.name !== options.userFile || d.source.text.slice(d.valueStart, d.valueEnd).includes('${'));
      if (field.value.kind === 'object') {
        // An object copied from elsewhere (`args = ${common}`) is listed as itself; its keys are looked at below.
        if (notable && definitions.some((d) => d.source.text.slice(d.valueStart, d.valueEnd).includes('${'))) out.push(sourceOf(path, definitions, options));
        stack.push({ object: field.value, at: path });
      } else if (notable) out.push(sourceOf(path, definitions, options));
    }
  }
}

function sourceOf(path: string[], definitions: readonly FieldDefinition[], options: FieldSourceOptions): FieldSource {
  const listed = definitions.map((d) => definitionOf(d, path, options));
  return { path, definitions: listed, winner: winningDefinition(listed) };
}

function definitionOf(definition: FieldDefinition, path: string[], options: FieldSourceOptions): FieldSourceDefinition {
  const { source, valueStart, valueEnd } = definition;
  const text = source.text.slice(valueStart, valueEnd);
  // Whether the separator was `+=`: the value alone does not say.
  const before = source.text.slice(Math.max(0, valueStart - 40), valueStart).trimEnd();
  const separator = before.endsWith('+=') ? '+=' : '=';
  let kind: DefinitionKind = separator === '+=' ? 'append' : text.startsWith('{') ? 'object' : 'value';
  let references: FieldSourceReference[] = [];
  if (text.includes('${')) {
    // The value alone, parsed as a field, says how it sets the key (a few characters: cheap).
    const parsed = parseHocon(`x ${separator} ${text}`).root;
    const field = parsed.kind === 'object' ? parsed.entries[0] : undefined;
    if (field?.kind === 'field') {
      const described = definitionKindOf(field);
      kind = described.kind;
      references = described.references.map((r) => referenceOf(r.path, r.optional, path, options));
    }
  }
  return {
    where: source.name === options.userFile ? 'here' : 'include',
    file: source.name,
    range: source.rangeOf(valueStart, valueEnd),
    text: short(text),
    kind,
    references,
  };
}

function referenceOf(keys: string[], optional: boolean, fieldPath: string[], options: FieldSourceOptions): FieldSourceReference {
  const name = keys.join('.');
  if (options.userRoot !== undefined && getPath(options.userRoot, keys) !== undefined) return { name, optional, from: 'file', set: true };
  const value = options.env[name];
  if (value === undefined) return { name, optional, from: 'environment', set: false };
  const dotEnv = options.fromDotEnv?.(name) ? { dotEnv: true } : {};
  if (isCredentialKey(name) || isCredentialKey(fieldPath[fieldPath.length - 1] ?? '')) return { name, optional, from: 'environment', set: true, hidden: true, ...dotEnv };
  return { name, optional, from: 'environment', set: true, value: short(value), ...dotEnv };
}

function collectDefaults(object: HoconObject, at: string[], written: Set<string>, out: FieldSource[]): void {
  const stack: { object: HoconObject; at: string[] }[] = [{ object, at }];
  while (stack.length > 0 && out.length < MAX_SOURCES) {
    const next = stack.pop()!;
    for (const field of next.object.fields.values()) {
      const path = [...next.at, field.key];
      if (field.value.kind === 'object') {
        stack.push({ object: field.value, at: path });
        continue;
      }
      if (written.has(path.join('\u0000'))) continue;
      out.push({ path, definitions: [defaultDefinition(field.value)], winner: 0 });
    }
  }
}

function defaultDefinition(value: HoconValue): FieldSourceDefinition {
  return {
    where: 'default',
    file: value.source.name,
    range: value.source.rangeOf(value.start, value.end),
    text: short(value.source.text.slice(value.start, value.end)),
    kind: 'value',
    references: [],
  };
}
