/**
 * The test-run form's model, free of React: fields generated from a tool's `parameters` (a JSON Schema object), and
 * the arguments they send. A field the user left alone is absent from the arguments — unset is not `""`, not
 * `null` — which is the complaint this form exists to avoid.
 */
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

/**
 * What the form sends. Strings are sent as typed (an emptied field sends `""`); numbers that do not parse are sent
 * as the text, so the main side's check names the problem; `enum`, `boolean` and `json` fields hold JSON text.
 * `problems` lists JSON fields that do not parse: those block the run.
 */
export function argsFromFields(fields: FieldSpec[], values: FieldValues): { args: Record<string, unknown>; problems: string[] } {
  const args: Record<string, unknown> = {};
  const problems: string[] = [];
  for (const field of fields) {
    if (!Object.prototype.hasOwnProperty.call(values, field.name)) continue;
    const raw = values[field.name]!;
    switch (field.kind) {
      case 'string':
        args[field.name] = raw;
        break;
      case 'number':
      case 'integer': {
        const n = raw.trim() === '' ? NaN : Number(raw);
        args[field.name] = Number.isFinite(n) ? n : raw;
        break;
      }
      default:
        try {
          args[field.name] = JSON.parse(raw);
        } catch {
          problems.push(`${field.name}: not valid JSON`);
        }
    }
  }
  return { args, problems };
}

/**
 * The form's input for a set of arguments (a history entry being re-run), or null when the form cannot show them
 * (not an object, or a key the schema does not name): then the JSON view is used instead.
 */
export function fieldsFromArgs(fields: FieldSpec[], args: unknown): FieldValues | null {
  if (!isObject(args)) return null;
  const byName = new Map(fields.map((f) => [f.name, f]));
  const values: FieldValues = {};
  for (const [name, value] of Object.entries(args)) {
    const field = byName.get(name);
    if (!field) return null;
    if (field.kind === 'string') {
      if (typeof value !== 'string') return null;
      values[name] = value;
    } else if (field.kind === 'number' || field.kind === 'integer') {
      values[name] = typeof value === 'number' ? String(value) : String(value as string);
    } else {
      values[name] = JSON.stringify(value);
    }
  }
  return values;
}
