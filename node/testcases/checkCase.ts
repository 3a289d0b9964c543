/** Whether a tool's result meets a saved case's expectation, and if not, a message saying how it differs. */
import type { TestExpectation } from '../../shared/api/index';

export interface ResultToCheck {
  content: string;
  isError: boolean;
}

export type CaseVerdict = { pass: true } | { pass: false; reason: string };

/**
 * `{ error: true }` passes on any error result. `{ content }` passes on a non-error result whose content is the same
 * text, or — when both are JSON — the same JSON value (so a hand-edited file may indent or order keys differently).
 */
export function checkCase(expect: TestExpectation, result: ResultToCheck): CaseVerdict {
  if ('error' in expect) {
    return result.isError ? { pass: true } : { pass: false, reason: `expected an error, got a result: ${clip(result.content)}` };
  }
  if (result.isError) return { pass: false, reason: `expected ${clip(expect.content)}, got an error: ${clip(result.content)}` };
  if (result.content === expect.content || sameJson(result.content, expect.content)) return { pass: true };
  return { pass: false, reason: `expected ${clip(expect.content)}, got ${clip(result.content)}` };
}

function sameJson(a: string, b: string): boolean {
  const pa = parseJson(a);
  const pb = parseJson(b);
  return pa.ok && pb.ok && deepEqual(pa.value, pb.value);
}

function parseJson(text: string): { ok: true; value: unknown } | { ok: false } {
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch {
    return { ok: false };
  }
}

function deepEqual(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  if (Array.isArray(a) && Array.isArray(b)) return a.length === b.length && a.every((x, i) => deepEqual(x, b[i]));
  const ka = Object.keys(a);
  const kb = Object.keys(b);
  const bo = b as Record<string, unknown>;
  return ka.length === kb.length && ka.every((k) => Object.prototype.hasOwnProperty.call(b, k) && deepEqual((a as Record<string, unknown>)[k], bo[k]));
}

/** Keeps failure messages to one readable line. */
function clip(text: string, max = 200): string {
  const flat = JSON.stringify(text);
  return flat.length > max ? `${flat.slice(0, max - 1)}…"` : flat;
}
