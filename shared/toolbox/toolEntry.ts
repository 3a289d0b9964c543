import type { HoconField, HoconObject, HoconValue, Origin } from '../hocon/values';
import { inferDisplayAs, type DisplayAs } from './displayAs';
import { toJson } from './hoconJson';
import type { ToolOrigin } from './layering';
import type { JsonValue, RunnableToolSpec, ToolKind } from './runnable';

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
  for (const [name, field] of root.fields) entries.push(readToolEntry(name, field, origins, classInfo));
  return entries;
}

// The two possible inferred display_as values, shared by every entry that sets none (nothing changes them).
const INFERRED_CODED: ToolEntry['displayAs'] = Object.freeze({ value: inferDisplayAs(true), inferred: true }) as ToolEntry['displayAs'];
const INFERRED_LANGCHAIN: ToolEntry['displayAs'] = Object.freeze({ value: inferDisplayAs(false), inferred: true }) as ToolEntry['displayAs'];

function stringAt(fields: Map<string, HoconField> | undefined, key: string): string | undefined {
  const v = fields?.get(key)?.value;
  return v?.kind === 'string' ? v.value : undefined;
}

function readToolEntry(
  name: string,
  field: HoconField,
  origins: Map<string, ToolOrigin>,
  classInfo: ReadonlyMap<string, LoadedClassInfo>,
): ToolEntry {
  const value = field.value;
  const fields = value.kind === 'object' ? value.fields : undefined;
  const hasDescription = fields?.has('description') ?? false;
  const className = stringAt(fields, 'class');
  const explicitDisplayAs = stringAt(fields, 'display_as');
  const info = className === undefined ? undefined : classInfo.get(name);
  // args and parameters as JSON are built when first read: most consumers need them for one tool only.
  let argsJson: { [key: string]: JsonValue } | undefined | null = null;
  let parametersJson: JsonValue | undefined | null = null;
  return {
    name,
    kind: hasDescription ? 'coded' : info?.isToolkit ? 'toolkit' : 'langchain',
    className,
    get args() {
      if (argsJson === null) {
        const argsValue = fields?.get('args')?.value;
        argsJson = argsValue?.kind === 'object' ? (toJson(argsValue) as { [key: string]: JsonValue }) : undefined;
      }
      return argsJson;
    },
    description: stringAt(fields, 'description'),
    get parameters() {
      if (parametersJson === null) {
        const parametersValue = fields?.get('parameters')?.value;
        parametersJson = parametersValue ? toJson(parametersValue) : undefined;
      }
      return parametersJson;
    },
    displayAs:
      explicitDisplayAs !== undefined ? { value: explicitDisplayAs, inferred: false } : hasDescription ? INFERRED_CODED : INFERRED_LANGCHAIN,
    baseToolInfoUrl: stringAt(fields, 'base_tool_info_url'),
    origin: origins.get(name) ?? 'user',
    field,
    value,
  };
}

/** The part of an entry the test-run worker needs. Undefined for an entry that cannot run (no class). */
export function toRunnableSpec(entry: ToolEntry): RunnableToolSpec | undefined {
  if (!entry.className) return undefined;
  const parameters = entry.parameters;
  return {
    name: entry.name,
    kind: entry.kind,
    className: entry.className,
    ...(entry.args ? { args: entry.args } : {}),
    ...(entry.description !== undefined ? { description: entry.description } : {}),
    ...(parameters && typeof parameters === 'object' && !Array.isArray(parameters) ? { parameters } : {}),
  };
}

/** Where a key was written (its winning definition), for problems about an entry as a whole and for jumping to it. */
export function keyOrigin(field: HoconField): Origin {
  const last = field.definitions[field.definitions.length - 1];
  return last ? { source: last.keySource, start: last.keyStart, end: last.keyEnd } : field.value;
}
