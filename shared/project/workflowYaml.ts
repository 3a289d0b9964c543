/**
 * The part of YAML a GitHub Actions workflow is written in, read only as far as shippedRuns.ts needs it: block
 * mappings, block sequences, plain and quoted scalars on one line, and literal or folded block scalars (`run: |`).
 * Whatever else YAML allows (flow collections, anchors, multi-line plain or quoted scalars, tags) is kept as text or
 * left out: a value read wrong would name a manifest the project does not run, so what is not understood names nothing.
 */

export type YamlNode = YamlMap | YamlList | YamlScalar;

export interface YamlMap {
  kind: 'map';
  entries: Map<string, { value: YamlNode; line: number }>;
}

export interface YamlList {
  kind: 'list';
  items: YamlNode[];
}

export interface YamlScalar {
  kind: 'scalar';
  /** The value; undefined for what this reader does not read (a flow collection, an alias, a tag). */
  text: string | undefined;
  /** 1-based line of the value's first line (a block scalar's first content line). */
  line: number;
}

interface Line {
  indent: number;
  text: string;
  /** 1-based. */
  number: number;
}

/** The workflow's top-level mapping (empty when the text is not one). */
export function readWorkflowYaml(text: string): YamlMap {
  const raw = text.replace(/\r\n?/g, '\n').split('\n');
  const reader = new BlockReader(raw);
  const node = reader.node(-1);
  return node?.kind === 'map' ? node : { kind: 'map', entries: new Map() };
}

class BlockReader {
  private at = 0;
  /** The lines, a copy: a list item's dash is blanked out in it (see list). */
  private readonly raw: string[];

  constructor(raw: readonly string[]) {
    this.raw = [...raw];
  }

  /** The next line that holds something (not blank, not a comment), without moving past it. */
  private peek(): Line | undefined {
    while (this.at < this.raw.length) {
      const text = this.raw[this.at]!;
      const content = text.trimStart();
      if (content === '' || content.startsWith('#') || content === '---') {
        this.at++;
        continue;
      }
      return { indent: text.length - content.length, text: content, number: this.at + 1 };
    }
    return undefined;
  }

  /** The block that starts at the next line, when it is indented more than `parent`. */
  node(parent: number): YamlNode | undefined {
    const first = this.peek();
    if (first === undefined || first.indent <= parent) return undefined;
    return first.text.startsWith('- ') || first.text === '-' ? this.list(first.indent) : this.map(first.indent);
  }

  private map(indent: number): YamlMap {
    const entries = new Map<string, { value: YamlNode; line: number }>();
    for (let line = this.peek(); line !== undefined && line.indent === indent && !isItem(line.text); line = this.peek()) {
      this.at++;
      const pair = keyValue(line.text);
      if (pair === undefined) continue;
      entries.set(pair.key, { value: this.valueAfterKey(pair.rest, line, indent), line: line.number });
    }
    return { kind: 'map', entries };
  }

  private list(indent: number): YamlList {
    const items: YamlNode[] = [];
    for (let line = this.peek(); line !== undefined && line.indent === indent && isItem(line.text); line = this.peek()) {
      const rest = line.text === '-' ? '' : line.text.slice(2).trimStart();
      const itemIndent = indent + (line.text.length - rest.length);
      if (rest === '') {
        this.at++;
        items.push(this.node(indent) ?? { kind: 'scalar', text: '', line: line.number });
      } else if (keyValue(rest) !== undefined && !isQuoted(rest)) {
        // `- key: value` opens a mapping whose keys sit where `key` does: read it as if the dash were a space.
        this.raw[this.at] = ' '.repeat(itemIndent) + rest;
        items.push(this.map(itemIndent));
      } else {
        this.at++;
        items.push(scalarOf(rest, line.number));
      }
    }
    return { kind: 'list', items };
  }

  private valueAfterKey(rest: string, line: Line, indent: number): YamlNode {
    if (rest === '') {
      // A list may sit at its key's own indent (`steps:` then `- run: ...` under the `s`).
      const next = this.peek();
      if (next !== undefined && next.indent === indent && isItem(next.text)) return this.list(indent);
      return this.node(indent) ?? { kind: 'scalar', text: '', line: line.number };
    }
    if (/^[|>][+-]?\d?$/.test(rest)) return this.blockScalar(rest.startsWith('>'), indent, line.number);
    return scalarOf(rest, line.number);
  }

  /** `run: |` and what follows, indented more than the key: the lines kept as written (folded: joined by spaces). */
  private blockScalar(folded: boolean, indent: number, keyLine: number): YamlScalar {
    const lines: string[] = [];
    let contentIndent: number | undefined;
    let firstLine = keyLine + 1;
    while (this.at < this.raw.length) {
      const text = this.raw[this.at]!;
      const content = text.trimStart();
      const lineIndent = text.length - content.length;
      if (content !== '' && lineIndent <= indent) break;
      if (content !== '' && contentIndent === undefined) {
        contentIndent = lineIndent;
        firstLine = this.at + 1;
      }
      lines.push(contentIndent === undefined ? '' : text.slice(Math.min(contentIndent, lineIndent)));
      this.at++;
    }
    while (lines.length > 0 && lines[0] === '') lines.shift();
    while (lines.length > 0 && lines[lines.length - 1] === '') lines.pop();
    return { kind: 'scalar', text: folded ? lines.join(' ') : lines.join('\n'), line: firstLine };
  }
}

function isItem(text: string): boolean {
  return text === '-' || text.startsWith('- ');
}

function isQuoted(text: string): boolean {
  return text.startsWith('"') || text.startsWith("'");
}

/** `key: rest` (the key plain or quoted), or undefined when the line is not a mapping entry. */
function keyValue(text: string): { key: string; rest: string } | undefined {
  const quoted = /^("([^"\\]*)"|'([^']*)')\s*:(?:\s+|$)(.*)$/.exec(text);
  if (quoted) return { key: quoted[2] ?? quoted[3]!, rest: stripComment(quoted[4]!) };
  // Greedy up to the first ':' (then trimmed): a lazy key before `\s*:` backtracks quadratically on a long line.
  const plain = /^([^\s#:"'[\]{},][^:#]*):(?:\s+|$)(.*)$/.exec(text);
  if (plain) return { key: plain[1]!.trimEnd(), rest: stripComment(plain[2]!) };
  return undefined;
}

/** A comment starts at a `#` after a space, outside quotes. */
function stripComment(text: string): string {
  let quote: string | undefined;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (quote !== undefined) {
      if (c === quote) quote = undefined;
    } else if (c === '"' || c === "'") quote = c;
    else if (c === '#' && (i === 0 || /\s/.test(text[i - 1]!))) return text.slice(0, i).trimEnd();
  }
  return text.trim();
}

function scalarOf(text: string, line: number): YamlScalar {
  const value = text.trim();
  if (value.startsWith('"')) {
    const match = /^"((?:[^"\\]|\\.)*)"$/.exec(value);
    return { kind: 'scalar', text: match ? unescapeDouble(match[1]!) : undefined, line };
  }
  if (value.startsWith("'")) {
    const match = /^'((?:[^']|'')*)'$/.exec(value);
    return { kind: 'scalar', text: match ? match[1]!.replace(/''/g, "'") : undefined, line };
  }
  // A flow collection, an alias, a tag or an anchor: not read.
  if (/^[[{*&!]/.test(value)) return { kind: 'scalar', text: undefined, line };
  return { kind: 'scalar', text: value, line };
}

function unescapeDouble(text: string): string {
  return text.replace(/\\(.)/g, (_, c: string) => ({ n: '\n', t: '\t', '"': '"', '\\': '\\', '/': '/' })[c] ?? `\\${c}`);
}
