/**
 * Where neuro-san's reading of a toolbox entry (or of a network's toolbox agent) differs from what its text seems to
 * say (the HOCON specification's reading): a warning at the exact place, in words the author can act on (`neuro-san
 * drops the space before ${x}: the LLM reads "Looks upX"`), with a quick fix to a form both readings read the same.
 */
import type { HoconObject, HoconValue, Origin } from '../hocon/index';
import { diagnosticOf, replaceTextFix, type QuickFix, type ToolboxDiagnostic } from './toolboxDiagnostic';

export const READING_RULE = 'neuro-san-reads';

/** Which values of a file are compared: every top-level entry (a toolbox), or the toolbox agents of `tools` (a network). */
export type ReadingScope = 'toolbox' | 'network';

/**
 * The warnings for one file read both ways. `ours(origin)` tells the places the user may edit (not the shipped
 * default toolbox).
 */
export function readingDifferenceWarnings(
  neuroSan: HoconObject,
  spec: HoconObject,
  scope: ReadingScope,
  ours: (where: Origin) => boolean,
  specComplete = true,
): ToolboxDiagnostic[] {
  // The text's own reading is compared where it has the value: a key it lacks after a syntax error says nothing.
  specWhole = specComplete;
  const found: ToolboxDiagnostic[] = [];
  const report = (d: ToolboxDiagnostic | undefined) => {
    if (d) found.push(d);
  };
  if (scope === 'toolbox') {
    compareObjects(neuroSan, spec, undefined, ours, report);
    return found;
  }
  const nsTools = neuroSan.fields.value('tools');
  const specTools = spec.fields.value('tools');
  if (nsTools?.kind !== 'array' || specTools?.kind !== 'array' || nsTools.elements.length !== specTools.elements.length) return found;
  specTools.elements.forEach((agent, i) => {
    const theirs = nsTools.elements[i]!;
    if (agent.kind !== 'object' || theirs.kind !== 'object' || !agent.fields.has('toolbox')) return;
    const name = agent.fields.value('name');
    compareValues(theirs, agent, name?.kind === 'string' ? name.value : undefined, undefined, ours, report);
  });
  return found;
}

type Report = (d: ToolboxDiagnostic | undefined) => void;

/** Whether the specification read the whole text (no syntax error), for the walk under way (synchronous). */
let specWhole = true;

/** The top level: each key is a tool. */
function compareObjects(ns: HoconObject, spec: HoconObject, tool: string | undefined, ours: (where: Origin) => boolean, report: Report): void {
  const nsFields = ns.fields;
  const specFields = spec.fields;
  for (let i = 0; i < nsFields.size; i++) {
    const key = nsFields.keyAt(i);
    const theirs = nsFields.valueAt(i);
    const written = specFields.value(key);
    if (written !== undefined) {
      compareValues(theirs, written, tool ?? key, key, ours, report);
      continue;
    }
    // neuro-san has a key the text does not seem to have: a quoted key whose quotes neuro-san keeps, mostly.
    const field = nsFields.fieldAt(i);
    const unquoted = key.replace(/^"(.*)"$/s, '$1');
    const intended = unquoted !== key && specFields.has(unquoted) ? unquoted : undefined;
    if (intended === undefined && !specWhole) continue;
    const at = { source: field.definitionSource ?? theirs.source, start: field.keyStart, end: field.keyEnd };
    if (!ours(at) || at.end <= at.start) continue;
    const identifier = unquoted.replace(/[^A-Za-z0-9_]+/g, '_').replace(/^(?=\d)/, '_');
    const fix = intended !== undefined ? replaceTextFix(`Write the key as ${identifier}`, at.source.name, at.start, at.end - at.start, identifier) : undefined;
    report(
      diagnosticOf(
        at,
        'warning',
        READING_RULE,
        intended !== undefined
          ? `neuro-san keeps the quotes of this key: the name is ${key} with its quote characters, not ${unquoted}, so an agent network naming ${unquoted} does not find it.`
          : `neuro-san reads a key ${JSON.stringify(key)} here that the text does not seem to have.`,
        tool ?? unquoted,
        fix,
      ),
    );
  }
}

/** `key`: the key the value is under (what the LLM reads is a description). */
function compareValues(ns: HoconValue, spec: HoconValue, tool: string | undefined, key: string | undefined, ours: (where: Origin) => boolean, report: Report): void {
  // One value standing for both readings (neuro-san's reading takes the spec's where they are the same): no difference.
  if (ns === spec) return;
  if (ns.kind === 'object' && spec.kind === 'object') {
    compareObjects(ns, spec, tool, ours, report);
    return;
  }
  if (ns.kind === 'array' && spec.kind === 'array' && ns.elements.length === spec.elements.length) {
    for (let i = 0; i < ns.elements.length; i++) compareValues(ns.elements[i]!, spec.elements[i]!, tool, key, ours, report);
    return;
  }
  if (sameScalar(ns, spec)) return;
  // The specification's origin is the value as written (a concatenation's whole text); neuro-san's when it has none.
  const at = spec.end > spec.start ? spec : ns;
  if (!ours(at)) return;
  report(difference(ns, spec, at, tool, key === 'description' ? 'the LLM reads' : 'neuro-san gets'));
}

function sameScalar(a: HoconValue, b: HoconValue): boolean {
  if (a.kind !== b.kind) return false;
  switch (a.kind) {
    case 'string':
    case 'boolean':
      return a.value === (b as typeof a).value;
    case 'number':
      return a.value === (b as typeof a).value;
    case 'null':
      return true;
    default:
      return false;
  }
}

/** A quoted string's closing quotes, blanks, then a substitution: pyhocon drops the blanks. */
const BLANK_BEFORE_SUBSTITUTION = /("""|")([ \t]+)(\$\{\??[^}]*\})/g;

function difference(ns: HoconValue, spec: HoconValue, at: Origin, tool: string | undefined, who: string): ToolboxDiagnostic {
  const text = at.source.text.slice(at.start, at.end);
  const reads = `${who} ${words(ns)}, not ${words(spec)}`;
  const blank = /("""|")([ \t]+)(\$\{\??[^}]*\})/.exec(text);
  const tabs = spec.kind === 'string' && spec.value.includes('\t') && ns.kind === 'string' && !ns.value.includes('\t');
  if (!blank && !tabs) {
    return diagnosticOf(at, 'warning', READING_RULE, `neuro-san reads ${words(ns)} here, where the text seems to say ${words(spec)}.`, tool, literalFix(at, text, spec));
  }
  // One fix for every cause in the value: the blanks moved inside the quotes, then each tab written \t.
  let fixed = blank ? text.replace(BLANK_BEFORE_SUBSTITUTION, (_all, quote: string, blanks: string, substitution: string) => `${blanks}${quote}${substitution}`) : text;
  if (tabs) fixed = withoutTabs(fixed);
  const title = blank ? 'Move the space inside the quotes' : /^"""[\s\S]*"""$/.test(text) ? 'Write it as a quoted string, with \\t for the tab' : 'Write the tab as \\t';
  const message = blank ? `neuro-san drops the ${blank[2] === ' ' ? 'space' : 'blanks'} before ${blank[3]}: ${reads}.` : `neuro-san turns each tab into spaces: ${reads}.`;
  return diagnosticOf(at, 'warning', READING_RULE, message, tool, fixed === text ? undefined : edit(at, title, fixed));
}

/**
 * The value's text with no tab left in its strings: a tab in a quoted string written `\t`, a triple-quoted string
 * holding a tab (it has no escapes) written as a quoted one.
 */
function withoutTabs(text: string): string {
  return text.replace(/"""([\s\S]*?)"""(?!")|"((?:[^"\\\n]|\\.)*)"/g, (piece: string, triple: string | undefined, quoted: string | undefined) => {
    if (triple !== undefined) return triple.includes('\t') ? JSON.stringify(triple) : piece;
    return quoted !== undefined && quoted.includes('\t') ? `"${quoted.replace(/\t/g, '\\t')}"` : piece;
  });
}

/** The value the text seems to say, written so that no reading can take it otherwise (never for a substitution). */
function literalFix(at: Origin, text: string, spec: HoconValue): QuickFix | undefined {
  if (text.includes('${')) return undefined;
  switch (spec.kind) {
    case 'string':
      return edit(at, 'Quote the value', JSON.stringify(spec.value));
    case 'number':
      return edit(at, `Write it as ${spec.text}`, spec.text);
    case 'boolean':
      return edit(at, `Write it as ${String(spec.value)}`, String(spec.value));
    default:
      return undefined;
  }
}

function edit(at: Origin, title: string, newText: string): QuickFix {
  return replaceTextFix(title, at.source.name, at.start, at.end - at.start, newText);
}

/** A value in a message: JSON, shortened past 120 characters. */
function words(value: HoconValue): string {
  const json =
    value.kind === 'string'
      ? JSON.stringify(value.value)
      : value.kind === 'number'
        ? value.text
        : value.kind === 'boolean'
          ? String(value.value)
          : value.kind === 'null'
            ? 'null'
            : value.kind === 'array'
              ? `a list of ${value.elements.length}`
              : 'an object';
  return json.length > 120 ? `${json.slice(0, 117)}…` : json;
}
