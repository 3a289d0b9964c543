import { parseHocon, type ObjectNode, type SyntaxDocument, type ValueNode } from '../hocon/index';

/**
 * The outline of a HOCON text (document symbols: the editor's outline view and breadcrumbs) and its folding ranges,
 * from the syntax tree. Offsets into the text; the adapters make lines of them.
 */
export type SymbolKind = 'object' | 'array' | 'string' | 'number' | 'boolean' | 'null' | 'substitution' | 'include' | 'value';

export interface OutlineSymbol {
  name: string;
  /** What the value is, briefly: `{3 keys}`, `[2]`, the string itself (cut). */
  detail: string;
  kind: SymbolKind;
  /** The whole entry. */
  start: number;
  end: number;
  /** The key. */
  nameStart: number;
  nameEnd: number;
  children: OutlineSymbol[];
}

/** At most this many symbols (a 5,000-tool toolbox has about 40,000); deeper or further ones are left out. */
export const MAX_OUTLINE_SYMBOLS = 100_000;
const MAX_OUTLINE_DEPTH = 12;

export function outline(text: string, document: SyntaxDocument = parseHocon(text)): OutlineSymbol[] {
  let budget = MAX_OUTLINE_SYMBOLS;
  const top: OutlineSymbol[] = [];
  // Iterative: one work item per object or array whose entries become the children of `into`.
  const work: { node: ValueNode; into: OutlineSymbol[]; depth: number }[] = [{ node: document.root, into: top, depth: 0 }];
  for (let next = 0; next < work.length && budget > 0; next++) {
    const { node, into, depth } = work[next]!;
    const add = (symbol: OutlineSymbol, value: ValueNode | undefined) => {
      if (budget-- <= 0) return;
      into.push(symbol);
      const container = value && containerOf(value);
      if (container && depth + 1 < MAX_OUTLINE_DEPTH) work.push({ node: container, into: symbol.children, depth: depth + 1 });
    };
    if (node.kind === 'object') {
      for (const entry of node.entries) {
        if (entry.kind === 'include') {
          add({ name: `include ${JSON.stringify(entry.target)}`, detail: entry.mode === 'heuristic' ? '' : entry.mode, kind: 'include', start: entry.start, end: entry.end, nameStart: entry.start, nameEnd: entry.end, children: [] }, undefined);
          continue;
        }
        const name = entry.key.segments.map((s) => s.name).join('.') || text.slice(entry.key.start, entry.key.end);
        add({ name, detail: detailOf(text, entry.value), kind: kindOf(entry.value), start: entry.start, end: entry.end, nameStart: entry.key.start, nameEnd: entry.key.end, children: [] }, entry.value);
      }
    } else if (node.kind === 'array') {
      node.elements.forEach((element, i) => {
        const named = element.kind === 'object' ? nameOf(text, element) : undefined;
        add({ name: named ?? `[${i}]`, detail: detailOf(text, element), kind: kindOf(element), start: element.start, end: element.end, nameStart: element.start, nameEnd: element.start, children: [] }, element);
      });
    }
  }
  return top;
}

/** An object or array to list the children of: the value itself, or the last such part of a concatenation. */
function containerOf(value: ValueNode): ValueNode | undefined {
  if (value.kind === 'object' || value.kind === 'array') return value;
  if (value.kind === 'concatenation') return [...value.parts].reverse().find((p) => p.kind === 'object' || p.kind === 'array');
  return undefined;
}

/** A list element that is an agent or a similar object: its "name" makes its label (`[2] announcer`). */
function nameOf(text: string, object: ObjectNode): string | undefined {
  for (const entry of object.entries) {
    if (entry.kind === 'field' && entry.key.segments.length === 1 && entry.key.segments[0]!.name === 'name' && entry.value.kind === 'string') {
      return unquote(text.slice(entry.value.start, entry.value.end));
    }
  }
  return undefined;
}

function unquote(written: string): string {
  if (written.startsWith('"""')) return written.slice(3, -3);
  if (written.startsWith('"')) {
    try {
      return JSON.parse(written) as string;
    } catch {
      return written;
    }
  }
  return written;
}

function kindOf(value: ValueNode): SymbolKind {
  switch (value.kind) {
    case 'object':
    case 'array':
    case 'string':
    case 'number':
    case 'boolean':
    case 'null':
    case 'substitution':
      return value.kind;
    default:
      return 'value';
  }
}

function detailOf(text: string, value: ValueNode): string {
  if (value.kind === 'object') return `{${value.entries.length}}`;
  if (value.kind === 'array') return `[${value.elements.length}]`;
  const written = text.slice(value.start, Math.min(value.end, value.start + 200)).replace(/\s+/g, ' ');
  return written.length > 60 ? `${written.slice(0, 57)}...` : written;
}

