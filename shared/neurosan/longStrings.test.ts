import { describe, expect, it } from 'vitest';
import { readAsNeuroSan, type NeuroSanReading } from './index';

// A description is often one long line: the reading must take any length the size limit lets through (a 10 MB line
// overflowed the regular expressions' backtracking stack and was reported as RecursionError).
const TEN_MB = 10 * 1024 * 1024;

function valueOf(text: string): Record<string, unknown> {
  const reading: NeuroSanReading = readAsNeuroSan(text, { file: '/p/tb.hocon', cwd: '/p', host: { readFile: () => undefined }, env: {} });
  if (!reading.ok) throw new Error(`${reading.failure.type}: ${reading.failure.cause}`);
  return reading.value as Record<string, unknown>;
}

/** The one key of what `text` reads as. */
const keyOf = (text: string) => Object.keys(valueOf(text))[0]!;

describe("neuro-san's reading of very long one-line strings", () => {
  it('reads a 10 MB quoted description, escapes included', () => {
    const words = 'Returns the weather. '.repeat(TEN_MB / 21);
    const value = valueOf(`tool { class = "a.B", description = "${words}\\"quoted\\" ${words}" }\n`);
    expect((value.tool as { description: string }).description === `${words}"quoted" ${words}`).toBe(true);
  });

  it('reads a 10 MB unquoted value', () => {
    const long = 'x'.repeat(TEN_MB);
    expect((valueOf(`tool { class = a.B, description = ${long} }\n`).tool as { description: string }).description === long).toBe(true);
  });

  it('reads a long quoted and triple-quoted key as the same key written short', () => {
    const more = 'k'.repeat(TEN_MB);
    const tq = '"""';
    for (const written of [(k: string) => `"${k}\\tz" = 1\n`, (k: string) => `${tq}${k}"x${tq} = 1\n`]) {
      expect(keyOf(written(`k${more}`)) === `${more}${keyOf(written('k'))}`).toBe(true);
    }
  });

  it('still stops a quoted string at its closing quote, and an unquoted one at a space or comma', () => {
    expect(valueOf('a = x\\ y z\nb = "q\\"r"  \nc = [u,v]\n')).toEqual({ a: 'x\\ y z', b: 'q"r', c: ['u', 'v'] });
  });
});
