import { ArrayValue, FieldMap, ObjectValue, StringValue, type HoconObject, type HoconValue } from '../hocon/index';

/**
 * A network's `tools` as AgentNetwork gets them: neuro-san's restorer (agent_network_restorer.py
 * `restore_from_config`, the same filters since 0.1.0) runs DictionaryCommonDefsConfigFilter, then
 * StringCommonDefsConfigFilter over `tools` before AgentNetwork reads it:
 *
 * - `commondefs.replacement_values`: a string value equal to a key becomes (a copy of) that key's value, whatever
 *   its kind (a `tools` entry "search_agents" may become a list, a description a dict);
 * - `commondefs.replacement_strings`: in every string value, `{key}` becomes the key's string, key by key in their
 *   order (a later key sees what an earlier one wrote), skipping a value that is empty or no string.
 *
 * Each filter first applies its replacements to themselves, once (`filter_one_dict(replacements, replacements)`).
 * Only values are replaced, never keys, and only under `tools`.
 *
 * The model shows what the LLM is given: the replaced value. A replaced string keeps the place of the string that
 * was written (a position still points at the user's text); a value put in by replacement_values keeps the places of
 * its definition under `commondefs`.
 */
export function withCommondefs(root: HoconObject): HoconObject {
  const tools = root.fields.value('tools');
  const commondefs = root.fields.value('commondefs');
  if (tools?.kind !== 'array' || commondefs?.kind !== 'object') return root;
  let filtered: HoconValue = tools;
  const values = objectEntries(commondefs.fields.value('replacement_values'));
  if (values.size > 0) {
    const own = filterEntries(values, (v) => replaceValue(v, values));
    filtered = filterValue(filtered, (v) => replaceValue(v, own));
  }
  const strings = objectEntries(commondefs.fields.value('replacement_strings'));
  if (strings.size > 0) {
    const own = filterEntries(strings, (v) => replaceStrings(v, strings));
    filtered = filterValue(filtered, (v) => replaceStrings(v, own));
  }
  if (filtered === tools) return root;
  return new ObjectValue(withField(root.fields, 'tools', filtered), root.source, root.start, root.end);
}

/** Whether `withCommondefs` changes anything under `tools` (a `replacement_*` entry with a key). */
export function hasCommondefs(root: HoconObject): boolean {
  const commondefs = root.fields.value('commondefs');
  if (commondefs?.kind !== 'object') return false;
  return objectEntries(commondefs.fields.value('replacement_values')).size > 0 || objectEntries(commondefs.fields.value('replacement_strings')).size > 0;
}

type Replace = (value: HoconValue) => HoconValue;

function objectEntries(value: HoconValue | undefined): Map<string, HoconValue> {
  const out = new Map<string, HoconValue>();
  if (value?.kind !== 'object') return out;
  for (const [key, field] of value.fields) out.set(key, field.value);
  return out;
}

/** The replacements with their own values filtered (Python's filter_one_dict over the dict itself). */
function filterEntries(entries: Map<string, HoconValue>, replace: Replace): Map<string, HoconValue> {
  const out = new Map<string, HoconValue>();
  for (const [key, value] of entries) out.set(key, filterValue(value, replace));
  return out;
}

/** filter_one_dict / filter_one_list: dicts and lists walked, every other value given to `replace`. */
function filterValue(value: HoconValue, replace: Replace): HoconValue {
  if (value.kind === 'object') {
    let changed = false;
    const fields = [...value.fields].map(([, field]) => {
      const next = filterValue(field.value, replace);
      if (next === field.value) return field;
      changed = true;
      return field.withValue(next);
    });
    return changed ? new ObjectValue(new FieldMap(fields), value.source, value.start, value.end) : value;
  }
  if (value.kind === 'array') {
    const elements = value.elements.map((e) => filterValue(e, replace));
    return elements.some((e, i) => e !== value.elements[i]) ? new ArrayValue(elements, value.source, value.start, value.end) : value;
  }
  return replace(value);
}

/** DictionaryCommonDefsConfigFilter.make_replacements: a whole string that is a key (a None value replaces nothing). */
function replaceValue(value: HoconValue, replacements: Map<string, HoconValue>): HoconValue {
  if (value.kind !== 'string') return value;
  const replacement = replacements.get(value.value);
  return replacement === undefined || replacement.kind === 'null' ? value : replacement;
}

/** StringCommonDefsConfigFilter.make_replacements: `{key}` by the key's string, key by key. */
function replaceStrings(value: HoconValue, replacements: Map<string, HoconValue>): HoconValue {
  if (value.kind !== 'string') return value;
  let text = value.value;
  for (const [search, replace] of replacements) {
    if (replace.kind !== 'string' || replace.value.length === 0) continue;
    // Python checks `search in value` before replacing `{search}`: the same result, the braces being in the text.
    text = text.replaceAll(`{${search}}`, () => replace.value);
  }
  return text === value.value ? value : new StringValue(text, value.style, value.source, value.start, value.end);
}

function withField(fields: FieldMap, key: string, value: HoconValue): FieldMap {
  return new FieldMap([...fields].map(([k, field]) => (k === key ? field.withValue(value) : field)));
}
