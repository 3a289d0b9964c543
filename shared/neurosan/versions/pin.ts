/**
 * The neuro-san version a project pins, read from its requirement files as pip would read them, and the release that
 * pin implies: `==X` is X; a range (`>=`, `<`, `~=`, `!=`, Poetry's `^` and `~`, a bare name) is the newest release
 * the editor knows inside it, as pip would install today; a wheel or URL names its version in the file name.
 */
import { compareVersions, parseVersion, releaseText, version as v, type NeuroSanVersion } from './version';
import { SERIES_NEWEST } from './facts';

/** A requirement on neuro-san found in a file. */
export interface NeuroSanPin {
  /** The file, relative to the project root. */
  file: string;
  /** 1-based. */
  line: number;
  /** The requirement as written (`neuro-san==0.5.55`, `neuro-san = "^0.5"`). */
  written: string;
  /** The release the pin implies, or undefined when it admits none the editor knows. */
  implied: NeuroSanVersion | undefined;
  /** How it was chosen, in words (`exactly`, `the newest 0.5 release the editor knows inside >=0.5.40,<0.6`). */
  how: string;
}

interface Clause {
  op: string;
  version: NeuroSanVersion;
  /** `==0.5.*`: the prefix's parts. */
  wildcard?: number[];
}

/** `neuro-san`, `neuro_san`, `Neuro.San`: pip's normalised name. */
const NAME = /^\s*(neuro[-_.]san)(?![-_.A-Za-z0-9])\s*(\[[^\]]*\])?/i;

/** Every release the editor can name, newest first (what pip may pick among). */
function knownReleases(): NeuroSanVersion[] {
  const out: NeuroSanVersion[] = [];
  for (const newest of Object.values(SERIES_NEWEST)) {
    const top = v(newest);
    for (let patch = top.parts[2]; patch >= 0; patch--) out.push(v(`${top.parts[0]}.${top.parts[1]}.${patch}`));
  }
  return out.sort((a, b) => compareVersions(b, a));
}

/** Reads a PEP 440 specifier list (`>=0.5.40,<0.6`); undefined when a clause cannot be read. */
export function parseSpecifiers(text: string): Clause[] | undefined {
  const clauses: Clause[] = [];
  for (const raw of text.split(',')) {
    const part = raw.trim();
    if (part === '') continue;
    const m = /^(===|==|!=|~=|>=|<=|>|<|\^|~)\s*([0-9][0-9A-Za-z.+*-]*)$/.exec(part);
    if (!m) return undefined;
    const op = m[1]!;
    let text = m[2]!;
    let wildcard: number[] | undefined;
    if (text.endsWith('.*')) {
      wildcard = text.slice(0, -2).split('.').map(Number);
      text = text.slice(0, -2);
    }
    const parsed = parseVersion(text);
    if (!parsed) return undefined;
    // Poetry's caret and tilde, as ranges.
    if (op === '^' || op === '~') {
      const given = text.split('.').length;
      const [a, b, c] = parsed.parts;
      const upper = op === '^' ? (a > 0 ? [a + 1, 0, 0] : b > 0 || given < 3 ? [0, b + 1, 0] : [0, 0, c + 1]) : given === 1 ? [a + 1, 0, 0] : [a, b + 1, 0];
      clauses.push({ op: '>=', version: parsed }, { op: '<', version: v(upper.join('.')) });
      continue;
    }
    clauses.push({ op, version: parsed, ...(wildcard ? { wildcard } : {}) });
  }
  return clauses;
}

function satisfies(candidate: NeuroSanVersion, clause: Clause): boolean {
  const c = compareVersions(candidate, clause.version);
  if (clause.wildcard) {
    const prefix = clause.wildcard;
    const matches = prefix.every((p, i) => candidate.parts[i] === p);
    return clause.op === '!=' ? !matches : matches;
  }
  switch (clause.op) {
    case '==':
    case '===':
      return c === 0;
    case '!=':
      return c !== 0;
    case '>=':
      return c >= 0;
    case '<=':
      return c <= 0;
    case '>':
      return c > 0;
    case '<':
      return c < 0;
    case '~=': {
      // ~=0.5.40 is >=0.5.40, ==0.5.*; ~=0.5 is >=0.5, ==0.*
      const given = clause.version.text.split('.').length;
      const fixed = Math.max(1, given - 1);
      return c >= 0 && clause.version.parts.slice(0, fixed).every((p, i) => candidate.parts[i] === p);
    }
    default:
      return false;
  }
}

/** The release a specifier list implies, and how it was chosen. */
export function impliedVersion(specifiers: string): { implied: NeuroSanVersion | undefined; how: string } {
  const text = specifiers.trim();
  if (text === '') return { implied: v(newestKnown()), how: 'unversioned: the newest release the editor knows, as pip would install it' };
  const clauses = parseSpecifiers(text);
  if (!clauses) return { implied: undefined, how: `a specifier the editor cannot read (${text})` };
  const exact = clauses.find((c) => (c.op === '==' || c.op === '===') && !c.wildcard);
  if (exact) return { implied: exact.version, how: 'exactly' };
  const match = knownReleases().find((candidate) => clauses.every((c) => satisfies(candidate, c)));
  if (match) return { implied: match, how: `the newest release the editor knows inside ${text}, as pip would pick it` };
  // Newer than anything the editor knows: the lowest version the range admits.
  const lower = clauses.filter((c) => c.op === '>=' || c.op === '>' || c.op === '~=' || (c.op === '==' && c.wildcard));
  if (lower.length > 0) {
    const floor = lower.map((c) => c.version).sort((a, b) => compareVersions(b, a))[0]!;
    return { implied: floor, how: `no release the editor knows is inside ${text}: its lower bound` };
  }
  return { implied: undefined, how: `no release the editor knows is inside ${text}` };
}

function newestKnown(): string {
  return knownReleases()[0]!.text;
}

/** A requirement line's specifiers after the name (`==0.5.55`, ` >= 0.5 ; python_version > "3.9"`), or a URL's version. */
function specifiersOf(rest: string): string | undefined {
  const noMarker = rest.split(';')[0]!.trim();
  if (noMarker.startsWith('@')) {
    // A direct reference: a wheel names its version (neuro_san-0.6.66.dev17+g2c71c6fd-py3-none-any.whl).
    const wheel = /neuro[-_.]san-([0-9][^-/\s]*)-/i.exec(noMarker) ?? /neuro[-_.]san-([0-9][0-9A-Za-z.+]*?)\.(?:tar\.gz|zip)/i.exec(noMarker);
    return wheel ? `==${wheel[1]}` : undefined;
  }
  return noMarker.replace(/^\(|\)$/g, '').trim();
}

/** neuro-san requirements in a requirements*.txt file: one per line, `#` comments, `\` continuations. */
export function pinsInRequirements(text: string, file: string): NeuroSanPin[] {
  const pins: NeuroSanPin[] = [];
  const lines = text.split(/\r?\n/);
  for (let i = 0; i < lines.length; i++) {
    let line = lines[i]!;
    const first = i;
    while (line.endsWith('\\') && i + 1 < lines.length) line = line.slice(0, -1) + lines[++i]!;
    const content = line.replace(/(^|\s)#.*$/, '').trim();
    const m = NAME.exec(content);
    if (!m) continue;
    const rest = content.slice(m[0].length);
    pins.push(pinOf(file, first + 1, content, specifiersOf(rest)));
  }
  return pins;
}

function pinOf(file: string, line: number, written: string, specifiers: string | undefined): NeuroSanPin {
  if (specifiers === undefined) return { file, line, written, implied: undefined, how: 'a direct reference with no version in its name' };
  const { implied, how } = impliedVersion(specifiers);
  return { file, line, written, implied, how };
}

/**
 * neuro-san requirements in a pyproject.toml: the strings of PEP 621's `dependencies` and `optional-dependencies`
 * arrays, and Poetry's `neuro-san = "^0.5"` or `neuro-san = { version = "..." }` in its dependency tables. Read line
 * by line, by table: `name = "neuro-san"` (neuro-san's own pyproject) or a build requirement is no pin.
 */
export function pinsInPyproject(text: string, file: string): NeuroSanPin[] {
  const pins: NeuroSanPin[] = [];
  const lines = text.split(/\r?\n/);
  let table = '';
  let inArray = false;
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!.replace(/(^|\s)#.*$/, '');
    const header = /^\s*\[\[?\s*([^\]]+?)\s*\]\]?\s*$/.exec(line);
    if (header && !inArray) {
      table = header[1]!.replace(/\s+/g, '');
      continue;
    }
    const pep621 = table === 'project' || table === 'project.optional-dependencies';
    if (!inArray && pep621) {
      const key = /^\s*([A-Za-z0-9_.-]+)\s*=\s*\[/.exec(line);
      if (key && (table === 'project.optional-dependencies' || key[1] === 'dependencies')) inArray = true;
    }
    if (inArray) {
      // A PEP 508 string: "neuro-san>=0.5.40,<0.6".
      for (const s of line.matchAll(/["']([^"']*)["']/g)) {
        const m = NAME.exec(s[1]!);
        if (m) pins.push(pinOf(file, i + 1, s[1]!.trim(), specifiersOf(s[1]!.slice(m[0].length))));
      }
      if (line.includes(']')) inArray = false;
      continue;
    }
    if (!/^tool\.poetry(\.group\.[^.]+)?\.(dev-)?dependencies$/.test(table)) continue;
    // Poetry: neuro-san = "^0.5.55" or neuro-san = { version = "^0.5.55", ... }.
    const poetry = /^\s*["']?(neuro[-_.]san)["']?\s*=\s*(?:["']([^"']*)["']|\{[^}]*\bversion\s*=\s*["']([^"']*)["'])/i.exec(line);
    if (poetry) {
      const spec = (poetry[2] ?? poetry[3] ?? '').trim();
      pins.push(pinOf(file, i + 1, line.trim(), spec === '*' ? '' : /^[0-9]/.test(spec) ? `==${spec}` : spec));
    }
  }
  return pins;
}

/** neuro-san requirements in a setup.cfg: `install_requires =` and its indented lines. */
export function pinsInSetupCfg(text: string, file: string): NeuroSanPin[] {
  const pins: NeuroSanPin[] = [];
  const lines = text.split(/\r?\n/);
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!.replace(/(^|\s)[#;].*$/, '');
    const value = /^\s*[A-Za-z_]+\s*=\s*(.*)$/.exec(line)?.[1] ?? (/^\s+\S/.test(line) ? line : undefined);
    if (value === undefined) continue;
    const m = NAME.exec(value.trim());
    if (m) pins.push(pinOf(file, i + 1, value.trim(), specifiersOf(value.trim().slice(m[0].length))));
  }
  return pins;
}

/** The pins of one file, by its name. */
export function pinsInFile(name: string, text: string): NeuroSanPin[] {
  const base = name.slice(name.lastIndexOf('/') + 1);
  if (base === 'pyproject.toml') return pinsInPyproject(text, name);
  if (base === 'setup.cfg') return pinsInSetupCfg(text, name);
  return pinsInRequirements(text, name);
}

/** `0.5.55` from a pin, as a release (a dev build `0.6.66.dev17+g...` counts as the release it precedes). */
export function describePin(pin: NeuroSanPin): string {
  return `${pin.written} in ${pin.file}:${pin.line}${pin.implied && pin.how !== 'exactly' ? ` (${pin.how}: ${releaseText(pin.implied)})` : ''}`;
}
