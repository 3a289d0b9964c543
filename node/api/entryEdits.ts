/**
 * A keystroke inside one tool of a big toolbox, analysed as that tool alone (issue 34: a keystroke in one entry of a
 * 5,000-tool toolbox may cost at most twice one in a 500-tool toolbox).
 *
 * The last analysis of each file is kept with what it was made of: the load's diagnostics and the review's, apart,
 * and the tools they were read from. When the next text differs from it only inside one of the user's entries (not
 * its key, not its braces), that entry is read alone through the same load and review — a text of the entry alone,
 * at the same lines and columns — and its findings replace the entry's. The checks that compare tools (duplicate
 * descriptions, similar tools) are brought up to date for that entry, and everything after it moves by the edit.
 * Anything else (another file kind, an include or a substitution, a problem of the file rather than of a tool, a
 * key written twice, a preflight's findings, a change of settings...) is left to the whole analysis: `analyze`
 * answers undefined. entryEdits.test.ts holds the answers to the whole analysis's, keystroke by keystroke.
 */
import path from 'node:path';
import type { ToolboxAnalysis } from '../../shared/api/index';
import type { HoconObject, Position, Range } from '../../shared/hocon/index';
import { ToolIndex } from '../../shared/review/similarity';
import { compareDiagnostics, diagnosticOf, duplicateDescription, keyOrigin, normalizedDescription, reviewEntries, reviewEntry, severityAt, type ToolboxDiagnostic, type ToolEntry } from '../../shared/toolbox/index';
import { fromDotEnv } from '../../shared/project/settings';
import { descriptionOptionsOf, reviewSettingsFor } from '../review/reviewToolbox';
import { similarToolFindings, toolTexts } from '../review/similarTools';
import { diagnosticsOf } from '../workspace/toolboxOnDisk';
import { detailOf, summarize, type DocumentLoad } from './analysisOfLoad';
import type { DocumentAnalysis, DocumentRef } from './documentAnalysis';
import { RecentlyUsed } from './recentlyUsed';
import { sortedIndex } from '../../shared/sortedIndex';

/** How long an answer stands for the same text asked again (as DocumentAnalysis keeps a load). */
const SAME_TEXT_MS = 2000;

/** How many tools are read alone before the file is analysed whole again (what is kept of each, see analyze). */
const MAX_ALONE = 32;

/** Below this many tools the whole analysis is quick enough, and keeping what it was made of is not worth it. */
const FEW_TOOLS = 100;

interface Kept {
  text: string;
  noDefault: boolean;
  reading: string;
  /** What the load was read with: a change (a `.env`, the settings, the neuro-san version) takes the whole analysis. */
  context: string;
  env: Record<string, string | undefined> | undefined;
  answer: ToolboxAnalysis;
  /** The load's diagnostics and the review's, in the current text's positions. */
  loadDiagnostics: ToolboxDiagnostic[];
  review: ToolboxDiagnostic[];
  /** The effective tools; each read from an earlier text, `offsetMoved[i]` and `linesMoved[i]` from where it is now. */
  tools: ToolEntry[];
  offsetMoved: Int32Array;
  linesMoved: Int32Array;
  byName: Map<string, number>;
  toolNames: Set<string>;
  /** The tools whose key is in this file, by where it is. */
  inText: number[];
  /** What else the analysis depended on, kept to see it unchanged: the review settings, what classes revealed. */
  settings: object;
  generation: number;
  /** The text has a substitution that may take another entry's values (onlyEnvironment). */
  substitutes: boolean;
  /** The user's file as the specification reads it (a tool's detail), and that of each tool read alone since. */
  userSpecRoot: HoconObject | undefined;
  roots: Map<number, HoconObject | undefined>;
  /** When the answer was made (Date.now()). */
  at: number;
  /** Made when first asked (a keystroke's similar tools, its duplicate descriptions). */
  index: ToolIndex | undefined;
  /** The tools by their description as the duplicate check compares it (in tool order), and each one's. */
  groups: Map<string, number[]> | undefined;
  normalizedOf: Map<number, string>;
}

export class EntryEdits {
  private readonly kept = new RecentlyUsed<string, { last: Kept | undefined }>(4);

  constructor(
    private readonly analysis: DocumentAnalysis,
    private readonly cwd: string,
    /** The app's environment (DocumentAnalysis's). */
    private readonly env: Record<string, string | undefined>,
  ) {}

  /** The whole analysis of `doc` was `answer`, from `read` and `review`: kept for the next keystroke. */
  remember(doc: DocumentRef, read: DocumentLoad, review: readonly ToolboxDiagnostic[], answer: ToolboxAnalysis): void {
    const slot = this.kept.get(read.file, () => ({ last: undefined }));
    slot.last = undefined;
    const { loaded } = read;
    if (doc.path === null || loaded.kind !== 'toolbox' || loaded.fileKind || loaded.includes?.length || this.analysis.addsDiagnostics(read.file)) return;
    const toolbox = loaded.toolbox;
    if (toolbox.tools.length < FEW_TOOLS) return;
    // neuro-san's values placed by the parser (the specification's reading of the text failed) are placed so for every
    // entry: such a text is analysed whole.
    if (loaded.valuesPlaced === 'parser') return;
    // A problem of the file rather than of a tool may depend on any entry: such a file is analysed whole.
    if (loaded.diagnostics.some((d) => d.file === read.file && d.tool === undefined)) return;
    const inText: number[] = [];
    answer.tools.forEach((t, i) => {
      if (t.file === read.file) inText.push(i);
    });
    inText.sort((a, b) => answer.tools[a]!.keyRange.start.offset - answer.tools[b]!.keyRange.start.offset);
    slot.last = {
      text: doc.text,
      noDefault: doc.noDefault ?? false,
      reading: doc.reading ?? 'neuro-san',
      context: contextOf(read),
      env: read.env,
      answer,
      loadDiagnostics: diagnosticsOf(loaded),
      review: [...review],
      tools: [...toolbox.tools],
      offsetMoved: new Int32Array(toolbox.tools.length),
      linesMoved: new Int32Array(toolbox.tools.length),
      byName: new Map(toolbox.tools.map((t, i) => [t.name, i])),
      toolNames: new Set(toolbox.tools.map((t) => t.name)),
      inText,
      settings: reviewSettingsFor(path.resolve(this.cwd, toolbox.files.userFile ?? read.file)).settings,
      generation: this.analysis.generation,
      substitutes: !onlyEnvironment(doc.text, toolbox.tools),
      index: undefined,
      groups: undefined,
      normalizedOf: new Map(),
      userSpecRoot: toolbox.userSpecRoot,
      roots: new Map(),
      at: Date.now(),
    };
  }

  /** The analysis of `doc` from the last one, when the edit since lies inside one entry; else undefined. */
  async analyze(doc: DocumentRef & { detail?: string | null }): Promise<ToolboxAnalysis | undefined> {
    if (doc.path === null) return undefined;
    const file = this.analysis.documentPath(doc);
    const slot = this.kept.get(file, () => ({ last: undefined }));
    const last = slot.last;
    // Whatever happens next, what is kept is this keystroke's or nothing.
    slot.last = undefined;
    if (!last || last.substitutes || last.noDefault !== (doc.noDefault ?? false) || last.reading !== (doc.reading ?? 'neuro-san')) return undefined;
    if (last.generation !== this.analysis.generation || this.analysis.addsDiagnostics(file)) return undefined;
    const next = await this.edited(file, last, doc);
    // Each tool read alone keeps its text alone (a line break per line above it): after a few, the whole again.
    slot.last = next && next.kept.roots.size <= MAX_ALONE ? next.kept : undefined;
    return next?.answer;
  }

  private async edited(file: string, last: Kept, doc: DocumentRef & { detail?: string | null }): Promise<{ kept: Kept; answer: ToolboxAnalysis } | undefined> {
    const before = last.text;
    const text = doc.text;
    if (before === text) {
      // The same text asked again (another tool's detail, or the catalog's turn): the answer is the last one's, while
      // the facts it was made with are as fresh as a load's (2 s) and the settings are the same.
      const { settings } = reviewSettingsFor(path.resolve(this.cwd, file));
      if (Date.now() - last.at > SAME_TEXT_MS || settings !== last.settings) return undefined;
      const answer: ToolboxAnalysis = { ...last.answer, detail: this.detailOf(last, doc.detail, file) };
      return { kept: { ...last, answer }, answer };
    }
    const { from, oldEnd, newEnd } = changedRange(before, text);
    const grown = newEnd - oldEnd;
    // The user's tool whose braces hold the change (tools start in text order).
    const place = lastStartingBefore(last, from);
    if (place < 0) return undefined;
    const k = last.inText[place]!;
    const tool = last.tools[k]!;
    const moved = last.offsetMoved[k]!;
    const valueStart = tool.value.start + moved;
    const valueEnd = tool.value.end + moved;
    if (tool.origin !== 'user' || tool.value.kind !== 'object' || tool.value.source.name !== file || tool.field.definitionCount !== 1) return undefined;
    if (!(from > valueStart && oldEnd < valueEnd)) return undefined;
    if (before.charCodeAt(valueStart) !== 123 /* { */ || before.charCodeAt(valueEnd - 1) !== 125 /* } */) return undefined;
    // What follows the entry starts on a later line than the change ends on: it moves by whole lines.
    const newline = before.indexOf('\n', oldEnd);
    const lineEnd = newline < 0 ? before.length : newline;
    const following = last.inText[place + 1];
    if (following !== undefined && lineEnd >= keyStartOf(last, following)) return undefined;
    const keyStart = tool.field.keyStart + moved;
    const keyPosition = tool.value.source.positionAt(tool.field.keyStart);
    const keyLine = keyPosition.line + last.linesMoved[k]!;
    const entryText = text.slice(keyStart, valueEnd + grown);
    // A substitution may take another entry's values (an include in the entry is seen by the load below).
    if (!onlyEnvironment(entryText, last.tools)) return undefined;
    const prefix = '\n'.repeat(keyLine - 1) + ' '.repeat(keyPosition.column - 1);
    const alone = this.analysis.load({ path: doc.path, text: `${prefix}${entryText}\n`, noDefault: last.noDefault, reading: last.reading as DocumentRef['reading'], entryAlone: true });
    const loaded = alone.loaded;
    if (loaded.kind !== 'toolbox' || loaded.fileKind || loaded.includes?.length || contextOf(alone) !== last.context || alone.env !== last.env) return undefined;
    // The entry cannot be read (neuro-san refuses the whole file then) or has a syntax error: the whole file's reading
    // changes, not the entry's alone.
    if (loaded.toolbox.userFileUnread || loaded.diagnostics.some((d) => d.rule === 'hocon' && d.severity === 'error')) return undefined;
    // Nor when one reading of the two was made of the whole text and not of the entry, or the other way round (the
    // specification's reading is what says a value came from a substitution, for every tool).
    if ((loaded.toolbox.userSpecRoot === undefined) !== (last.userSpecRoot === undefined)) return undefined;
    if (loaded.valuesPlaced === 'parser') return undefined;
    const mine = loaded.toolbox.tools.find((t) => t.name === tool.name);
    if (!mine || mine.origin !== 'user' || mine.value.kind !== 'object' || mine.value.source.name !== file) return undefined;
    // Positions in the text alone are the file's, moved by this much.
    const shift = keyStart - prefix.length;
    const ownLoad: ToolboxDiagnostic[] = [];
    for (const d of diagnosticsOf(loaded)) {
      if (d.file !== file) continue;
      if (d.tool !== tool.name || !(d.fix?.edits.every((e) => e.file !== file || e.offset >= prefix.length) ?? true)) return undefined;
      ownLoad.push(moveDiagnostic(d, shift, 0));
    }
    const lines = countLines(text, from, newEnd) - countLines(before, from, oldEnd);
    const loadDiagnostics = movedAll(last.loadDiagnostics, tool.name, file, from, oldEnd, lineEnd, grown, lines);
    if (!loadDiagnostics) return undefined;

    // The review of the entry, with the toolbox's settings and tool names.
    const { settings } = reviewSettingsFor(path.resolve(this.cwd, loaded.toolbox.files.userFile ?? file));
    if (settings !== last.settings) return undefined;
    const levels = settings.rules;
    const over = Buffer.byteLength(mine.description ?? '') > settings.descriptionTokenBudget;
    const { options, together } = await descriptionOptionsOf(settings, over, loaded.offers);
    const entryReview = reviewEntry(mine, last.toolNames, options);
    const ownReview = [...entryReview.diagnostics, ...reviewEntries([mine], levels)].map((d) => moveDiagnostic(d, shift, 0));

    // The tools as they are now: this one read alone, those after it moved. (What is kept is changed in place: a
    // keystroke that gives up drops it, analyze took it.)
    const { tools, offsetMoved, linesMoved } = last;
    const groups = (last.groups ??= groupsOf(tools, last.normalizedOf));
    tools[k] = mine;
    offsetMoved[k] = shift;
    linesMoved[k] = 0;
    for (let p = place + 1; p < last.inText.length; p++) {
      const i = last.inText[p]!;
      offsetMoved[i]! += grown;
      linesMoved[i]! += lines;
    }
    const at = (i: number, d: ToolboxDiagnostic) => (d.file !== file ? d : moveDiagnostic(d, offsetMoved[i]!, linesMoved[i]!));

    // The tools with the same description as this one, before and after: their duplicates are said again.
    const was = last.normalizedOf.get(k);
    const now = entryReview.normalized;
    if (was !== undefined) {
      const group = groups.get(was)!;
      group.splice(group.indexOf(k), 1);
      if (group.length === 0) groups.delete(was);
    }
    if (now !== undefined) {
      const group = groups.get(now);
      if (group) group.splice(sortedIndex(group, k), 0, k);
      else groups.set(now, [k]);
      last.normalizedOf.set(k, now);
    } else last.normalizedOf.delete(k);
    const regrouped = [...new Set([k, ...(was === undefined ? [] : (groups.get(was) ?? [])), ...(now === undefined ? [] : groups.get(now)!)])];
    const regroupedNames = new Set(regrouped.map((i) => tools[i]!.name));
    const duplicates: ToolboxDiagnostic[] = [];
    const askOffers = severityAt(levels, 'description-duplicate') !== undefined;
    for (const text of new Set([was, now])) {
      const group = text === undefined ? undefined : groups.get(text);
      if (!group) continue;
      for (let g = 1; g < group.length; g++) {
        const i = group[g]!;
        const d = duplicateDescription(tools[i]!, group.slice(0, g).map((e) => tools[e]!.name), levels, askOffers ? together() : undefined);
        if (d) duplicates.push(at(i, d));
      }
    }

    // Similar tools: the index follows the entry; every pair found again (few, and their words are the index's).
    const similarSeverity = severityAt(levels, 'tools-similar');
    let index = last.index;
    const similar: ToolboxDiagnostic[] = [];
    if (similarSeverity !== undefined) {
      index ??= new ToolIndex(toolTexts(last.tools));
      index.replace(k, toolTexts([mine])[0]!);
      for (const found of similarToolFindings(index, tools, settings.similarityThreshold, together, last.byName)) {
        const i = last.byName.get(found.tool.name)!;
        similar.push(at(i, diagnosticOf(keyOrigin(found.tool.field), similarSeverity, 'tools-similar', found.message, found.tool.name)));
      }
    }

    const touched = new Set<string>([tool.name, ...regroupedNames]);
    for (const d of similar) touched.add(d.tool!);
    const keptReview: ToolboxDiagnostic[] = [];
    for (const d of last.review) {
      if (d.rule === 'tools-similar' && d.tool !== undefined) touched.add(d.tool);
      if (d.tool === tool.name || d.rule === 'tools-similar' || (d.rule === 'description-duplicate' && d.tool !== undefined && regroupedNames.has(d.tool))) continue;
      const m = moveOne(d, file, from, oldEnd, lineEnd, grown, lines);
      if (m === null) return undefined;
      keptReview.push(m);
    }
    const review = [...keptReview, ...ownReview, ...duplicates, ...similar];
    loadDiagnostics.push(...ownLoad);
    const diagnostics = [...loadDiagnostics, ...review].sort(compareDiagnostics);

    // The tool list: this tool read again, those after it moved, every count from the diagnostics.
    // The tool list: this tool read again, those after it moved, counted again where their diagnostics changed.
    const counts = new Map<string, { errors: number; warnings: number; hints: number }>();
    for (const name of touched) counts.set(name, { errors: 0, warnings: 0, hints: 0 });
    for (const d of diagnostics) {
      const c = d.tool === undefined ? undefined : counts.get(d.tool);
      if (c === undefined) continue;
      if (d.severity === 'error') c.errors++;
      else if (d.severity === 'warning') c.warnings++;
      else c.hints++;
    }
    const summaries = last.answer.tools.slice();
    for (let p = place + 1; p < last.inText.length; p++) {
      const i = last.inText[p]!;
      summaries[i] = movedSummary(summaries[i]!, grown, lines);
    }
    for (const [name, c] of counts) {
      const i = last.byName.get(name)!;
      const s = summaries[i]!;
      if (i === k) {
        const own = summarize(mine, c);
        summaries[i] = { ...own, keyRange: moveRange(own.keyRange, shift, 0), valueRange: moveRange(own.valueRange, shift, 0) };
      } else if (c.errors !== s.errors || c.warnings !== s.warnings || c.hints !== s.hints) summaries[i] = { ...s, errors: c.errors, warnings: c.warnings, hints: c.hints };
    }

    last.roots.set(k, loaded.toolbox.userSpecRoot);
    const detail = this.detailOf(last, doc.detail, file);

    const answer: ToolboxAnalysis = { ...last.answer, tools: summaries, detail, diagnostics };
    const kept: Kept = {
      ...last,
      text,
      answer,
      loadDiagnostics,
      review,
      tools,
      offsetMoved,
      linesMoved,
      index,
      at: Date.now(),
    };
    return { kept, answer };
  }

  /**
   * The detail of the tool asked for, else of the first of the user's (as analysisOf gives it): read from the tool's
   * own text and root, moved with it.
   */
  private detailOf(last: Kept, asked: string | null | undefined, file: string): ToolboxAnalysis['detail'] {
    const name = (asked && last.byName.has(asked) ? asked : undefined) ?? last.tools.find((t) => t.origin !== 'default')?.name;
    if (name === undefined) return null;
    const i = last.byName.get(name)!;
    const env = last.env ?? this.env;
    const own = detailOf(last.tools[i], { userRoot: last.roots.get(i) ?? last.userSpecRoot, userFile: file, env, fromDotEnv: fromDotEnv(this.env, env) });
    return own && moveDetail(own, file, last.offsetMoved[i]!, last.linesMoved[i]!);
  }
}

/**
 * Whether every substitution in `text` starts with a name no tool has: `${?API_KEY}` finds no such path in the file,
 * read whole or one entry alone, and takes the environment either way. One that may name a tool (`${tool_1.args}`),
 * or is written in a way not simply read here (quotes), may take another entry's values.
 */
export function onlyEnvironment(text: string, tools: readonly ToolEntry[]): boolean {
  if (!text.includes('${')) return true;
  let names: Set<string> | undefined;
  for (const m of text.matchAll(/\$\{\??([^}]*)\}?/g)) {
    const path = m[1]!.trim();
    if (path === '' || /["'`]/.test(path)) return false;
    names ??= new Set(tools.map((t) => t.name));
    if (names.has(path.split('.')[0]!.trim())) return false;
  }
  return true;
}

function contextOf(read: DocumentLoad): string {
  return `${read.workingDirectory?.path ?? ''}\u0000${read.workingDirectory?.why ?? ''}\u0000${JSON.stringify(read.loaded.neuroSan)}`;
}

/** Where `a` and `b` differ: from `from` to `oldEnd` in `a`, to `newEnd` in `b`. */
export function changedRange(a: string, b: string): { from: number; oldEnd: number; newEnd: number } {
  const most = Math.min(a.length, b.length);
  let from = 0;
  // Whole chunks compared at once (a string comparison of two slices is a memory compare), then characters.
  for (let size = 1 << 16; size >= 1; size >>= 1) while (from + size <= most && a.slice(from, from + size) === b.slice(from, from + size)) from += size;
  let back = 0;
  const room = most - from;
  for (let size = 1 << 16; size >= 1; size >>= 1) while (back + size <= room && a.slice(a.length - back - size, a.length - back) === b.slice(b.length - back - size, b.length - back)) back += size;
  return { from, oldEnd: a.length - back, newEnd: b.length - back };
}

function keyStartOf(last: Kept, i: number): number {
  return last.answer.tools[i]!.keyRange.start.offset;
}

/** The place in `last.inText` of the last tool whose key starts before `offset` (-1: none). */
function lastStartingBefore(last: Kept, offset: number): number {
  let lo = 0;
  let hi = last.inText.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (keyStartOf(last, last.inText[mid]!) < offset) lo = mid + 1;
    else hi = mid;
  }
  return lo - 1;
}

function countLines(text: string, from: number, to: number): number {
  let n = 0;
  for (let at = text.indexOf('\n', from); at >= 0 && at < to; at = text.indexOf('\n', at + 1)) n++;
  return n;
}

/**
 * `diagnostics` without those of `tool`, moved past an edit of [from, oldEnd) that grew the text by `grown` and `lines`;
 * null when one of them is not simply before or after it (it spans the edit, or sits on the line it ends on).
 */
function movedAll(diagnostics: readonly ToolboxDiagnostic[], tool: string, file: string, from: number, oldEnd: number, lineEnd: number, grown: number, lines: number): ToolboxDiagnostic[] | null {
  const out: ToolboxDiagnostic[] = [];
  for (const d of diagnostics) {
    if (d.tool === tool && d.file === file) continue;
    const m = moveOne(d, file, from, oldEnd, lineEnd, grown, lines);
    if (m === null) return null;
    out.push(m);
  }
  return out;
}

function moveOne(d: ToolboxDiagnostic, file: string, from: number, oldEnd: number, lineEnd: number, grown: number, lines: number): ToolboxDiagnostic | null {
  if (d.file !== file) return d;
  const start = d.range.start.offset;
  const end = d.range.end.offset;
  if (end <= from && !(d.fix?.edits.some((e) => e.file === file && e.offset + e.length > from) ?? false)) return d;
  // After the edit, its fix too: moved by whole lines. Else it spans the edit, or starts on the line the edit ends on
  // (its column would change).
  if (start > lineEnd && (d.fix?.edits.every((e) => e.file !== file || e.offset >= oldEnd) ?? true)) return moveDiagnostic(d, grown, lines);
  return null;
}

/** The user's tools by description (normalizedDescription), each group in tool order; each one's in `normalizedOf`. */
function groupsOf(tools: readonly ToolEntry[], normalizedOf: Map<number, string>): Map<string, number[]> {
  const groups = new Map<string, number[]>();
  tools.forEach((t, i) => {
    const n = normalizedDescription(t);
    if (n === undefined) return;
    normalizedOf.set(i, n);
    const group = groups.get(n);
    if (group) group.push(i);
    else groups.set(n, [i]);
  });
  return groups;
}

function movedSummary(s: ToolboxAnalysis['tools'][number], offset: number, lines: number): ToolboxAnalysis['tools'][number] {
  return {
    name: s.name,
    kind: s.kind,
    className: s.className,
    displayAs: s.displayAs,
    displayAsInferred: s.displayAsInferred,
    baseToolInfoUrl: s.baseToolInfoUrl,
    origin: s.origin,
    file: s.file,
    keyRange: moveRange(s.keyRange, offset, lines),
    valueRange: moveRange(s.valueRange, offset, lines),
    errors: s.errors,
    warnings: s.warnings,
    hints: s.hints,
  };
}

function movePosition(p: Position, offset: number, lines: number): Position {
  return { offset: p.offset + offset, line: p.line + lines, column: p.column };
}

function moveRange(r: Range, offset: number, lines: number): Range {
  return { start: movePosition(r.start, offset, lines), end: movePosition(r.end, offset, lines) };
}

function moveDiagnostic(d: ToolboxDiagnostic, offset: number, lines: number): ToolboxDiagnostic {
  if (offset === 0 && lines === 0) return d;
  const range = moveRange(d.range, offset, lines);
  return {
    ...d,
    line: range.start.line,
    column: range.start.column,
    range,
    ...(d.fix ? { fix: { ...d.fix, edits: d.fix.edits.map((e) => (e.file === d.file ? { ...e, offset: e.offset + offset } : e)) } } : {}),
  };
}

function moveDetail(detail: NonNullable<ToolboxAnalysis['detail']>, file: string, offset: number, lines: number): NonNullable<ToolboxAnalysis['detail']> {
  if (!detail.sources || (offset === 0 && lines === 0)) return detail;
  return {
    ...detail,
    sources: detail.sources.map((s) => ({
      ...s,
      definitions: s.definitions.map((d) => (d.file === file ? { ...d, range: moveRange(d.range, offset, lines) } : d)),
    })),
  };
}
