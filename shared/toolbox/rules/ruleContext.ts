import type { ToolEntry } from '../toolEntry';
export { keyOrigin } from '../toolEntry';
import type { ToolboxDiagnostic } from '../toolboxDiagnostic';

/** What every rule gets: the entry, and a sink for its findings. */
export interface RuleContext {
  entry: ToolEntry;
  report(diagnostic: ToolboxDiagnostic): void;
}

export type EntryRule = (context: RuleContext) => void;

/** The closest candidate by edit distance, when it is close enough to be a likely typo. */
export function closestName(name: string, candidates: Iterable<string>): string | undefined {
  let best: string | undefined;
  let bestDistance = Infinity;
  for (const candidate of candidates) {
    const distance = editDistance(name, candidate);
    if (distance < bestDistance) {
      best = candidate;
      bestDistance = distance;
    }
  }
  return best !== undefined && bestDistance <= Math.max(2, Math.floor(name.length / 4)) ? best : undefined;
}

function editDistance(a: string, b: string): number {
  const row = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i++) {
    let diagonal = row[0]!;
    row[0] = i;
    for (let j = 1; j <= b.length; j++) {
      const above = row[j]!;
      row[j] = Math.min(row[j]! + 1, row[j - 1]! + 1, diagonal + (a[i - 1] === b[j - 1] ? 0 : 1));
      diagonal = above;
    }
  }
  return row[b.length]!;
}

/** A string as HOCON text, quoted the way the original was when possible. */
export function quoteLike(original: { style?: string } | undefined, text: string): string {
  return original?.style === 'unquoted' && /^[A-Za-z_][A-Za-z0-9_]*$/.test(text) ? text : JSON.stringify(text);
}
