import { describe, expect, it } from 'vitest';
import { ClosestNames, closestName } from './ruleContext';

/** closestName as it was: every candidate measured in full. The faster one must answer the same. */
function closestByFullDistance(name: string, candidates: readonly string[]): string | undefined {
  let best: string | undefined;
  let bestDistance = Infinity;
  for (const candidate of candidates) {
    const row = Array.from({ length: candidate.length + 1 }, (_, i) => i);
    for (let i = 1; i <= name.length; i++) {
      let diagonal = row[0]!;
      row[0] = i;
      for (let j = 1; j <= candidate.length; j++) {
        const above = row[j]!;
        row[j] = Math.min(row[j]! + 1, row[j - 1]! + 1, diagonal + (name[i - 1] === candidate[j - 1] ? 0 : 1));
        diagonal = above;
      }
    }
    if (row[candidate.length]! < bestDistance) {
      best = candidate;
      bestDistance = row[candidate.length]!;
    }
  }
  return best !== undefined && bestDistance <= Math.max(2, Math.floor(name.length / 4)) ? best : undefined;
}

describe('closestName', () => {
  it('offers the first of the nearest candidates within reach, as measuring each in full does', () => {
    let seed = 7;
    const random = () => ((seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31);
    // Few letters, so that many candidates are near one another (and ties are common).
    const word = () => Array.from({ length: 1 + Math.floor(random() * 14) }, () => 'abc_'[Math.floor(random() * 4)]).join('');
    for (let round = 0; round < 2000; round++) {
      const candidates = Array.from({ length: Math.floor(random() * 12) }, word);
      const name = random() < 0.1 && candidates.length > 0 ? candidates[0]! : word();
      const expected = closestByFullDistance(name, candidates);
      expect(closestName(name, candidates), `${name} among ${candidates.join(' ')}`).toBe(expected);
      expect(new ClosestNames(candidates).closest(name), `${name} among ${candidates.join(' ')}, indexed`).toBe(expected);
    }
  });

  it('answers the same through an index of many candidates, for many names', () => {
    let seed = 11;
    const random = () => ((seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31);
    const word = () => Array.from({ length: 1 + Math.floor(random() * 20) }, () => 'abcd_'[Math.floor(random() * 5)]).join('');
    const candidates = [...new Set(Array.from({ length: 3000 }, word))];
    const index = new ClosestNames(candidates);
    for (let round = 0; round < 300; round++) {
      const name = word();
      expect(index.closest(name), name).toBe(closestByFullDistance(name, candidates));
    }
  });

  it('answers the same through the index for names a few edits from candidates, at the edge of reach', () => {
    let seed = 5;
    const random = (n: number) => Math.floor(((seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31) * n);
    const letter = () => 'abcdefgh_'[random(9)]!;
    const edited = (word: string, edits: number) => {
      let out = word;
      for (let e = 0; e < edits; e++) {
        const at = random(out.length + 1);
        const kind = random(3);
        out = kind === 0 ? out.slice(0, at) + letter() + out.slice(at) : kind === 1 ? out.slice(0, at) + out.slice(at + 1) : out.slice(0, at) + letter() + out.slice(at + 1);
      }
      return out;
    };
    const bases = Array.from({ length: 150 }, () => Array.from({ length: 3 + random(30) }, letter).join(''));
    const candidates = [...new Set(bases.flatMap((b) => [edited(b, 1 + random(5)), edited(b, 1 + random(9))]))];
    const index = new ClosestNames(candidates);
    for (const base of bases) {
      for (const name of [edited(base, 1 + random(4)), edited(base, 1 + random(8))]) expect(index.closest(name), name).toBe(closestByFullDistance(name, candidates));
    }
  });

  it('says nothing when no candidate is near, and prefers the exact name', () => {
    expect(closestName('lookup_weather', ['send_report', 'unused_tool'])).toBeUndefined();
    expect(closestName('lookup_wether', ['send_report', 'lookup_weather'])).toBe('lookup_weather');
    expect(closestName('ab', ['ax', 'ab'])).toBe('ab');
  });
});
