/**
 * Where neuro-san's reading of a toolbox entry (or of a network's toolbox agent) differs from what its text seems to
 * say (the HOCON specification's reading): a warning at the exact place, in words the author can act on (`neuro-san
 * drops the space before ${x}: the LLM reads "Looks upX"`), with a quick fix to a form both readings read the same.
 */
import { toJson, type FieldDefinition, type HoconField, type HoconObject, type HoconValue, type JsonValue, type Origin } from '../hocon/index';
import { diagnosticOf, replaceTextFix, type QuickFix, type ToolboxDiagnostic } from './toolboxDiagnostic';

export const READING_RULE = 'neuro-san-reads';

/**
 * Which values of a file are compared: every top-level entry, each a tool (a toolbox); the toolbox agents of `tools`
 * (a network's, for its toolbox agents alone); or every value of a file of another kind, belonging to no tool.
 */
export type ReadingScope = 'toolbox' | 'network' | 'file';

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
  how: { keysUnquoted?: boolean } = {},
): ToolboxDiagnostic[] {
  // One value standing for both readings (they read the same): nothing differs.
  if (neuroSan === spec) return [];
  // The text's own reading is compared where it has the value: a key it lacks after a syntax error says nothing.
  specWhole = specComplete;
  unquotedKeys = how.keysUnquoted === true;
  fileScope = scope === 'file';
  const found: ToolboxDiagnostic[] = [];
  // A value copied by a substitution (`item1 = ${defaults}`) differs wherever it is copied: said once, where written.
  const said = new Set<string>();
  const report = (d: ToolboxDiagnostic | undefined) => {
    if (d === undefined) return;
    const once = `${d.file}:${d.range.start.offset}:${d.range.end.offset}:${d.message}`;
    if (!said.has(once)) found.push(d);
    said.add(once);
  };
  if (scope === 'toolbox') {
    compareObjects(neuroSan, spec, undefined, ours, report);
    return found;
  }
  if (scope === 'file') {
    compareObjects(neuroSan, spec, undefined, ours, report);
    // A network's or a manifest's values belong to no tool.
    return found.map(({ tool: _tool, ...rest }) => rest);
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
/** The reader of the file drops the quotes pyhocon keeps in a key (neuro-san's manifest registry does). */
let unquotedKeys = false;
/**
 * A file of another kind than a toolbox (a network, a manifest...). There, strings that differ only in their blanks
 * are the same (prompts and instructions: a space at a line's start, a tab as spaces, change nothing an agent
 * reads; a toolbox's strings are compared exactly), and a key pyhocon keeps quoted is not said: a key holding a '.'
 * or a ':' (an MCP server's URL) cannot be written otherwise, and the readers of those files drop the quotes.
 */
let fileScope = false;

/** The top level: each key is a tool. */
function compareObjects(ns: HoconObject, spec: HoconObject, tool: string | undefined, ours: (where: Origin) => boolean, report: Report): void {
  const nsFields = ns.fields;
  const specFields = spec.fields;
  for (let i = 0; i < nsFields.size; i++) {
    const key = nsFields.keyAt(i);
    const theirs = nsFields.valueAt(i);
    const written = specFields.value(key);
    if (written !== undefined) {
      if (theirs !== written) {
        const field = specFields.get(key)!;
        if (appendedTo(field, theirs, written, tool ?? key, ours, report) || redefined(field, theirs, written, tool ?? key, ours, report)) continue;
        compareValues(theirs, written, tool ?? key, key, ours, report, substitutedAt(field, written));
        continue;
      }
      compareValues(theirs, written, tool ?? key, key, ours, report);
      continue;
    }
    // neuro-san has a key the text does not seem to have: a quoted key whose quotes neuro-san keeps, mostly.
    const field = nsFields.fieldAt(i);
    const unquoted = key.replace(/^"(.*)"$/s, '$1');
    if (unquotedKeys && unquoted !== key && specFields.has(unquoted)) {
      compareValues(theirs, specFields.value(unquoted)!, tool ?? unquoted, unquoted, ours, report);
      continue;
    }
    const intended = unquoted !== key && specFields.has(unquoted) ? unquoted : undefined;
    if ((intended === undefined && !specWhole) || (fileScope && intended !== undefined)) continue;
    const at = { source: field.definitionSource ?? theirs.source, start: field.keyStart, end: field.keyEnd };
    if (!ours(at) || at.end <= at.start) continue;
    const identifier = unquoted.replace(/[^A-Za-z0-9_]+/g, '_').replace(/^(?=\d)/, '_');
    const fix = intended !== undefined ? renameKeyFix(at, key, identifier) : undefined;
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
  // The text has a key neuro-san does not: pyhocon leaves out a key whose substitution is null.
  for (let i = 0; i < specFields.size; i++) {
    const key = specFields.keyAt(i);
    if (nsFields.has(key) || nsFields.has(`"${key}"`)) continue;
    const written = specFields.valueAt(i);
    const definition = specFields.fieldAt(i).lastDefinition;
    if (written.kind !== 'null' || definition === undefined) continue;
    const at = { source: definition.source, start: definition.valueStart, end: definition.valueEnd };
    if (!ours(at) || !at.source.text.slice(at.start, at.end).includes('${')) continue;
    report(diagnosticOf(at, 'warning', READING_RULE, `neuro-san leaves the key ${key} out, because its substitution is null: it gets no ${key} at all, where the text seems to say null.`, tool ?? key, edit(at, 'Write it as null', 'null')));
  }
}

/**
 * `key += value` as written last: pyhocon does not append to the list (it keeps the new value, or a string), so the
 * whole list is written out with `=` instead. Says whether it reported the difference.
 */
function appendedTo(field: HoconField, ns: HoconValue, spec: HoconValue, tool: string, ours: (where: Origin) => boolean, report: Report): boolean {
  const definition = field.lastDefinition;
  if (definition === undefined || spec.kind !== 'array') return false;
  const text = definition.source.text;
  if (!/^\s*\+=/.test(text.slice(definition.keyEnd, definition.valueStart))) return false;
  if (JSON.stringify(toJson(ns)) === JSON.stringify(toJson(spec))) return true;
  const at = { source: definition.source, start: definition.keyStart, end: definition.valueEnd };
  if (!ours(at)) return true;
  const fix = replaceTextFix('Write the whole list with =', at.source.name, definition.keyEnd, definition.valueEnd - definition.keyEnd, ` = ${literal(toJson(spec))}`);
  report(diagnosticOf(at, 'warning', READING_RULE, `neuro-san does not append with +=: it gets ${words(ns)}, not ${words(spec)}.`, tool, fix));
  return true;
}

/**
 * A key set more than once, an earlier setting a substitution (`a = 1, a = ${a}, a = 2`): pyhocon may keep an
 * earlier value. The last setting is what the text says, so the earlier ones are removed. Says whether it reported.
 */
function redefined(field: HoconField, ns: HoconValue, spec: HoconValue, tool: string, ours: (where: Origin) => boolean, report: Report): boolean {
  if (field.definitionCount < 2 || spec.kind === 'object') return false;
  const definitions = field.definitions;
  const last = definitions[definitions.length - 1]!;
  const earlier = definitions.slice(0, -1);
  const valueText = (d: FieldDefinition) => d.source.text.slice(d.valueStart, d.valueEnd);
  if (valueText(last).includes('${') || !earlier.some((d) => valueText(d).includes('${'))) return false;
  // Only settings written with their own key in the same file can be removed whole (not `x.a = 1` or an include).
  if (earlier.some((d) => d.source !== last.source || d.viaInclude || /[.\w"]/.test(d.source.text[d.keyStart - 1] ?? ''))) return false;
  if (JSON.stringify(toJson(ns)) === JSON.stringify(toJson(spec))) return true;
  const at = { source: last.source, start: last.keyStart, end: last.valueEnd };
  if (!ours(at)) return true;
  const text = last.source.text;
  const edits = earlier.map((d) => {
    const end = d.valueEnd + /^[ \t]*,?[ \t]*/.exec(text.slice(d.valueEnd))![0].length;
    return { file: last.source.name, offset: d.keyStart, length: end - d.keyStart, newText: '' };
  });
  const key = text.slice(last.keyStart, last.keyEnd);
  report(
    diagnosticOf(at, 'warning', READING_RULE, `neuro-san keeps an earlier setting of ${key}, because one of them is a substitution: it gets ${words(ns)}, not ${words(spec)}.`, tool, {
      title: `Remove the earlier settings of ${key}`,
      edits,
    }),
  );
  return true;
}

/** A JSON value written so that both readings take it as it is. */
function literal(value: JsonValue): string {
  if (Array.isArray(value)) return `[${value.map(literal).join(', ')}]`;
  if (value !== null && typeof value === 'object') return `{ ${Object.entries(value).map(([k, v]) => `${JSON.stringify(k)}: ${literal(v)}`).join(', ')} }`;
  return JSON.stringify(value);
}

/** The key renamed, and each substitution of it in the same file (`${"foo.bar"}`), so that they still meet. */
function renameKeyFix(at: Origin, key: string, identifier: string): QuickFix {
  const edits = [{ file: at.source.name, offset: at.start, length: at.end - at.start, newText: identifier }];
  const reference = new RegExp(`\\$\\{(\\??)${key.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\}`, 'g');
  for (const m of at.source.text.matchAll(reference)) {
    edits.push({ file: at.source.name, offset: m.index + 2 + m[1]!.length, length: key.length, newText: identifier });
  }
  return { title: `Write the key as ${identifier}`, edits };
}

/**
 * Where a scalar set by a substitution is written (`${x}`), when its value was read elsewhere (where `x` is set):
 * the warning and its fix belong where the substitution is.
 */
function substitutedAt(field: HoconField, spec: HoconValue): Origin | undefined {
  if (!field.viaSubstitution || spec.kind === 'object' || spec.kind === 'array') return undefined;
  const d = field.lastDefinition;
  if (d === undefined || (d.source === spec.source && d.valueStart <= spec.start && spec.end <= d.valueEnd)) return undefined;
  return { source: d.source, start: d.valueStart, end: d.valueEnd };
}

/**
 * `key`: the key the value is under (what the LLM reads is a description). `substituted`: where the substitution
 * that set a scalar is written, if elsewhere than the value.
 */
function compareValues(
  ns: HoconValue,
  spec: HoconValue,
  tool: string | undefined,
  key: string | undefined,
  ours: (where: Origin) => boolean,
  report: Report,
  substituted?: Origin,
): void {
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
  const at = substituted ?? (spec.end > spec.start ? spec : ns);
  if (!ours(at)) return;
  if (key === 'sly_data' && harmlessUnsetKey(ns, spec, at)) return;
  report(difference(ns, spec, at, tool, key === 'description' ? 'the LLM reads' : 'neuro-san gets'));
}

/**
 * A list of sly_data keys an agent lets through (`allow.to_downstream.sly_data`...) with null where an unset
 * `${?x}` stands: neuro-san's SlyDataRedactor.filter_config looks each listed key up in the sly_data, finds nothing
 * under null and lets nothing through for it, so the list works as the text seems to say. Nothing to tell.
 */
function harmlessUnsetKey(ns: HoconValue, spec: HoconValue, at: Origin): boolean {
  return fileScope && ns.kind === 'array' && spec.kind === 'array' && unsetInList(ns, spec, at.source.text.slice(at.start, at.end)) !== undefined;
}

function sameScalar(a: HoconValue, b: HoconValue): boolean {
  // `True` unquoted: neuro-san reads the boolean (pyhocon takes the literals in any case), as its Python-minded
  // author meant; only another HOCON reader would take a string. Nothing to say outside a toolbox.
  if (fileScope && b.kind === 'string' && (a.kind === 'boolean' || a.kind === 'null') && b.value.toLowerCase() === String(a.kind === 'null' ? null : a.value)) return true;
  if (a.kind !== b.kind) return false;
  switch (a.kind) {
    case 'string':
      return a.value === (b as typeof a).value || (fileScope && sameWords(a.value, (b as typeof a).value));
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

/**
 * The same words with the same breaks between them: blanks (spaces, tabs) are one separator, as a reader sees them,
 * and none at all at the start or next to a line break (a run of blanks that ends the text is still one). Compared
 * as both texts written so (`wordsOf`): the engine's replacements are quicker than a walk in JavaScript (long
 * prompts, hundreds per project).
 */
export function sameWords(a: string, b: string): boolean {
  // The two mostly differ in a few places (a space on a blank line): only the part from the first difference to the
  // last is written so. It is cut next to a character other than a blank or a line break (or at an end), where no
  // run of blanks the rules look at begins or ends, so the parts before and after are the same in both once written.
  const shorter = Math.min(a.length, b.length);
  let start = commonStart(a, b, shorter);
  while (start > 0 && isBlankOrBreak(a.charCodeAt(start - 1))) start--;
  const same = commonEnd(a, b, shorter - start);
  let endA = a.length - same;
  let endB = b.length - same;
  while (endA < a.length && isBlankOrBreak(a.charCodeAt(endA))) {
    endA++;
    endB++;
  }
  const from = Math.max(0, start - 1);
  return wordsOf(a.slice(from, endA + 1)) === wordsOf(b.slice(from, endB + 1));
}

/** Characters compared at a time by the engine, before the last few one by one. */
const STRIDE = 64;

/** How many characters `a` and `b` start with alike, up to `most`. */
function commonStart(a: string, b: string, most: number): number {
  let n = 0;
  while (n + STRIDE <= most && a.slice(n, n + STRIDE) === b.slice(n, n + STRIDE)) n += STRIDE;
  while (n < most && a.charCodeAt(n) === b.charCodeAt(n)) n++;
  return n;
}

/** How many characters `a` and `b` end with alike, up to `most`. */
function commonEnd(a: string, b: string, most: number): number {
  let n = 0;
  while (n + STRIDE <= most && a.slice(a.length - n - STRIDE, a.length - n) === b.slice(b.length - n - STRIDE, b.length - n)) n += STRIDE;
  while (n < most && a.charCodeAt(a.length - n - 1) === b.charCodeAt(b.length - n - 1)) n++;
  return n;
}

function isBlankOrBreak(c: number): boolean {
  return c === 32 || c === 9 || c === 10;
}

/** Blanks before a line break, and those after one that some other character follows. */
const BLANKS_AT_BREAK = /[ \t]+\n(?:[ \t]+(?=[^ \t]))?|\n[ \t]+(?=[^ \t])/g;
const LEADING_BLANKS = /^[ \t]+/;
const OTHER_BLANKS = /[ \t]{2,}|\t/g;

/** The text with no blank at its start or next to a line break, and one space for each other run of blanks. */
function wordsOf(text: string): string {
  return text.replace(BLANKS_AT_BREAK, '\n').replace(LEADING_BLANKS, '').replace(OTHER_BLANKS, ' ');
}

/** A quoted string's closing quotes, blanks, then a substitution: pyhocon drops the blanks. */
const BLANK_BEFORE_SUBSTITUTION = /("""|")([ \t]+)(\$\{\??[^}]*\})/g;

function difference(ns: HoconValue, spec: HoconValue, at: Origin, tool: string | undefined, who: string): ToolboxDiagnostic {
  const text = at.source.text.slice(at.start, at.end);
  const reads = `${who} ${words(ns)}, not ${words(spec)}`;
  const unset = unsetInList(ns, spec, text);
  if (unset !== undefined) {
    return diagnosticOf(
      at,
      'warning',
      READING_RULE,
      `neuro-san puts null in the list where ${unset} is not set, where the text seems to leave the element out: ${reads}. ` +
        'No way of writing the list reads the same both ways while the variable may be unset: set it, or remove the element.',
      tool,
    );
  }
  const literalWord = fileScope ? caselessLiteral(ns, spec, text) : undefined;
  if (literalWord !== undefined) {
    return diagnosticOf(
      at,
      'warning',
      READING_RULE,
      `neuro-san reads ${text} as ${literalWord}: pyhocon takes true, false and null in any case, where the text seems to say the string ${JSON.stringify(text)}.`,
      tool,
      edit(at, `Write it as ${literalWord}`, literalWord),
    );
  }
  const blank = /("""|")([ \t]+)(\$\{\??[^}]*\})/.exec(text);
  const tabs = spec.kind === 'string' && spec.value.includes('\t') && ns.kind === 'string' && !ns.value.includes('\t');
  const escapes = ns.kind === 'string' && spec.kind === 'string' ? keptEscapes(text) : [];
  if (!blank && !tabs && escapes.length === 0) {
    const comment = commentInside(ns, spec, at);
    if (comment !== undefined) {
      return diagnosticOf(at, 'warning', READING_RULE, `neuro-san reads ${words(ns)} here, where the text seems to say ${words(spec)}: // starts a comment.`, tool, comment);
    }
    const trailing = numberBeforeBlank(ns, spec, at);
    if (trailing !== undefined) {
      return diagnosticOf(at, 'warning', READING_RULE, `neuro-san reads a number with a blank after it as a string: ${reads}.`, tool, trailing);
    }
    return diagnosticOf(at, 'warning', READING_RULE, `neuro-san reads ${words(ns)} here, where the text seems to say ${words(spec)}.`, tool, literalFix(at, text, spec));
  }
  // One fix for every cause in the value: the blanks moved inside the quotes, each tab written \t, each escape
  // neuro-san keeps written as the character itself.
  let fixed = blank ? text.replace(BLANK_BEFORE_SUBSTITUTION, (_all, quote: string, blanks: string, substitution: string) => `${blanks}${quote}${substitution}`) : text;
  if (tabs) fixed = withoutTabs(fixed);
  const undecodable = escapes.filter((e) => decodedEscape(e) === undefined);
  const decodable = undecodable.length === 0;
  if (escapes.length > 0 && decodable) fixed = withEscapesDecoded(fixed);
  const title = blank
    ? 'Move the space inside the quotes'
    : tabs
      ? /^"""[\s\S]*"""$/.test(text)
        ? 'Write it as a quoted string, with \\t for the tab'
        : 'Write the tab as \\t'
      : 'Write the characters themselves';
  const message = blank
    ? `neuro-san drops the ${blank[2] === ' ' ? 'space' : 'blanks'} before ${blank[3]}: ${reads}.`
    : tabs
      ? `neuro-san turns each tab into spaces: ${reads}.`
      : `neuro-san keeps ${escapes.join(' ')} as written: ${reads}.` +
        (decodable ? '' : ` ${undecodable.join(' ')}: no way of writing ${undecodable.length === 1 ? 'it' : 'them'} reads the same both ways; leave ${undecodable.length === 1 ? 'it' : 'them'} out.`);
  return diagnosticOf(at, 'warning', READING_RULE, message, tool, fixed === text || (escapes.length > 0 && !decodable && !blank && !tabs) ? undefined : edit(at, title, fixed));
}

/** A quoted string (group 1: its inside), or a triple-quoted one (no escapes there). */
const QUOTED = /"""[\s\S]*?"""(?!")|"((?:[^"\\\n]|\\.)*)"/g;
/**
 * An escaped backslash (taken first, so that `\\u` is not read as an escape), or an escape pyhocon leaves as
 * written (it decodes only \\ \n \r \t \= \# \! \").
 */
const ESCAPE = /\\\\|\\(?:u[0-9A-Fa-f]{4}|[/bf])/g;

/** The escapes neuro-san keeps in the quoted strings of a value's text. */
function keptEscapes(text: string): string[] {
  const found: string[] = [];
  for (const m of text.matchAll(QUOTED)) for (const e of (m[1] ?? '').matchAll(ESCAPE)) if (e[0] !== '\\\\') found.push(e[0]);
  return found;
}

/** The text with each kept escape of its quoted strings written as the character (all decodable). */
function withEscapesDecoded(text: string): string {
  return text.replace(QUOTED, (piece: string, inside: string | undefined) =>
    inside === undefined ? piece : `"${inside.replace(ESCAPE, (e) => (e === '\\\\' ? e : decodedEscape(e)!))}"`,
  );
}

/**
 * The character an escape stands for, as both readings read it in a quoted string; undefined for a control character
 * (\b, \f, \u0000) or half a surrogate pair, which cannot stand in the text as itself.
 */
function decodedEscape(escape: string): string | undefined {
  const char = escape === '\\/' ? '/' : escape[1] === 'u' ? String.fromCharCode(parseInt(escape.slice(2), 16)) : undefined;
  if (char === undefined || char < ' ' || (char >= '\x7f' && char <= '\x9f') || (char >= '\ud800' && char <= '\udfff')) return undefined;
  return char === '"' ? '\\"' : char === '\\' ? '\\\\' : char;
}

/**
 * `True`, `FALSE`, `Null` unquoted: pyhocon reads the literal (caseless), the specification a string. Written in
 * lower case, both read what neuro-san gets today.
 */
function caselessLiteral(ns: HoconValue, spec: HoconValue, text: string): string | undefined {
  if ((ns.kind !== 'boolean' && ns.kind !== 'null') || spec.kind !== 'string' || !/^(true|false|null)$/i.test(text)) return undefined;
  return text.toLowerCase();
}

/** `${?NAME}` in a list, unset: pyhocon leaves null where the specification leaves the element out. */
function unsetInList(ns: HoconValue, spec: HoconValue, text: string): string | undefined {
  if (ns.kind !== 'array' || spec.kind !== 'array' || ns.elements.length <= spec.elements.length) return undefined;
  if (!ns.elements.some((e) => e.kind === 'null')) return undefined;
  return /\$\{\?[^}]*\}/.exec(text)?.[0];
}

/**
 * A number, then blanks where pyhocon wants a delimiter (at the end of the file): it reads them as one unquoted
 * string. Without the blanks both read the number.
 */
function numberBeforeBlank(ns: HoconValue, spec: HoconValue, at: Origin): QuickFix | undefined {
  if (spec.kind !== 'number' || ns.kind !== 'string') return undefined;
  const blanks = /^[ \t]+/.exec(at.source.text.slice(at.end))?.[0];
  if (blanks === undefined) return undefined;
  return replaceTextFix('Remove the blank after the number', at.source.name, at.start, at.end - at.start + blanks.length, numberText(spec.text, spec.value));
}

/**
 * `a = http://x`: the specification ends the value before `://` (a `:` then a comment), pyhocon keeps it all;
 * quoted, both read what neuro-san does.
 */
function commentInside(ns: HoconValue, spec: HoconValue, at: Origin): QuickFix | undefined {
  if (ns.kind !== 'string' || spec.kind !== 'string' || !ns.value.startsWith(spec.value) || ns.source.name !== at.source.name) return undefined;
  if (ns.start !== at.start || ns.end <= at.end || !at.source.text.slice(at.end, ns.end).includes('//')) return undefined;
  return edit(ns, 'Quote the value', JSON.stringify(ns.value));
}

/** A number as both readings read it: as written when it is plain JSON (`1.` is written `1.0`). */
function numberText(text: string, value: number): string {
  if (/^-?(0|[1-9]\d*)(\.\d+)?([eE][+-]?\d+)?$/.test(text)) return text;
  return Number.isInteger(value) && /[.eE]/.test(text) ? `${value}.0` : String(value);
}

/**
 * The value's text with no tab left in its strings: a tab in a quoted string written `\t`, a triple-quoted string
 * holding a tab (it has no escapes) written as a quoted one.
 */
function withoutTabs(text: string): string {
  return text.replace(/"""([\s\S]*?)"""(?!")|"((?:[^"\\\n]|\\.)*)"|\t+/g, (piece: string, triple: string | undefined, quoted: string | undefined) => {
    // A tab in an unquoted string: written as a quoted "\t" in the concatenation.
    if (piece[0] === '\t') return `"${piece.replace(/\t/g, '\\t')}"`;
    if (triple !== undefined) return triple.includes('\t') ? JSON.stringify(triple) : piece;
    return quoted !== undefined && quoted.includes('\t') ? `"${quoted.replace(/\t/g, '\\t')}"` : piece;
  });
}

/**
 * The value the text seems to say, written so that no reading can take it otherwise. A substitution neuro-san
 * resolves to another value (a key set twice, a file included into an object) is replaced by that value.
 */
function literalFix(at: Origin, text: string, spec: HoconValue): QuickFix | undefined {
  if (text.includes('${')) return edit(at, 'Write the value itself, not the substitution', literal(toJson(spec)));
  switch (spec.kind) {
    case 'string':
      return edit(at, 'Quote the value', JSON.stringify(spec.value));
    case 'number': {
      const plain = numberText(spec.text, spec.value);
      return edit(at, `Write it as ${plain}`, plain);
    }
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
