/**
 * A keystroke's analysis as a change of the one the renderer holds: on a 5,000-tool file the whole analysis is
 * megabytes, while a keystroke changes a few tools and diagnostics and moves the rest.
 *
 * The main side shifts the previous analysis's positions by the text change (`shift`), compares it with the new
 * analysis, and sends for tools and diagnostics a list of operations: a number n >= 0 keeps the next n items of the
 * previous list (shifted), n < 0 drops the next -n, an object is a new item. The renderer applies the same shift, so
 * the result is exactly the new analysis; how well positions were predicted only changes the size of the answer.
 */
import { Type, type Static } from '@sinclair/typebox';
import { textChangeBetween } from './documentText';
import type { DiagnosticDto, ToolboxAnalysis, ToolSummary } from './toolboxApi';
import { compareDiagnostics } from '../toolbox/index';

/** Positions at or after `end` (in the old text) move by `offsetDelta` and `lineDelta`; those before `lineEnd` also by `columnDelta`. */
export const PositionShiftT = Type.Object({
  file: Type.String(),
  start: Type.Integer(),
  end: Type.Integer(),
  lineEnd: Type.Integer(),
  offsetDelta: Type.Integer(),
  lineDelta: Type.Integer(),
  columnDelta: Type.Integer(),
});
export type PositionShift = Static<typeof PositionShiftT>;

type Pos = { offset: number; line: number; column: number };

/** The shift that a change of `before` into `after` makes to positions in the file `file`. */
export function shiftBetween(file: string, before: string, after: string): PositionShift {
  const change = textChangeBetween(before, after);
  const end = change.offset + change.length;
  const newlines = (s: string, from: number, to: number) => {
    let n = 0;
    for (let i = s.indexOf('\n', from); i !== -1 && i < to; i = s.indexOf('\n', i + 1)) n++;
    return n;
  };
  const lineStart = (s: string, at: number) => s.lastIndexOf('\n', at - 1) + 1;
  const newEnd = change.offset + change.newText.length;
  const nextNewline = before.indexOf('\n', end);
  return {
    file,
    start: change.offset,
    end,
    lineEnd: nextNewline === -1 ? before.length : nextNewline,
    offsetDelta: change.newText.length - change.length,
    lineDelta: newlines(after, change.offset, newEnd) - newlines(before, change.offset, end),
    columnDelta: newEnd - lineStart(after, newEnd) - (end - lineStart(before, end)),
  };
}

function shiftPos(p: Pos, s: PositionShift): Pos {
  if (p.offset < s.end) return p;
  return { offset: p.offset + s.offsetDelta, line: p.line + s.lineDelta, column: p.offset <= s.lineEnd ? p.column + s.columnDelta : p.column };
}

function shiftRange<R extends { start: Pos; end: Pos }>(r: R, s: PositionShift): R {
  const start = shiftPos(r.start, s);
  const end = shiftPos(r.end, s);
  return start === r.start && end === r.end ? r : { ...r, start, end };
}

export function shiftDiagnostic(d: DiagnosticDto, s: PositionShift): DiagnosticDto {
  if (d.file !== s.file || (d.range.end.offset < s.end && !d.fix)) return d;
  const range = shiftRange(d.range, s);
  const edits = d.fix?.edits.map((e) => (e.file === s.file && e.offset >= s.end ? { ...e, offset: e.offset + s.offsetDelta } : e));
  const fixMoved = d.fix && edits && edits.some((e, i) => e !== d.fix!.edits[i]);
  if (range === d.range && !fixMoved) return d;
  return { ...d, line: range.start.line, column: range.start.column, range, ...(fixMoved ? { fix: { ...d.fix!, edits: edits! } } : {}) };
}

export function shiftTool(t: ToolSummary, s: PositionShift): ToolSummary {
  if (t.file !== s.file || t.valueRange.end.offset < s.end) return t;
  const keyRange = shiftRange(t.keyRange, s);
  const valueRange = shiftRange(t.valueRange, s);
  return keyRange === t.keyRange && valueRange === t.valueRange ? t : { ...t, keyRange, valueRange };
}

/** Plain JSON values compared by content (a missing key and an undefined value are the same: JSON drops both). */
export function sameJson(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a)) {
    if (!Array.isArray(b) || a.length !== b.length) return false;
    for (let i = 0; i < a.length; i++) if (!sameJson(a[i], b[i])) return false;
    return true;
  }
  if (Array.isArray(b)) return false;
  // for...in rather than Object.keys: this runs for every diagnostic of a keystroke, without allocating.
  let keys = 0;
  for (const key in a) {
    if (!sameJson((a as Record<string, unknown>)[key], (b as Record<string, unknown>)[key])) return false;
    keys++;
  }
  for (const _key in b) keys--;
  return keys === 0;
}

/** Operations turning `before` (already shifted) into `after`; `dropFirst` says the old item cannot come later. */
function listOps<T>(before: readonly T[], after: readonly T[], dropFirst: (old: T, next: T) => boolean): Array<number | T> {
  const ops: Array<number | T> = [];
  const push = (n: number) => {
    const last = ops[ops.length - 1];
    if (typeof last === 'number' && Math.sign(last) === Math.sign(n)) ops[ops.length - 1] = last + n;
    else ops.push(n);
  };
  let i = 0;
  for (let j = 0; j < after.length; ) {
    const next = after[j] as T;
    if (i < before.length && sameJson(before[i], next)) {
      push(1);
      i++;
      j++;
    } else if (i < before.length && dropFirst(before[i] as T, next)) {
      push(-1);
      i++;
    } else {
      ops.push(next);
      j++;
    }
  }
  return ops;
}

/** Applies list operations to the previous list (each kept item shifted). */
export function applyListOps<T>(before: readonly T[], ops: ReadonlyArray<number | T>, shift: (item: T) => T): T[] {
  const out: T[] = [];
  let i = 0;
  for (const op of ops) {
    if (typeof op !== 'number') out.push(op);
    else if (op < 0) i -= op;
    else for (const end = i + op; i < end; i++) out.push(shift(before[i] as T));
  }
  return out;
}

export interface AnalysisChange {
  shift: PositionShift;
  tools: Array<number | ToolSummary>;
  diagnostics: Array<number | DiagnosticDto>;
}

/** The change from `before` (of the text `beforeText`) to `after` (of `afterText`). */
export function analysisChange(before: ToolboxAnalysis, beforeText: string, after: ToolboxAnalysis, afterText: string): AnalysisChange {
  const shift = shiftBetween(after.file, beforeText, afterText);
  const names = new Set(after.tools.map((t) => t.name));
  return {
    shift,
    tools: listOps(
      before.tools.map((t) => shiftTool(t, shift)),
      after.tools,
      (old) => !names.has(old.name),
    ),
    diagnostics: listOps(
      before.diagnostics.map((d) => shiftDiagnostic(d, shift)),
      after.diagnostics,
      (old, next) => compareDiagnostics(old, next) < 0,
    ),
  };
}

/** The new tools and diagnostics from the previous analysis and a change. */
export function applyAnalysisChange(before: ToolboxAnalysis, change: AnalysisChange): Pick<ToolboxAnalysis, 'tools' | 'diagnostics'> {
  return {
    tools: applyListOps(before.tools, change.tools, (t) => shiftTool(t, change.shift)),
    diagnostics: applyListOps(before.diagnostics, change.diagnostics, (d) => shiftDiagnostic(d, change.shift)),
  };
}
