import type { HoconObject, HoconString, HoconValue } from '../hocon/index';
import type { ToolboxDiagnostic } from '../toolbox/index';
import { floatRepr } from '../pyvalue/floatRepr';
import { strRepr } from '../pyvalue/repr';

/** One finding of neuro-san's network validators, made for one side of a release window. */
export interface Finding {
  /** Stable across the versions compared: which check, and of what. */
  key: string;
  make(): ToolboxDiagnostic;
}

/** One agent of the network as neuro-san's validators see it (AbstractNetworkValidator.get_name_to_spec). */
export interface Agent {
  name: string;
  nameAt: HoconString;
  spec: HoconObject;
}

/** Whether the server's filters may change a value before its validators see it (commondefs). */
export type MayChange = (value: HoconValue | undefined) => boolean;

/**
 * The server validates the network after its filters (AgentNetworkRestorer): `commondefs.replacement_values` replaces
 * a string equal to one of its keys whole (it may become a list or a dict), `replacement_strings` replaces `{key}`
 * inside strings. A string either may change is not judged.
 */
export function commondefsChanges(root: HoconObject): MayChange {
  const commondefs = root.fields.value('commondefs');
  if (commondefs?.kind !== 'object') return () => false;
  const values = commondefs.fields.value('replacement_values');
  const strings = commondefs.fields.value('replacement_strings');
  const whole = new Set(values?.kind === 'object' ? [...values.fields].map(([k]) => k) : []);
  const inside = strings?.kind === 'object' ? [...strings.fields].map(([k]) => `{${k}}`) : [];
  if (whole.size === 0 && inside.length === 0) return () => false;
  return (value) => value?.kind === 'string' && (whole.has(value.value) || inside.some((k) => value.value.includes(k)));
}

/** Python's `type(x).__name__` for a value as neuro-san gets it. */
export function pythonType(value: HoconValue): string {
  switch (value.kind) {
    case 'string':
      return 'str';
    case 'number':
      return value.numberKind;
    case 'boolean':
      return 'bool';
    case 'object':
      return 'dict';
    case 'array':
      return 'list';
    case 'null':
      return 'NoneType';
  }
}

/** A str as Python's `repr()` prints it (CPython's quote choice and escapes). */
export const pythonString = strRepr;

/** A scalar as Python's `repr()` prints it inside a list. */
export function pythonRepr(value: HoconValue): string {
  switch (value.kind) {
    case 'string':
      return pythonString(value.value);
    case 'boolean':
      return value.value ? 'True' : 'False';
    case 'null':
      return 'None';
    case 'number':
      return value.numberKind === 'int' ? value.text : floatRepr(value.value);
    default:
      return value.kind === 'array' ? '[...]' : '{...}';
  }
}
