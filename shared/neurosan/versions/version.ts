/**
 * neuro-san's release numbers (`0.5.55`, `0.6.94`): read, compared, written. Releases are three numbers; a
 * development build's suffix (`0.6.66.dev17+g2c71c6fd`, `0.6.95rc1`) is kept in the text and ordered before the
 * release it leads to, as pip orders them.
 */
export interface NeuroSanVersion {
  /** major, minor, patch (a missing part is 0). */
  parts: readonly [number, number, number];
  /** A pre-release or development suffix (`.dev17+g2c71c6fd`, `rc1`), or '' for a release. */
  suffix: string;
  /** As written. */
  text: string;
}

const VERSION = /^\s*v?(\d+)(?:\.(\d+))?(?:\.(\d+))?((?:[.-]?(?:a|b|rc|dev|post)\d*)*(?:\+[0-9A-Za-z.]+)?)\s*$/i;

/** `0.5.55` → its parts; undefined when the text is not a version number. */
export function parseVersion(text: string): NeuroSanVersion | undefined {
  const m = VERSION.exec(text);
  if (!m) return undefined;
  const parts: [number, number, number] = [Number(m[1]), Number(m[2] ?? 0), Number(m[3] ?? 0)];
  if (parts.some((p) => !Number.isSafeInteger(p))) return undefined;
  return { parts, suffix: m[4] ?? '', text: text.trim() };
}

/** The version, which must be well formed (the table's own numbers). */
export function version(text: string): NeuroSanVersion {
  const v = parseVersion(text);
  if (!v) throw new Error(`not a neuro-san version: ${text}`);
  return v;
}

/** < 0, 0, > 0 as a is before, the same as, after b. A pre-release or dev build comes before its release; a post after. */
export function compareVersions(a: NeuroSanVersion, b: NeuroSanVersion): number {
  for (let i = 0; i < 3; i++) if (a.parts[i] !== b.parts[i]) return a.parts[i]! - b.parts[i]!;
  return suffixRank(a.suffix) - suffixRank(b.suffix);
}

function suffixRank(suffix: string): number {
  if (suffix === '' || suffix.startsWith('+')) return 0;
  return /post/i.test(suffix) ? 1 : -1;
}

/** `0.5.55` (the three numbers, without a suffix). */
export function releaseText(v: NeuroSanVersion): string {
  return v.parts.join('.');
}

export function atLeast(v: NeuroSanVersion, than: string): boolean {
  return compareVersions(v, version(than)) >= 0;
}
