import { toJson, toJsonText, type FieldMap, type HoconField, type HoconObject, type HoconValue, type Origin, type ToJsonOptions } from '../hocon/index';
import { inferDisplayAs, type DisplayAs } from './displayAs';
import type { ToolOrigin } from './layering';
import type { JsonValue, RunnableToolSpec, ToolKind } from './runnable';

/**
 * How an entry's args and parameters become plain JSON (HOCON's toJson, numbers as JavaScript numbers): without a
 * size limit, since the file was read whole already and validation must not stop half-way through an entry.
 */
export const ENTRY_JSON: ToJsonOptions = { maxNodes: Infinity };

/** The keys neuro-san reads in a toolbox entry. */
export const ENTRY_KEYS = ['class', 'args', 'description', 'parameters', 'display_as', 'base_tool_info_url'] as const;

/** What loading a class in the test-run worker revealed (a LangChain tool's text, a toolkit's tools). */
export interface LoadedClassInfo {
  isToolkit: boolean;
  description?: string;
  argsSchema?: JsonValue;
  toolkitTools?: string[];
}

/**
 * One effective tool, as neuro-san will read it. Plain values are for display and running; `entry` and its fields
 * keep every value's file and range, for messages, the form and jumping to the source.
 */
export interface ToolEntry {
  name: string;
  kind: ToolKind;
  /** `class` when it is a string; undefined when missing or of another type. */
  className?: string;
  args?: { [key: string]: JsonValue };
  description?: string;
  parameters?: JsonValue;
  displayAs: { value: DisplayAs | string; inferred: boolean };
  baseToolInfoUrl?: string;
  origin: ToolOrigin;
  /** The top-level field (key positions and duplicate definitions). */
  field: HoconField;
  /** The entry's value; an object for every well-formed entry. */
  value: HoconValue;
}

export function fieldOf(entry: ToolEntry, key: string): HoconField | undefined {
  return entry.value.kind === 'object' ? entry.value.fields.get(key) : undefined;
}

/** Reads the effective root object into tool entries, in the file's order. */
export function readToolEntries(
  root: HoconObject,
  origins: Map<string, ToolOrigin>,
  classInfo: ReadonlyMap<string, LoadedClassInfo> = new Map(),
): ToolEntry[] {
  const entries: ToolEntry[] = [];
  // values(), not entries(): each field knows its key, and no [key, field] pair is made per tool.
  for (const field of root.fields.values()) entries.push(readToolEntry(field.key, field, origins, classInfo));
  return entries;
}

// The two possible inferred display_as values, shared by every entry that sets none (nothing changes them).
const INFERRED_CODED: ToolEntry['displayAs'] = Object.freeze({ value: inferDisplayAs(true), inferred: true }) as ToolEntry['displayAs'];
const INFERRED_LANGCHAIN: ToolEntry['displayAs'] = Object.freeze({ value: inferDisplayAs(false), inferred: true }) as ToolEntry['displayAs'];

function stringAt(fields: FieldMap | undefined, key: string): string | undefined {
  const v = fields?.value(key);
  return v?.kind === 'string' ? v.value : undefined;
}

/** Not yet computed (a lazily read field's value can itself be undefined). */
const UNREAD = null;

/**
 * A ToolEntry as one small object: what every reader needs (name, kind, class, origin, the HOCON field and value) is
 * read up front; the rest is read from the HOCON value when first asked for, by getters on the prototype (a file is
 * read on every keystroke, and most of its entries are only ever validated). Nothing copies entries field by field:
 * consumers read the properties they need (the API sends summaries made from them, never the entries).
 */
class ReadToolEntry implements ToolEntry {
  private argsJson: { [key: string]: JsonValue } | undefined | typeof UNREAD = UNREAD;
  private parametersJson: JsonValue | undefined | typeof UNREAD = UNREAD;
  private explicitDisplayAs: ToolEntry['displayAs'] | undefined = undefined;

  constructor(
    readonly name: string,
    readonly kind: ToolKind,
    readonly className: string | undefined,
    readonly origin: ToolOrigin,
    readonly field: HoconField,
    readonly value: HoconValue,
  ) {}

  private get fields(): FieldMap | undefined {
    return this.value.kind === 'object' ? this.value.fields : undefined;
  }

  get description(): string | undefined {
    return stringAt(this.fields, 'description');
  }

  get baseToolInfoUrl(): string | undefined {
    return stringAt(this.fields, 'base_tool_info_url');
  }

  get displayAs(): ToolEntry['displayAs'] {
    if (this.explicitDisplayAs !== undefined) return this.explicitDisplayAs;
    const fields = this.fields;
    const explicit = stringAt(fields, 'display_as');
    if (explicit === undefined) return fields?.has('description') ? INFERRED_CODED : INFERRED_LANGCHAIN;
    return (this.explicitDisplayAs = { value: explicit, inferred: false });
  }

  // args and parameters as JSON are built when first read: most consumers need them for one tool only.
  get args(): { [key: string]: JsonValue } | undefined {
    if (this.argsJson === UNREAD) {
      const argsValue = this.fields?.value('args');
      this.argsJson = argsValue?.kind === 'object' ? (toJson(argsValue, ENTRY_JSON) as { [key: string]: JsonValue }) : undefined;
    }
    return this.argsJson;
  }

  get parameters(): JsonValue | undefined {
    if (this.parametersJson === UNREAD) {
      const parametersValue = this.fields?.value('parameters');
      this.parametersJson = parametersValue ? toJson(parametersValue, ENTRY_JSON) : undefined;
    }
    return this.parametersJson;
  }
}

function readToolEntry(
  name: string,
  field: HoconField,
  origins: Map<string, ToolOrigin>,
  classInfo: ReadonlyMap<string, LoadedClassInfo>,
): ToolEntry {
  const value = field.value;
  const fields = value.kind === 'object' ? value.fields : undefined;
  const className = stringAt(fields, 'class');
  const kind: ToolKind =
    fields?.has('description') === true ? 'coded' : className !== undefined && classInfo.get(name)?.isToolkit ? 'toolkit' : 'langchain';
  return new ReadToolEntry(name, kind, className, origins.get(name) ?? 'user', field, value);
}

/** The part of an entry the test-run worker needs. Undefined for an entry that cannot run (no class). */
export function toRunnableSpec(entry: ToolEntry): RunnableToolSpec | undefined {
  if (!entry.className) return undefined;
  const parameters = entry.parameters;
  const argsValue = entry.value.kind === 'object' ? entry.value.fields.value('args') : undefined;
  return {
    name: entry.name,
    kind: entry.kind,
    className: entry.className,
    ...(entry.args ? { args: entry.args } : {}),
    ...(argsValue?.kind === 'object' ? { argsJson: toJsonText(argsValue, { reader: 'python', maxNodes: Infinity }) } : {}),
    ...(entry.description !== undefined ? { description: entry.description } : {}),
    ...(parameters && typeof parameters === 'object' && !Array.isArray(parameters) ? { parameters } : {}),
  };
}

/** Where a key was written (its winning definition), for problems about an entry as a whole and for jumping to it. */
export function keyOrigin(field: HoconField): Origin {
  const source = field.definitionSource;
  return source ? { source, start: field.keyStart, end: field.keyEnd } : field.value;
}
