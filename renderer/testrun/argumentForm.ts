/**
 * The test-run form's model, free of React: fields generated from a tool's `parameters` (a JSON Schema object), and
 * the arguments they send. A field the user left alone is absent from the arguments — unset is not `""`, not
 * `null` — which is the complaint this form exists to avoid.
 */
import { describeJsonSyntaxError, jsonMemberTexts, layoutJsonText, readJsonText } from '../../shared/hocon/index';

export type FieldKind = 'string' | 'number' | 'integer' | 'boolean' | 'enum' | 'json';

export interface FieldSpec {
  name: string;
  kind: FieldKind;
  required: boolean;
  description: string | null;
  /** JSON text of the schema's default, shown as the placeholder. */
  defaultText: string | null;
  /** For `enum`: the allowed values. */
  options: unknown[];
}

/** The user's input for one field; a field missing from the record is unset and not sent. */
export type FieldValues = Record<string, string>;

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** The fields of a `parameters` schema, in its property order; [] when it has no properties to offer. */
export function fieldsOf(parameters: unknown): FieldSpec[] {
  if (!isObject(parameters) || !isObject(parameters.properties)) return [];
  const required = new Set(Array.isArray(parameters.required) ? parameters.required.filter((r): r is string => typeof r === 'string') : []);
  return Object.entries(parameters.properties).map(([name, raw]) => {
    const schema = isObject(raw) ? raw : {};
    const type = Array.isArray(schema.type) ? schema.type.find((t) => t !== 'null') : schema.type;
    const kind: FieldKind = Array.isArray(schema.enum)
      ? 'enum'
      : type === 'string' || type === 'number' || type === 'integer' || type === 'boolean'
        ? type
        : 'json';
    return {
      name,
      kind,
      required: required.has(name),
      description: typeof schema.description === 'string' ? schema.description : null,
      defaultText: 'default' in schema ? JSON.stringify(schema.default) : null,
      options: Array.isArray(schema.enum) ? schema.enum : kind === 'boolean' ? [true, false] : [],
    };
  });
}

const JSON_NUMBER = /^-?(?:0|[1-9][0-9]*)(?:\.[0-9]+)?(?:[eE][+-]?[0-9]+)?$/;

/** `args[key] = value`, a key named __proto__ included (as data, not the prototype). */
function setArg(args: Record<string, unknown>, key: string, value: unknown): void {
  Object.defineProperty(args, key, { value, enumerable: true, writable: true, configurable: true });
}

/**
 * What the form sends, as a value (for display and the checks) and as the JSON text that goes to the tool. Strings
 * are sent as typed (an emptied field sends `""`); a number is sent as written (`1.0` stays a float for Python, a
 * big integer exact), one that does not parse as the text, so the main side's check names the problem; `enum`,
 * `boolean` and `json` fields hold JSON text, sent as written. `problems` lists JSON fields that do not parse, and
 * where: those block the run.
 */
export function argsFromFields(fields: FieldSpec[], values: FieldValues): { args: Record<string, unknown>; argsJson: string; problems: string[] } {
  const args: Record<string, unknown> = {};
  const members: string[] = [];
  const problems: string[] = [];
  const send = (name: string, value: unknown, text: string) => {
    setArg(args, name, value);
    members.push(`${JSON.stringify(name)}:${text}`);
  };
  for (const field of fields) {
    if (!Object.prototype.hasOwnProperty.call(values, field.name)) continue;
    const raw = values[field.name]!;
    switch (field.kind) {
      case 'string':
        send(field.name, raw, JSON.stringify(raw));
        break;
      case 'number':
      case 'integer': {
        // A JSON number goes as written; another way of writing one (0x10, .5) as JavaScript reads it.
        const trimmed = raw.trim();
        const n = trimmed === '' ? NaN : Number(trimmed);
        if (JSON_NUMBER.test(trimmed)) send(field.name, n, trimmed);
        else if (Number.isFinite(n)) send(field.name, n, JSON.stringify(n));
        else send(field.name, raw, JSON.stringify(raw));
        break;
      }
      default: {
        const read = readJsonText(raw);
        if (read.ok) send(field.name, read.value, raw.trim());
        else problems.push(`${field.name}: not valid JSON at ${describeJsonSyntaxError(read.error)}`);
      }
    }
  }
  return { args, argsJson: `{${members.join(',')}}`, problems };
}

/**
 * The form's input for a set of arguments (a history entry being re-run), or null when the form cannot show them
 * (not an object, or a key the schema does not name): then the JSON view is used instead. With the arguments' JSON
 * text, numbers and JSON fields show as written there (`1.0`, not `1`).
 */
export function fieldsFromArgs(fields: FieldSpec[], args: unknown, argsJson?: string): FieldValues | null {
  if (!isObject(args)) return null;
  const written = argsJson === undefined ? undefined : jsonMemberTexts(argsJson);
  const byName = new Map(fields.map((f) => [f.name, f]));
  const values: FieldValues = {};
  for (const [name, value] of Object.entries(args)) {
    const field = byName.get(name);
    if (!field) return null;
    if (field.kind === 'string') {
      if (typeof value !== 'string') return null;
      values[name] = value;
    } else if (field.kind === 'number' || field.kind === 'integer') {
      values[name] = typeof value === 'number' ? (written?.get(name) ?? String(value)) : String(value as string);
    } else if (field.kind === 'json') {
      const text = written?.get(name);
      values[name] = text === undefined ? JSON.stringify(value) : layoutJsonText(text);
    } else {
      // A select: its options' values are JSON.stringify's.
      values[name] = JSON.stringify(value);
    }
  }
  return values;
}
