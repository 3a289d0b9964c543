import type { HoconObject, HoconValue, Origin } from '../hocon/index';
import type { NeuroSanFacts } from '../neurosan/versions/index';
import { diagnosticAt, keyOrigin, type ToolboxDiagnostic } from '../toolbox/index';
import { commondefsChanges, type MayChange } from './networkFindings';

/**
 * hocon_lint's warnings (neuro_san/internals/validation/hocon_lint.py), which hocon_validator_cli prints after its
 * errors from the release in facts.ts (hoconLint) on; the server never runs them, so they are warnings, in its words:
 *
 * - network-unused-commondef: a `commondefs.replacement_strings` key whose `{key}` no string of `tools` or
 *   `commondefs` holds, a `replacement_values` key no string there equals.
 * - network-unresolved-placeholder: a `{word}` in a string of `tools` that no `replacement_strings` key replaces.
 * - network-undeclared-sly-data: an `allow.<to_downstream|from_downstream|to_upstream|to_tracing>.sly_data` key that
 *   no `sly_data_schema`/`sly_data_output_schema` of the file declares.
 *
 * neuro-san reads the last two after its filters; a string or schema commondefs may change is not judged here.
 */
export function checkHoconLint(root: HoconObject, facts: NeuroSanFacts): ToolboxDiagnostic[] {
  if (!facts.sure.hoconLint || !facts.maybe.hoconLint) return [];
  const tools = root.fields.value('tools');
  if (tools?.kind !== 'array') return [];
  const changes = commondefsChanges(root);
  return [...unusedCommondefs(root, tools), ...unresolvedPlaceholders(root, tools), ...undeclaredSlyData(root, tools, changes)];
}

/** Every string leaf of a value (hocon_lint's `_iter_strings`), dict keys left out. */
function* strings(value: HoconValue): Generator<HoconValue & { kind: 'string' }> {
  if (value.kind === 'string') yield value;
  else if (value.kind === 'array') for (const e of value.elements) yield* strings(e);
  else if (value.kind === 'object') for (const [, f] of value.fields) yield* strings(f.value);
}

function unusedCommondefs(root: HoconObject, tools: HoconValue): ToolboxDiagnostic[] {
  const commondefs = root.fields.value('commondefs');
  if (commondefs?.kind !== 'object' || commondefs.fields.size === 0) return [];
  const out: ToolboxDiagnostic[] = [];
  const scanned = [...strings(tools), ...strings(commondefs)].map((s) => s.value);
  const replacementStrings = commondefs.fields.value('replacement_strings');
  if (replacementStrings?.kind === 'object') {
    const haystack = scanned.join('\n');
    for (const [key, field] of replacementStrings.fields) {
      if (haystack.includes(`{${key}}`)) continue;
      out.push(
        warning(keyOrigin(field), 'network-unused-commondef', `commondefs.replacement_strings.${key} is defined but '{${key}}' never appears anywhere else in the network.`),
      );
    }
  }
  const replacementValues = commondefs.fields.value('replacement_values');
  if (replacementValues?.kind === 'object') {
    const bare = new Set(scanned);
    for (const [key, field] of replacementValues.fields) {
      if (bare.has(key)) continue;
      out.push(
        warning(
          keyOrigin(field),
          'network-unused-commondef',
          `commondefs.replacement_values.${key} is defined but the bare string value "${key}" never appears anywhere else in the network.`,
        ),
      );
    }
  }
  return out;
}

const TOKEN = /\{([A-Za-z_][A-Za-z0-9_]*)\}/g;

function unresolvedPlaceholders(root: HoconObject, tools: HoconValue): ToolboxDiagnostic[] {
  const commondefs = root.fields.value('commondefs');
  const replacementStrings = commondefs?.kind === 'object' ? commondefs.fields.value('replacement_strings') : undefined;
  const defined = new Set(replacementStrings?.kind === 'object' ? [...replacementStrings.fields].map(([k]) => k) : []);
  const values = commondefs?.kind === 'object' ? commondefs.fields.value('replacement_values') : undefined;
  const whole = new Set(values?.kind === 'object' ? [...values.fields].map(([k]) => k) : []);
  const seen = new Set<string>();
  const out: ToolboxDiagnostic[] = [];
  for (const text of strings(tools)) {
    // A string replacement_values replaces whole is not in the resolved network (its replacement may be).
    if (whole.has(text.value) || !text.value.includes('{')) continue;
    for (const match of text.value.matchAll(TOKEN)) {
      const token = match[0];
      if (defined.has(match[1]!) || seen.has(token)) continue;
      seen.add(token);
      out.push(
        warning(
          text,
          'network-unresolved-placeholder',
          `Found unresolved placeholder '${token}' in the agent network. Add a commondefs.replacement_strings.${match[1]} entry, or remove the placeholder if it was not meant to be a commondef reference.`,
        ),
      );
    }
  }
  return out;
}

const SLY_DATA_SECTIONS = ['to_downstream', 'from_downstream', 'to_upstream', 'to_tracing'];

function undeclaredSlyData(root: HoconObject, tools: HoconValue & { kind: 'array' }, changes: MayChange): ToolboxDiagnostic[] {
  const declared = new Set<string>();
  const schemas: (HoconValue | undefined)[] = [root.fields.value('sly_data_schema')];
  for (const tool of tools.elements) {
    if (tool.kind !== 'object') continue;
    const fn = tool.fields.value('function');
    if (fn?.kind === 'object') schemas.push(fn.fields.value('sly_data_schema'), fn.fields.value('sly_data_output_schema'));
    else if (changes(fn)) return []; // commondefs may make it a dict with schemas
    schemas.push(tool.fields.value('sly_data_schema'), tool.fields.value('sly_data_output_schema'));
  }
  for (const schema of schemas) {
    if (schema === undefined) continue;
    if (changes(schema)) return []; // a schema commondefs replaces: its keys are not known here
    const properties = schema.kind === 'object' ? schema.fields.value('properties') : undefined;
    if (changes(properties)) return [];
    if (properties?.kind === 'object') for (const [key] of properties.fields) declared.add(key);
  }
  const out: ToolboxDiagnostic[] = [];
  const checkAllow = (allow: HoconValue | undefined, context: string): void => {
    if (allow?.kind !== 'object') return;
    for (const section of SLY_DATA_SECTIONS) {
      const value = allow.fields.value(section);
      if (value?.kind !== 'object') continue;
      const slyData = value.fields.value('sly_data');
      if (changes(slyData)) continue;
      const keys: [string, Origin][] =
        slyData?.kind === 'object'
          ? [...slyData.fields].map(([k, f]) => [k, keyOrigin(f)])
          : slyData?.kind === 'array'
            ? slyData.elements.filter((e) => e.kind === 'string' && !changes(e)).map((e) => [(e as HoconValue & { kind: 'string' }).value, e])
            : [];
      for (const [key, at] of keys) {
        if (declared.has(key)) continue;
        out.push(
          warning(
            at,
            'network-undeclared-sly-data',
            `${context}: allow.${section}.sly_data references key '${key}', which is not declared in any sly_data_schema/sly_data_output_schema in this file. This may be a false positive if the key is set by a CodedTool at runtime, or declared by an external agent network (one referenced via '/...') that this check cannot see; otherwise it may be a typo or a stale entry.`,
          ),
        );
      }
    }
  };
  checkAllow(root.fields.value('allow'), '<network>');
  for (const tool of tools.elements) {
    if (tool.kind !== 'object') continue;
    const name = tool.fields.value('name');
    checkAllow(tool.fields.value('allow'), name?.kind === 'string' ? name.value : '<unnamed>');
  }
  return out;
}

function warning(at: Origin, rule: string, message: string): ToolboxDiagnostic {
  return diagnosticAt(at, 'warning', rule, message);
}
