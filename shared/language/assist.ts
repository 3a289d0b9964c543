import { getPath, normalizePath, parseHocon, resolveHocon, toJsonText, type SyntaxDocument } from '../hocon/index';
import { DISPLAY_AS_VALUES, severityCountWords, type QuickFix, type ToolboxDiagnostic, type ToolKind } from '../toolbox/index';
import { plural } from '../plural';
import { braceDepth, completionContextAt } from './completionContext';
import { FIELD_DOCS, KEYS_BY_KIND } from './fieldDocs';
import type { LanguageWorld } from './navigation';
import { syntaxAt } from './syntaxAt';
import { includeAt, includeHoverLines } from './includeHover';

/**
 * Hovers, completions and quick fixes: what the app's Monaco offered, for every editor. The facts about tools come
 * from whoever analysed the file (the app's toolbox analysis, or the language server's project analysis): only
 * what a fact names is said.
 */
export interface ToolFacts {
  name: string;
  /** 'default' (the shipped toolbox), 'override' (overrides a default tool), or the file's own. */
  origin: string;
  kind?: ToolKind;
  className?: string | null;
  displayAs?: string;
  displayAsInferred?: boolean;
  errors: number;
  warnings?: number;
  /** Style advice about it, counted apart from its warnings (with them: the app's facts). */
  hints?: number;
  /** The file it is written in (as the facts name files), and its line there. */
  file?: string;
  line?: number;
  /** The agents that use it. */
  users?: readonly { agent: string; network: string }[];
}

export interface Hover {
  start: number;
  end: number;
  /** Markdown paragraphs. */
  lines: string[];
}

const WORD = /[A-Za-z0-9_.-]/;

function wordAt(text: string, offset: number): { start: number; end: number; word: string } | undefined {
  let start = offset;
  let end = offset;
  while (start > 0 && WORD.test(text[start - 1]!)) start--;
  while (end < text.length && WORD.test(text[end]!)) end++;
  if (start === end) return undefined;
  return { start, end, word: text.slice(start, end) };
}

/** What a tool is, in a few lines. */
export function toolHoverLines(tool: ToolFacts): string[] {
  const where = tool.origin === 'default' ? 'default toolbox' : tool.origin === 'override' ? 'overrides the default' : tool.file ? `\`${tool.file}\`${tool.line ? `:${tool.line}` : ''}` : 'this file';
  const lines = [`**${tool.name}** — ${tool.kind ? `${tool.kind} ` : ''}tool (${where})`];
  if (tool.className) lines.push(`class \`${tool.className}\``);
  if (tool.displayAs) lines.push(`display_as \`${tool.displayAs}\`${tool.displayAsInferred ? ' (inferred)' : ''}`);
  if (tool.errors + (tool.warnings ?? 0) + (tool.hints ?? 0)) {
    lines.push(tool.warnings === undefined ? plural(tool.errors, 'error') : severityCountWords({ errors: tool.errors, warnings: tool.warnings, hints: tool.hints ?? 0 }));
  }
  if (tool.users) lines.push(tool.users.length === 0 ? 'No agent of the project uses it.' : `Used by ${tool.users.map((u) => `${u.agent} (\`${u.network}\`)`).join(', ')}`);
  return lines;
}

/**
 * The hover at `offset`: an include (where it resolved, includeHover.ts), a toolbox entry's key (its documentation), a
 * tool's name, or a `${...}` (the value the specification's reading gives it, when the world can read the file).
 */
export function hoverAt(text: string, offset: number, tools: readonly ToolFacts[], context?: { world: LanguageWorld; file: string; document?: SyntaxDocument }): Hover | undefined {
  const word = wordAt(text, offset);
  if (context) {
    const document = context.document ?? parseHocon(text, context.file);
    const at = syntaxAt(document, offset);
    if (at.include) {
      // Where the include resolved is the world's to say (only asked for on an include: it may read files).
      const facts = context.world.includesOf?.(context.file);
      const include = includeAt(facts?.includes, offset);
      if (facts && include) return { start: include.range.start.offset, end: include.range.end.offset, lines: includeHoverLines(include, facts) };
    }
    if (at.substitution) {
      const path = at.substitution.path.map((s) => s.name);
      const resolved = resolveHocon(text, { ...context.world.resolveOptions(context.file), fileName: context.file });
      const value = getPath(resolved.value, path);
      const shown = value === undefined ? 'not set in the file (read from the environment, if at all)' : `\`${clip(toJsonText(value, { reader: 'python' }))}\``;
      return { start: at.substitution.start, end: at.substitution.end, lines: [`\`${text.slice(at.substitution.start, at.substitution.end)}\` is ${shown}`] };
    }
  }
  if (!word) return undefined;
  const doc = FIELD_DOCS[word.word];
  if (doc) return { start: word.start, end: word.end, lines: [doc] };
  const tool = tools.find((t) => t.name === word.word || `"${t.name}"` === word.word);
  if (tool) return { start: word.start, end: word.end, lines: toolHoverLines(tool) };
  return undefined;
}

function clip(text: string): string {
  const flat = text.replace(/\s+/g, ' ');
  return flat.length > 200 ? `${flat.slice(0, 197)}...` : flat;
}

export interface CompletionItem {
  label: string;
  kind: 'enum' | 'class' | 'tool' | 'property';
  detail?: string;
  documentation?: string;
  insertText: string;
  filterText: string;
  sortText?: string;
  /**
   * The text the item replaces: [replaceStart, replaceEnd), the value or key being written around the cursor, its
   * closing quote included (the quote an editor closes by itself, which the item's own quotes replace).
   */
  replaceStart: number;
  replaceEnd: number;
}

/**
 * Completions at `offset`: `display_as` values, classes used in the toolbox, tool names after `"toolbox":`, and an
 * entry's keys inside a tool entry (the keys its kind uses).
 */
export function completionsAt(text: string, offset: number, tools: readonly ToolFacts[], document: SyntaxDocument = parseHocon(text)): CompletionItem[] {
  const entry = syntaxAt(document, offset).fields[0]?.field;
  const inEntry = entry && entry.value.kind === 'object' && entry.value.start < offset && offset <= entry.value.end ? entry : undefined;
  const depth = inEntry ? braceDepth(text, inEntry.value.start, offset) : 0;
  const lineStart = text.lastIndexOf('\n', offset - 1) + 1;
  const linePrefix = text.slice(lineStart, offset);
  const context = completionContextAt(linePrefix, depth);
  if (context.kind === 'none') return [];
  const replaceStart = lineStart + context.prefixStart;
  const opened = text[replaceStart] === '"';
  const rest = /^[\w.-]*/.exec(text.slice(offset, offset + 1000))![0].length;
  const replaceEnd = offset + rest + (opened && text[offset + rest] === '"' ? 1 : 0);
  const quote = (value: string) => JSON.stringify(value);
  const values = (items: string[], kind: CompletionItem['kind'], detail: string): CompletionItem[] =>
    items.map((label) => ({ label, kind, detail, insertText: quote(label), filterText: quote(label), replaceStart, replaceEnd }));
  switch (context.kind) {
    case 'display-as':
      return values([...DISPLAY_AS_VALUES], 'enum', 'display_as');
    case 'class':
      return values([...new Set(tools.map((t) => t.className).filter((c): c is string => !!c))], 'class', 'class used in this toolbox');
    case 'tool-name':
      return values(tools.map((t) => t.name), 'tool', 'tool in the toolbox');
    case 'entry-key': {
      const name = inEntry?.key.segments[0]?.name;
      const keys = KEYS_BY_KIND[tools.find((t) => t.name === name)?.kind ?? 'coded'];
      const quoted = /"\w*$/.test(linePrefix) || text.slice(inEntry?.value.start ?? 0, offset).includes('"class"');
      // A key already followed by its separator (a key being renamed) gets the name alone, not a second separator.
      const separated = /^[ \t]*[:={]/.test(text.slice(replaceEnd, replaceEnd + 100));
      return keys.map((key, i) => ({
        label: key,
        kind: 'property',
        documentation: FIELD_DOCS[key] ?? '',
        insertText: quoted ? `"${key}"${separated ? '' : ': '}` : `${key}${separated ? '' : ' = '}`,
        filterText: quoted ? `"${key}"` : key,
        sortText: String(i),
        replaceStart,
        replaceEnd,
      }));
    }
  }
}

/** The fixes the diagnostics of `file` that touch [start, end] offer. */
export function quickFixesAt(diagnostics: readonly ToolboxDiagnostic[], file: string, start: number, end: number): QuickFix[] {
  const here = normalizePath(file);
  const out: QuickFix[] = [];
  for (const d of diagnostics) {
    if (!d.fix || normalizePath(d.file) !== here) continue;
    if (d.range.end.offset < start || d.range.start.offset > end) continue;
    out.push(d.fix);
  }
  return out;
}
