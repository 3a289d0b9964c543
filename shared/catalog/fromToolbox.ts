/**
 * The bridge from the toolbox model to the catalog mapping: each effective tool becomes a CatalogToolSource, with
 * numbers converted to Python values of the kind they were written in (`1` → int, `1.0` → float), and what only the
 * Python class can say (a LangChain tool's description and arguments) marked unknown until the class is loaded.
 */
import type { HoconValue } from '../hocon/index';
import type { LoadedClassInfo, ToolEntry } from '../toolbox/index';
import { fieldOf } from '../toolbox/index';
import type { JsonValue } from '../toolbox/index';
import type { PyValue } from '../pyvalue/types';
import type { CatalogToolSource } from './mapping';

/** A resolved HOCON value as the Python value neuro-san's pyhocon would produce. */
export function hoconToPy(value: HoconValue): PyValue {
  switch (value.kind) {
    case 'object': {
      const out = new Map<PyValue, PyValue>();
      const fields = value.fields;
      for (let i = 0; i < fields.size; i++) out.set(fields.keyAt(i), hoconToPy(fields.valueAt(i)));
      return out;
    }
    case 'array':
      return value.elements.map(hoconToPy);
    case 'number':
      return value.numberKind === 'int' ? intOf(value.text, value.value) : value.value;
    case 'null':
      return null;
    default:
      return value.value;
  }
}

function intOf(text: string, fallback: number): PyValue {
  try {
    return BigInt(text);
  } catch {
    return BigInt(Math.trunc(fallback));
  }
}

/** Plain JSON (e.g. a schema reported by the Python worker) as Python values: integral numbers become ints. */
export function jsonToPy(value: JsonValue): PyValue {
  if (Array.isArray(value)) return value.map(jsonToPy);
  if (value !== null && typeof value === 'object') return new Map(Object.entries(value).map(([k, v]) => [k, jsonToPy(v)]));
  if (typeof value === 'number' && Number.isInteger(value)) return BigInt(value);
  return value;
}

export function catalogSourcesFromTools(tools: readonly ToolEntry[], classInfo: ReadonlyMap<string, LoadedClassInfo> = new Map()): CatalogToolSource[] {
  return tools.map((tool): CatalogToolSource => {
    const base = { name: tool.name, displayAs: tool.displayAs.value };
    if (tool.kind === 'coded') {
      const parameters = fieldOf(tool, 'parameters')?.value;
      return { ...base, description: tool.description ?? '', ...(parameters ? { parameters: hoconToPy(parameters) } : {}) };
    }
    const info = classInfo.get(tool.name);
    const reason = `defined by the LangChain class ${tool.className ?? '(no class)'}`;
    return {
      ...base,
      description: info?.description ?? { unknown: true, reason },
      parameters: info?.argsSchema !== undefined ? jsonToPy(info.argsSchema) : { unknown: true, reason },
    };
  });
}
