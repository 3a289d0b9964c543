/**
 * Description checks: is what the LLM reads about each tool good enough for it to be chosen and called right?
 * Heuristics, each with a rule id the project can set to "off", "hint" or "warning" in `.toolbox-editor.json`
 * (reviewSettings.ts). Most are style advice, hints by default (issue #33); `description-missing` is a warning: an entry
 * with parameters and no description is one neuro-san builds as a LangChain tool (its toolbox_factory.py), not a coded
 * one. They run apart from neuro-san's own checks (validateToolbox.ts), by node/review/, which supplies the settings and
 * the token counter. Every rule is documented with a good and a bad example in docs/description-checks.md.
 */
import type { HoconObject, HoconValue, Origin } from '../../hocon/index';
import { keyOrigin, type ToolEntry } from '../toolEntry';
import { diagnosticOf, type ToolboxDiagnostic } from '../toolboxDiagnostic';
import { actionVerbOf, startsWithVerb } from './actionVerbs';
import { plural } from '../../plural';
import type { CountTokens } from '../../tokenCount';
import { offeredToWords, type OfferedTo } from './offeredTogether';
import { severityAt, type RuleLevel, type RuleLevels } from './ruleLevels';

export const DESCRIPTION_RULE_IDS = [
  'description-missing',
  'description-too-short',
  'description-no-verb',
  'parameter-undocumented',
  'description-unknown-argument',
  'description-unmentioned-parameter',
  'enum-values-unmentioned',
  'description-over-budget',
  'description-duplicate',
  // Reported by node/review/similarTools.ts (it needs the whole catalog's word statistics), set here like the rest.
  'tools-similar',
] as const;
export type DescriptionRuleId = (typeof DESCRIPTION_RULE_IDS)[number];

/**
 * Each check's level unless a project sets it. Style advice is a hint. `description-missing` is a warning: neuro-san
 * reads such an entry as a LangChain tool, so the parameters written are never shown to the LLM. And
 * `description-unmentioned-parameter` is off: most toolboxes describe each parameter in its own schema instead.
 */
export const DESCRIPTION_RULE_DEFAULTS: Readonly<Record<DescriptionRuleId, RuleLevel>> = {
  'description-missing': 'warning',
  'description-too-short': 'hint',
  'description-no-verb': 'hint',
  'parameter-undocumented': 'hint',
  'description-unknown-argument': 'hint',
  'description-unmentioned-parameter': 'off',
  'enum-values-unmentioned': 'hint',
  'description-over-budget': 'hint',
  'description-duplicate': 'hint',
  'tools-similar': 'hint',
};

/** Fewer words (or characters) than this does not say what a tool is for. */
export const MIN_DESCRIPTION_WORDS = 6;
export const MIN_DESCRIPTION_CHARS = 30;
/** The default budget of one description, in tokens of the chosen tokenizer. */
export const DEFAULT_DESCRIPTION_TOKEN_BUDGET = 250;

export interface DescriptionReviewOptions {
  /** Each check's level: "off" reports nothing, "hint" or "warning" is the severity of what it finds. */
  levels: RuleLevels;
  tokenBudget: number;
  /** Counts a description's tokens (or estimates them: node/tokens); only called for those that could be over the budget. */
  countTokens: CountTokens;
  tokenizer: string;
  /**
   * The agents of the project offered both tools (their names and files), asked only for a duplicate: an LLM is shown
   * only its agent's tools, so two no agent is offered together cannot be confused, and a pair that is names them.
   * Undefined, or answering undefined: any two could be offered together (no project, or no network offers these).
   */
  together?: () => ((a: string, b: string) => readonly OfferedTo[]) | undefined;
}

interface Described {
  entry: ToolEntry;
  text: string;
  where: Origin;
}

/** One entry's findings, apart from the duplicates (which need every entry). */
interface EntryReview {
  diagnostics: ToolboxDiagnostic[];
  /** The description as compared for duplicates (trimmed, spaces collapsed, lower case); undefined without one. */
  normalized: string | undefined;
}

/**
 * Checks the user's tools (not the shipped default toolbox's) and returns what it finds, in tool order. With a
 * `cache`, an entry whose text has not changed since the last call is not checked again (its findings are moved to
 * where the entry now is): a keystroke re-checks the entry it touched, however many tools the file has.
 */
export function reviewDescriptions(tools: readonly ToolEntry[], options: DescriptionReviewOptions, cache?: DescriptionReviewCache): ToolboxDiagnostic[] {
  const out: ToolboxDiagnostic[] = [];
  /** The tools so far with each description, in order. */
  const withText = new Map<string, string[]>();
  let together: ((a: string, b: string) => readonly OfferedTo[]) | undefined | null = null;
  // A description may name another tool ("then call get_weather"): that is no argument.
  const toolNames = new Set(tools.map((t) => t.name));
  cache?.begin(options, tools);
  for (const entry of tools) {
    if (entry.origin === 'default' || entry.value.kind !== 'object') continue;
    const review = cache ? cache.review(entry, () => reviewEntry(entry, toolNames, options)) : reviewEntry(entry, toolNames, options);
    out.push(...review.diagnostics);
    if (review.normalized === undefined) continue;
    const earlier = withText.get(review.normalized);
    if (earlier === undefined) {
      withText.set(review.normalized, [entry.name]);
      continue;
    }
    earlier.push(entry.name);
    if (together === null) together = severityAt(options.levels, 'description-duplicate') === undefined ? undefined : options.together?.();
    const duplicate = duplicateDescription(entry, earlier.slice(0, -1), options.levels, together);
    if (duplicate) out.push(duplicate);
  }
  cache?.end();
  return out;
}

/**
 * `description-duplicate` for `entry`, whose description (as compared) the tools `earlier` have too, in order: the
 * first of them some agent is offered together with it (any, without offers). `together`: options.together's answer.
 */
export function duplicateDescription(
  entry: ToolEntry,
  earlier: readonly string[],
  levels: RuleLevels,
  together: ((a: string, b: string) => readonly OfferedTo[]) | undefined,
): ToolboxDiagnostic | undefined {
  const severity = severityAt(levels, 'description-duplicate');
  if (severity === undefined) return undefined;
  let first: string | undefined;
  let agents: readonly OfferedTo[] | undefined;
  for (const name of earlier) {
    agents = together?.(name, entry.name);
    if (agents === undefined || agents.length > 0) {
      first = name;
      break;
    }
  }
  if (first === undefined) return undefined;
  const offered = agents !== undefined ? `, offered together to ${offeredToWords(agents)}` : '';
  const where = (entry.value as HoconObject).fields.value('description')!;
  return diagnosticOf(where, severity, 'description-duplicate', `'${entry.name}' has the same description as '${first}': the LLM cannot tell the two apart${offered}.`, entry.name);
}

/** The findings of one of the user's entries (reviewDescriptions, without the duplicates: those need every tool). */
export function reviewEntry(entry: ToolEntry, toolNames: ReadonlySet<string>, options: DescriptionReviewOptions): EntryReview {
  const diagnostics: ToolboxDiagnostic[] = [];
  const report = (rule: DescriptionRuleId, where: Origin, message: string) => {
    const severity = severityAt(options.levels, rule);
    if (severity !== undefined) diagnostics.push(diagnosticOf(where, severity, rule, message, entry.name));
  };
  const fields = (entry.value as HoconObject).fields;
  const descriptionValue = fields.value('description');
  const parameters = fields.value('parameters');
  const properties = propertiesOf(parameters);
  if (descriptionValue === undefined) {
    // A LangChain tool's description is its class's; an entry with `parameters` and no description was meant to be
    // a coded tool, and neuro-san will read it as a LangChain class instead.
    if (parameters !== undefined) {
      report('description-missing', keyOrigin(fields.get('parameters')!), `'${entry.name}' has parameters but no description: the LLM is shown nothing about when to call it, and neuro-san reads an entry without a description as a LangChain tool.`);
    }
    return { diagnostics, normalized: undefined };
  }
  // coded-description says so
  if (descriptionValue.kind !== 'string' || descriptionValue.value.trim() === '') return { diagnostics, normalized: undefined };
  const text = descriptionValue.value;
  const described: Described = { entry, text, where: descriptionValue };
  // A description too short to say anything is reported once, as too short, not also as saying nothing.
  if (!checkLength(described, report)) checkVerb(described, report);
  checkArguments(described, properties, toolNames, report);
  checkBudget(described, options, report);
  return { diagnostics, normalized: normalizedDescription(entry) };
}

/** The description of one of the user's entries as compared for duplicates; undefined: none, or not compared. */
export function normalizedDescription(entry: ToolEntry): string | undefined {
  if (entry.origin === 'default' || entry.value.kind !== 'object') return undefined;
  const description = entry.value.fields.value('description');
  if (description?.kind !== 'string' || description.value.trim() === '') return undefined;
  return description.value.trim().replace(/\s+/g, ' ').toLowerCase();
}

/** A finding of a cached entry, as offsets from the entry's start (the entry may move: text added above it). */
interface KeptFinding {
  severity: ToolboxDiagnostic['severity'];
  rule: string;
  message: string;
  from: number;
  to: number;
}

interface KeptReview {
  /** The entry's text the findings are of. */
  text: string;
  findings: KeptFinding[];
  normalized: string | undefined;
}

/**
 * The last findings of each entry, by the entry's name and text, for `reviewDescriptions` on the same file as it is
 * typed in. What an entry's findings depend on besides its text — the options and the set of tool names — is checked
 * at each call (a change drops everything). An entry is kept only when its findings come from its own text: no
 * substitution or include in it, every finding inside it.
 */
export class DescriptionReviewCache {
  private context = '';
  // By tool name, then the text compared: a key made of the whole entry text would be hashed (and, joined to the
  // name, copied) for every entry and keystroke, most of what the cache saves.
  private kept = new Map<string, KeptReview>();
  private next = new Map<string, KeptReview>();
  /** Entries checked and entries taken from the cache in the last call (for tests and the bench). */
  checked = 0;
  reused = 0;

  begin(options: DescriptionReviewOptions, tools: readonly ToolEntry[]): void {
    const names: string[] = [];
    for (const t of tools) names.push(t.name);
    const levels = Object.entries(options.levels).map(([rule, level]) => `${rule}=${level}`);
    const context = `${levels.sort().join(',')}\u0000${options.tokenBudget}\u0000${options.tokenizer}\u0000${names.join('\u0000')}`;
    if (context !== this.context) this.kept.clear();
    this.context = context;
    this.checked = 0;
    this.reused = 0;
  }

  review(entry: ToolEntry, check: () => EntryReview): EntryReview {
    const value = entry.value;
    const text = value.source.text.slice(value.start, value.end);
    const kept = this.kept.get(entry.name);
    if (kept !== undefined && kept.text === text) {
      // The text of this keystroke from now on: a slice keeps the whole text it was cut from alive.
      kept.text = text;
      this.next.set(entry.name, kept);
      this.reused++;
      return {
        diagnostics: kept.findings.map((f) => diagnosticOf({ source: value.source, start: value.start + f.from, end: value.start + f.to }, f.severity, f.rule, f.message, entry.name)),
        normalized: kept.normalized,
      };
    }
    this.checked++;
    const review = check();
    const own = text.startsWith('{') && text.endsWith('}') && !text.includes('${') && !text.includes('include');
    const inside = review.diagnostics.every((d) => d.file === value.source.name && d.range.start.offset >= value.start && d.range.end.offset <= value.end);
    if (own && inside) {
      const findings = review.diagnostics.map((d) => ({ severity: d.severity, rule: d.rule, message: d.message, from: d.range.start.offset - value.start, to: d.range.end.offset - value.start }));
      this.next.set(entry.name, { text, findings, normalized: review.normalized });
    }
    return review;
  }

  /** Keeps the entries of this call only (an entry edited away is dropped). */
  end(): void {
    this.kept = this.next;
    this.next = new Map();
  }
}

type Report = (rule: DescriptionRuleId, where: Origin, message: string) => void;

function words(text: string): string[] {
  return text.match(/[\p{L}\p{N}][\p{L}\p{N}'_-]*/gu) ?? [];
}

/** Whether the description is too short (reported unless the rule is off). */
function checkLength({ entry, text, where }: Described, report: Report): boolean {
  const count = words(text).length;
  if (count >= MIN_DESCRIPTION_WORDS && text.trim().length >= MIN_DESCRIPTION_CHARS) return false;
  report('description-too-short', where, `The description of '${entry.name}' is ${plural(count, 'word')}: say what the tool does, what it returns and when to use it.`);
  return true;
}

function checkVerb({ entry, text, where }: Described, report: Report) {
  // The first sentence is where a reader (and an LLM skimming a catalog) looks for what the tool does.
  const first = text.trim().split(/(?<=[.!?])\s|\n\s*\n/)[0] ?? '';
  const said = words(first);
  if (!startsWithVerb(said) && !said.some((w) => actionVerbOf(w) !== undefined)) {
    report('description-no-verb', where, `The description of '${entry.name}' does not say what the tool does: start with a verb, e.g. "Returns…", "Searches…", "Sends…".`);
  }
}

interface Property {
  name: string;
  schema: HoconObject | undefined;
  where: Origin;
}

function propertiesOf(parameters: HoconValue | undefined): Property[] {
  if (parameters?.kind !== 'object') return [];
  const properties = parameters.fields.value('properties');
  if (properties?.kind !== 'object') return [];
  const out: Property[] = [];
  for (const field of properties.fields.values()) {
    out.push({ name: field.key, schema: field.value.kind === 'object' ? field.value : undefined, where: keyOrigin(field) });
  }
  return out;
}

function stringField(schema: HoconObject | undefined, key: string): string | undefined {
  const v = schema?.fields.value(key);
  return v?.kind === 'string' ? v.value : undefined;
}

/** Names the text writes as an argument would be: `in backticks`, or snake_case. */
function namedArguments(text: string): Set<string> {
  const names = new Set<string>();
  for (const m of text.matchAll(/`([A-Za-z_][A-Za-z0-9_]*)`/g)) names.add(m[1]!);
  for (const m of text.matchAll(/(?<![\w.:/`-])([a-z][a-z0-9]*(?:_[a-z0-9]+)+)(?![\w.:/`-])/g)) names.add(m[1]!);
  // A name the text also writes as `name:value` is a field prefix of a query syntax the description teaches (arXiv's
  // `id_list:2301.01234`, explained as `id_list = arXiv article ID`), not an argument of the tool.
  for (const m of text.matchAll(/(?<![\w.:/`-])([A-Za-z_][A-Za-z0-9_]*):(?=[^\s:/])/g)) names.delete(m[1]!);
  return names;
}

/**
 * The word patterns `mentions` compiled, by word: a /\p{L}/iu pattern costs more to build (at its first use) than
 * to run. Bounded.
 */
const wordPatterns = new Map<string, RegExp>();
const MAX_WORD_PATTERNS = 1000;
/** The last text `mentions` looked in: one description is searched for each of its parameters in turn. */
let lastText = { text: '', lower: '', ascii: true };
const NOT_ASCII = /[\u0080-\uffff]/;

/** Whether `text` has `word` (any case) with no letter, digit or underscore just before or after it. */
export function mentions(text: string, word: string): boolean {
  if (lastText.text !== text) lastText = { text, lower: text.toLowerCase(), ascii: !NOT_ASCII.test(text) };
  const lowerWord = word.toLowerCase();
  // Most words are simply absent: a plain search settles those without a regular expression.
  if (!lastText.lower.includes(lowerWord)) return false;
  // ASCII in both: the pattern below means what this loop does (no other character folds to an ASCII one in an
  // ASCII text), without building it (building them was ~1.5% of `validate DIR` on neuro-san-studio).
  if (lastText.ascii && lowerWord !== '' && !NOT_ASCII.test(word)) return mentionsAscii(lastText.lower, lowerWord);
  let pattern = wordPatterns.get(word);
  if (pattern === undefined) {
    if (wordPatterns.size >= MAX_WORD_PATTERNS) wordPatterns.clear();
    const escaped = word.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    pattern = new RegExp(`(?<![\\p{L}\\p{N}_])${escaped}(?![\\p{L}\\p{N}_])`, 'iu');
    wordPatterns.set(word, pattern);
  }
  return pattern.test(text);
}

function mentionsAscii(lower: string, word: string): boolean {
  for (let at = lower.indexOf(word); at !== -1; at = lower.indexOf(word, at + 1)) {
    if (!isAsciiWordChar(lower.charCodeAt(at - 1)) && !isAsciiWordChar(lower.charCodeAt(at + word.length))) return true;
  }
  return false;
}

/** A lower-case ASCII letter, a digit or `_` (NaN, past either end, is none). */
function isAsciiWordChar(c: number): boolean {
  return (c >= 97 && c <= 122) || (c >= 48 && c <= 57) || c === 95;
}

function checkArguments({ entry, text, where }: Described, properties: Property[], toolNames: ReadonlySet<string>, report: Report) {
  const names = new Set(properties.map((p) => p.name));
  if (properties.length > 0) {
    for (const named of namedArguments(text)) {
      if (!names.has(named) && !toolNames.has(named)) {
        report('description-unknown-argument', where, `The description of '${entry.name}' names '${named}', which is not among its parameters (${[...names].join(', ')}).`);
      }
    }
  }
  for (const p of properties) {
    const own = stringField(p.schema, 'description');
    if (own === undefined || own.trim() === '') {
      report('parameter-undocumented', p.where, `Parameter '${p.name}' of '${entry.name}' has no description: the LLM has only its name to go by.`);
    }
    if (!mentions(text, p.name)) {
      report('description-unmentioned-parameter', p.where, `The description of '${entry.name}' does not mention its parameter '${p.name}'.`);
    }
    const enumValue = p.schema?.fields.value('enum');
    if (enumValue?.kind === 'array') {
      const said = `${text}\n${own ?? ''}`;
      const missing = enumValue.elements
        .filter((e) => e.kind === 'string' || e.kind === 'number' || e.kind === 'boolean')
        .map((e) => String((e as { value: unknown }).value))
        .filter((v) => !mentions(said, v));
      if (missing.length > 0) {
        report('enum-values-unmentioned', p.where, `Parameter '${p.name}' of '${entry.name}' takes ${missing.map((v) => `'${v}'`).join(', ')}, which neither its description nor the tool's mention: the LLM picks tools from the descriptions.`);
      }
    }
  }
}

function checkBudget({ entry, text, where }: Described, options: DescriptionReviewOptions, report: Report) {
  if (severityAt(options.levels, 'description-over-budget') === undefined) return;
  // A token is at least one UTF-8 byte: a text of no more bytes than the budget is within it, uncounted.
  if (utf8Length(text) <= options.tokenBudget) return;
  const { tokens, estimated } = options.countTokens(text);
  if (tokens > options.tokenBudget) {
    const count = estimated ? `about ${tokens} tokens (${options.tokenizer}, estimated: too long to count exactly in time)` : `${tokens} tokens (${options.tokenizer})`;
    report('description-over-budget', where, `The description of '${entry.name}' is ${count}, over the budget of ${options.tokenBudget}: every tool's description is in every prompt that shows the catalog.`);
  }
}

function utf8Length(text: string): number {
  let n = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    n += c < 0x80 ? 1 : c < 0x800 ? 2 : c >= 0xd800 && c < 0xdc00 ? 2 : 3; // a surrogate pair is 4 bytes: 2 + 2
  }
  return n;
}
