import { BooleanValue, FieldMap, type HoconObject, type HoconString, type HoconValue, NumberValue } from '../hocon/index';
import { diagnosticAt, type ToolboxDiagnostic } from './toolboxDiagnostic';

/** Where an effective tool comes from. */
export type ToolOrigin = 'default' | 'user' | 'override';

export interface LayeredToolbox {
  /** The effective toolbox: the user's file deep-merged over the default, as neuro-san merges them. */
  root: HoconObject;
  origins: Map<string, ToolOrigin>;
  diagnostics: ToolboxDiagnostic[];
}

/**
 * neuro-san's merge of the user's toolbox over the default one: recursive for objects; lists and scalars replaced
 * whole; a user string becomes a bool/int/float where the default value at that place has that type. Every value
 * keeps its own origin (file and range), so each effective field still knows which file it came from.
 */
export function layerToolboxes(defaults: HoconObject | undefined, user: HoconObject | undefined): LayeredToolbox {
  const diagnostics: ToolboxDiagnostic[] = [];
  const origins = new Map<string, ToolOrigin>();
  if (!defaults || !user) {
    const only = (user ?? defaults)!;
    for (const key of only.fields.keys()) origins.set(key, user ? 'user' : 'default');
    return { root: only, origins, diagnostics };
  }
  for (const key of defaults.fields.keys()) origins.set(key, user.fields.has(key) ? 'override' : 'default');
  for (const key of user.fields.keys()) if (!defaults.fields.has(key)) origins.set(key, 'user');
  const root = mergeObjects(defaults, user, [], diagnostics);
  return { root, origins, diagnostics };
}

function mergeObjects(base: HoconObject, overlay: HoconObject, path: string[], diagnostics: ToolboxDiagnostic[]): HoconObject {
  // The merged object is located where the user wrote it; its fields keep their own origins.
  const fields = new FieldMap(base.fields.all);
  for (const [key, field] of overlay.fields) {
    const previous = base.fields.get(key);
    fields.set(key, previous ? field.withValue(mergeValue(previous.value, field.value, [...path, key], diagnostics)) : field);
  }
  return { ...overlay, fields };
}

function mergeValue(base: HoconValue, overlay: HoconValue, path: string[], diagnostics: ToolboxDiagnostic[]): HoconValue {
  if (base.kind === 'object' && overlay.kind === 'object') return mergeObjects(base, overlay, path, diagnostics);
  if (overlay.kind === 'string' && (base.kind === 'boolean' || base.kind === 'number')) {
    const converted = convertString(overlay, base.kind);
    if (converted) return converted;
    diagnostics.push(
      diagnosticAt(
        overlay,
        'warning',
        'override-type',
        `'${path.join('.')}' is ${base.kind === 'boolean' ? 'a boolean' : 'a number'} in the default toolbox, but "${overlay.value}" cannot be read as one; neuro-san keeps the string.`,
        { tool: path[0] },
      ),
    );
  }
  return overlay;
}

/** neuro-san converts a user string to the default value's type: `"true"` → true, `"5"` → 5, `"0.5"` → 0.5. */
function convertString(value: HoconString, kind: 'boolean' | 'number'): HoconValue | undefined {
  const text = value.value.trim();
  const { source, start, end } = value;
  if (kind === 'boolean') {
    const lower = text.toLowerCase();
    if (lower === 'true' || lower === 'false') return new BooleanValue(lower === 'true', source, start, end);
    return undefined;
  }
  if (/^[+-]?\d+$/.test(text)) return new NumberValue(Number(text), text, 'int', source, start, end);
  if (/^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/.test(text)) return new NumberValue(Number(text), text, 'float', source, start, end);
  return undefined;
}
