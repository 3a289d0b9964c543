/**
 * The semantic diff of two toolboxes as an agent sees them: tools added, removed, renamed (same class and
 * parameters under a new name), and changed field by field, each change classed as breaking or not for an agent
 * (and the LLM prompts) written against the old toolbox. Breaking: a tool gone or renamed (agents name tools), a
 * parameter removed, a new required parameter or one that became required, a changed type, enum values taken away
 * or a new enum. Not breaking: a new tool, a new optional parameter, descriptions, args, display_as.
 */
import type { JsonValue } from '../toolbox/index';
import type { ToolChangeDto } from '../api/index';

/** What the diff compares of one tool (the ToolEntry fields, as plain JSON). */
export interface ToolSnapshot {
  name: string;
  className: string | null;
  description: string | null;
  parameters: JsonValue | null;
  args: JsonValue | null;
  displayAs: string;
}

type Detail = ToolChangeDto['details'][number];

export function diffToolboxes(before: readonly ToolSnapshot[], after: readonly ToolSnapshot[]): ToolChangeDto[] {
  const old = new Map(before.map((t) => [t.name, t]));
  const now = new Map(after.map((t) => [t.name, t]));
  const removed = before.filter((t) => !now.has(t.name));
  const added = after.filter((t) => !old.has(t.name));
  const changes: ToolChangeDto[] = [];
  // A removed tool and an added one with the same class and parameters is a rename (first match, in file order).
  const renamedTo = new Map<string, ToolSnapshot>();
  for (const gone of removed) {
    const twin = added.find((t) => ![...renamedTo.values()].includes(t) && t.className !== null && t.className === gone.className && sameJson(t.parameters, gone.parameters));
    if (twin) renamedTo.set(gone.name, twin);
  }
  const renamedNames = new Set([...renamedTo.values()].map((t) => t.name));
  for (const t of after) {
    const was = old.get(t.name);
    if (was) {
      const details = compareTool(was, t);
      if (details.length > 0) changes.push({ kind: 'changed', tool: t.name, breaking: details.some((d) => d.breaking), details });
    } else if (!renamedNames.has(t.name)) {
      changes.push({ kind: 'added', tool: t.name, breaking: false, details: [] });
    }
  }
  for (const gone of removed) {
    const twin = renamedTo.get(gone.name);
    if (twin) {
      const details: Detail[] = [{ field: 'name', change: `renamed from ${gone.name}: agents that name '${gone.name}' no longer find it`, breaking: true, before: gone.name, after: twin.name }];
      details.push(...compareTool(gone, twin));
      changes.push({ kind: 'renamed', tool: twin.name, from: gone.name, breaking: true, details });
    } else {
      changes.push({ kind: 'removed', tool: gone.name, breaking: true, details: [{ field: 'tool', change: `removed: agents that name '${gone.name}' no longer find it`, breaking: true }] });
    }
  }
  return changes;
}

function compareTool(was: ToolSnapshot, now: ToolSnapshot): Detail[] {
  const details: Detail[] = [];
  if (was.description !== now.description) {
    details.push({ field: 'description', change: was.description === null ? 'added' : now.description === null ? 'removed' : 'changed', breaking: false, before: was.description, after: now.description });
  }
  if (was.className !== now.className) details.push({ field: 'class', change: 'changed', breaking: false, before: was.className, after: now.className });
  if (was.displayAs !== now.displayAs) details.push({ field: 'display_as', change: 'changed', breaking: false, before: was.displayAs, after: now.displayAs });
  if (!sameJson(was.args, now.args)) details.push({ field: 'args', change: 'changed', breaking: false, before: was.args, after: now.args });
  if (!sameJson(was.parameters, now.parameters)) details.push(...compareParameters(was.parameters, now.parameters));
  return details;
}

interface Schema {
  properties: Map<string, Record<string, JsonValue>>;
  required: Set<string>;
}

function schemaOf(parameters: JsonValue | null): Schema {
  const properties = new Map<string, Record<string, JsonValue>>();
  const required = new Set<string>();
  if (isObject(parameters)) {
    if (isObject(parameters.properties)) {
      for (const [name, schema] of Object.entries(parameters.properties)) properties.set(name, isObject(schema) ? schema : {});
    }
    if (Array.isArray(parameters.required)) for (const r of parameters.required) if (typeof r === 'string') required.add(r);
  }
  return { properties, required };
}

function compareParameters(was: JsonValue | null, now: JsonValue | null): Detail[] {
  const a = schemaOf(was);
  const b = schemaOf(now);
  const details: Detail[] = [];
  for (const [name, schema] of b.properties) {
    const old = a.properties.get(name);
    const field = `parameter ${name}`;
    if (!old) {
      const required = b.required.has(name);
      details.push({ field, change: required ? 'added, required: callers that do not send it fail' : 'added (optional)', breaking: required, after: schema });
      continue;
    }
    if (!a.required.has(name) && b.required.has(name)) details.push({ field, change: 'became required: callers that leave it out fail', breaking: true });
    if (a.required.has(name) && !b.required.has(name)) details.push({ field, change: 'no longer required', breaking: false });
    if (!sameJson(old.type ?? null, schema.type ?? null)) {
      details.push({ field: `${field} type`, change: `type ${describe(old.type)} → ${describe(schema.type)}`, breaking: true, before: old.type ?? null, after: schema.type ?? null });
    }
    const oldEnum = Array.isArray(old.enum) ? old.enum : null;
    const newEnum = Array.isArray(schema.enum) ? schema.enum : null;
    if (!sameJson(oldEnum, newEnum)) {
      const taken = oldEnum === null ? [] : oldEnum.filter((v) => !(newEnum ?? oldEnum).some((w) => sameJson(v, w)));
      const breaking = (oldEnum === null && newEnum !== null) || taken.length > 0;
      const change =
        oldEnum === null ? `now limited to ${describe(newEnum)}` : newEnum === null ? 'no longer limited to a list of values' : taken.length > 0 ? `values removed: ${describe(taken)}` : `values added: ${describe(newEnum.filter((v) => !oldEnum.some((w) => sameJson(v, w))))}`;
      details.push({ field: `${field} enum`, change, breaking, before: oldEnum, after: newEnum });
    }
    if (old.description !== schema.description) details.push({ field: `${field} description`, change: 'changed', breaking: false, before: old.description ?? null, after: schema.description ?? null });
  }
  for (const name of a.properties.keys()) {
    if (!b.properties.has(name)) details.push({ field: `parameter ${name}`, change: 'removed: callers that send it are refused or ignored', breaking: true, before: a.properties.get(name) });
  }
  // A required name not among properties (neuro-san's own check reports it) still binds callers.
  for (const name of b.required) if (!b.properties.has(name) && !a.required.has(name)) details.push({ field: `parameter ${name}`, change: 'became required', breaking: true });
  return details;
}

function describe(value: JsonValue | undefined | null): string {
  return value === undefined || value === null ? '(none)' : JSON.stringify(value);
}

function isObject(value: JsonValue | null | undefined): value is { [key: string]: JsonValue } {
  return value !== null && value !== undefined && typeof value === 'object' && !Array.isArray(value);
}

/** Equal as JSON values, keys in any order. */
export function sameJson(a: JsonValue | null | undefined, b: JsonValue | null | undefined): boolean {
  if (a === b) return true;
  if (a === null || b === null || a === undefined || b === undefined || typeof a !== 'object' || typeof b !== 'object') return false;
  if (Array.isArray(a) || Array.isArray(b)) {
    return Array.isArray(a) && Array.isArray(b) && a.length === b.length && a.every((v, i) => sameJson(v, b[i]));
  }
  const ka = Object.keys(a);
  return ka.length === Object.keys(b).length && ka.every((k) => Object.prototype.hasOwnProperty.call(b, k) && sameJson(a[k], b[k]));
}
