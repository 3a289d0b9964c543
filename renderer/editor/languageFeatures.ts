import type * as Monaco from 'monaco-editor/editor/editor.api';
import { DISPLAY_AS_VALUES } from '../../shared/toolbox/index';
import type { ToolboxAnalysis, ToolSummary } from '../../shared/api/index';
import { braceDepth, completionContextAt } from './completionContext';
import { FIELD_DOCS, KEYS_BY_KIND } from './fieldDocs';
import { HOCON_LANGUAGE_ID } from './hoconLanguage';
import { plural } from '../../shared/plural';
import { includeAt, includeFileToOpen, includeHoverLines } from './includeHover';

/** What the providers need from the window that owns a model: its latest analysis and whether it is current. */
export interface ModelContext {
  analysis(): ToolboxAnalysis | null;
  /** True when the analysis was made from the model's current text (offsets are exact). */
  isCurrent(): boolean;
  /** The analysis of the model's current text once it has come (the editor asks for links before it has). */
  whenCurrent?(): Promise<ToolboxAnalysis | null>;
  /** Shows a tool's class source (the hover on `class` links to it). */
  openClass?(tool: string): void;
  /** Opens a file in the editor (Ctrl/Cmd+click on an include). */
  openFile?(path: string): void;
}

const OPEN_CLASS_COMMAND = 'toolboxEditor.openClass';
const OPEN_FILE_COMMAND = 'toolboxEditor.openFile';
const CLASS_LINE = /^\s*"?class"?\s*[:=]\s*"([^"]+)"/;

const contexts = new Map<string, ModelContext>();

/** Connects a model to its window's analysis; returns the disconnect function. */
export function attachModelContext(model: Monaco.editor.ITextModel, context: ModelContext): () => void {
  contexts.set(model.uri.toString(), context);
  return () => contexts.delete(model.uri.toString());
}

/** The tool entry of this file whose value contains the offset. Entries are in file order: binary search. */
export function toolAt(analysis: ToolboxAnalysis, offset: number): ToolSummary | undefined {
  const own = analysis.tools.filter((t) => t.file === analysis.file);
  let lo = 0;
  let hi = own.length - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    const tool = own[mid] as ToolSummary;
    if (offset < tool.keyRange.start.offset) hi = mid - 1;
    else if (offset > tool.valueRange.end.offset) lo = mid + 1;
    else return tool;
  }
  return undefined;
}

let registered = false;

/** Completions, hovers, quick fixes and folding for HOCON models, once per page. */
export function registerLanguageFeatures(monaco: typeof Monaco): void {
  if (registered) return;
  registered = true;
  const contextOf = (model: Monaco.editor.ITextModel) => contexts.get(model.uri.toString());
  monaco.editor.registerCommand(OPEN_CLASS_COMMAND, (_accessor: unknown, uri: unknown, tool: unknown) => {
    if (typeof uri === 'string' && typeof tool === 'string') contexts.get(uri)?.openClass?.(tool);
  });
  monaco.editor.registerCommand(OPEN_FILE_COMMAND, (_accessor: unknown, uri: unknown, file: unknown) => {
    if (typeof uri === 'string' && typeof file === 'string') contexts.get(uri)?.openFile?.(file);
  });
  registerIncludeFeatures(monaco, contextOf);

  monaco.languages.registerCompletionItemProvider(HOCON_LANGUAGE_ID, {
    triggerCharacters: ['"', ':', '=', ' ', '.'],
    provideCompletionItems(model, position) {
      const analysis = contextOf(model)?.analysis();
      if (!analysis) return { suggestions: [] };
      const offset = model.getOffsetAt(position);
      const tool = toolAt(analysis, offset);
      const text = model.getValue();
      const depth = tool ? braceDepth(text, tool.valueRange.start.offset, offset) : 0;
      const linePrefix = model.getLineContent(position.lineNumber).slice(0, position.column - 1);
      const context = completionContextAt(linePrefix, depth);
      if (context.kind === 'none') return { suggestions: [] };
      const range = new monaco.Range(position.lineNumber, context.prefixStart + 1, position.lineNumber, position.column);
      const quote = (value: string) => JSON.stringify(value);
      const values = (items: string[], kind: Monaco.languages.CompletionItemKind, detail: string) =>
        items.map((label) => ({ label, kind, detail, insertText: quote(label), range, filterText: quote(label) }));
      switch (context.kind) {
        case 'display-as':
          return { suggestions: values([...DISPLAY_AS_VALUES], monaco.languages.CompletionItemKind.EnumMember, 'display_as') };
        case 'class':
          return {
            suggestions: values(
              [...new Set(analysis.tools.map((t) => t.className).filter((c): c is string => !!c))],
              monaco.languages.CompletionItemKind.Class,
              'class used in this toolbox',
            ),
          };
        case 'tool-name':
          return { suggestions: values(analysis.tools.map((t) => t.name), monaco.languages.CompletionItemKind.Function, 'tool in the toolbox') };
        case 'entry-key': {
          const keys = KEYS_BY_KIND[tool?.kind ?? 'coded'];
          const quoted = /"\w*$/.test(linePrefix) || text.slice(tool?.valueRange.start.offset ?? 0, offset).includes('"class"');
          return {
            suggestions: keys.map((key, i) => ({
              label: key,
              kind: monaco.languages.CompletionItemKind.Property,
              documentation: { value: FIELD_DOCS[key] ?? '' },
              insertText: quoted ? `"${key}": ` : `${key} = `,
              filterText: quoted ? `"${key}"` : key,
              sortText: String(i),
              range,
            })),
          };
        }
      }
    },
  });

  monaco.languages.registerHoverProvider(HOCON_LANGUAGE_ID, {
    provideHover(model, position) {
      const word = model.getWordAtPosition(position);
      const analysis = contextOf(model)?.analysis();
      if (!word) return null;
      const range = new monaco.Range(position.lineNumber, word.startColumn, position.lineNumber, word.endColumn);
      const link = analysis ? openClassLink(model, position, analysis) : undefined;
      const doc = FIELD_DOCS[word.word];
      if (doc) return { range, contents: [{ value: doc }, ...(link ? [link] : [])] };
      if (link) return { range, contents: [link] };
      const tool = analysis?.tools.find((t) => t.name === word.word);
      if (tool) {
        const lines = [`**${tool.name}** — ${tool.kind} tool (${tool.origin === 'default' ? 'default toolbox' : tool.origin === 'override' ? 'overrides the default' : 'this file'})`];
        if (tool.className) lines.push(`class \`${tool.className}\``);
        lines.push(`display_as \`${tool.displayAs}\`${tool.displayAsInferred ? ' (inferred)' : ''}`);
        if (tool.errors + tool.warnings) lines.push(`${plural(tool.errors, 'error')}, ${plural(tool.warnings, 'warning')}`);
        return { range, contents: lines.map((value) => ({ value })) };
      }
      return null;
    },
  });

  monaco.languages.registerCodeActionProvider(HOCON_LANGUAGE_ID, {
    provideCodeActions(model, range) {
      const context = contextOf(model);
      const analysis = context?.analysis();
      if (!context || !analysis || !context.isCurrent()) return { actions: [], dispose() {} };
      const start = model.getOffsetAt(range.getStartPosition());
      const end = model.getOffsetAt(range.getEndPosition());
      const actions: Monaco.languages.CodeAction[] = [];
      for (const d of analysis.diagnostics) {
        if (!d.fix || d.file !== analysis.file) continue;
        if (d.range.end.offset < start || d.range.start.offset > end) continue;
        actions.push({
          title: d.fix.title,
          kind: 'quickfix',
          isPreferred: true,
          diagnostics: [],
          edit: {
            edits: d.fix.edits
              .filter((e) => e.file === analysis.file)
              .map((e) => {
                const from = model.getPositionAt(e.offset);
                const to = model.getPositionAt(e.offset + e.length);
                return {
                  resource: model.uri,
                  versionId: model.getVersionId(),
                  textEdit: { range: new monaco.Range(from.lineNumber, from.column, to.lineNumber, to.column), text: e.newText },
                };
              }),
          },
        });
      }
      return { actions, dispose() {} };
    },
  });

  monaco.languages.registerFoldingRangeProvider(HOCON_LANGUAGE_ID, {
    provideFoldingRanges(model) {
      const analysis = contextOf(model)?.analysis();
      const ranges: Monaco.languages.FoldingRange[] = [];
      if (analysis && contextOf(model)?.isCurrent()) {
        for (const tool of analysis.tools) {
          if (tool.file !== analysis.file) continue;
          const start = model.getPositionAt(tool.keyRange.start.offset).lineNumber;
          const end = model.getPositionAt(tool.valueRange.end.offset).lineNumber;
          if (end > start) ranges.push({ start, end, kind: monaco.languages.FoldingRangeKind.Region });
        }
      }
      return ranges;
    },
  });
}

/** On an `include`: a hover saying which file it resolved to, and a link (Ctrl/Cmd+click) that opens that file. */
function registerIncludeFeatures(monaco: typeof Monaco, contextOf: (model: Monaco.editor.ITextModel) => ModelContext | undefined): void {
  const currentAnalysis = (model: Monaco.editor.ITextModel) => {
    const context = contextOf(model);
    return context?.isCurrent() ? context.analysis() : null;
  };
  monaco.languages.registerHoverProvider(HOCON_LANGUAGE_ID, {
    provideHover(model, position) {
      const analysis = currentAnalysis(model);
      const include = analysis ? includeAt(analysis, model.getOffsetAt(position)) : undefined;
      if (!analysis || !include) return null;
      const from = model.getPositionAt(include.range.start.offset);
      const to = model.getPositionAt(include.range.end.offset);
      return { range: new monaco.Range(from.lineNumber, from.column, to.lineNumber, to.column), contents: includeHoverLines(include, analysis.workingDirectory).map((value) => ({ value })) };
    },
  });
  const linkModels = new WeakMap<Monaco.languages.ILink, Monaco.editor.ITextModel>();
  // The links are found once per text; which file one opens is decided at the click, from the analysis then (a
  // change of the working directory preference changes it without changing the text).
  monaco.languages.registerLinkProvider(HOCON_LANGUAGE_ID, {
    async provideLinks(model) {
      const context = contextOf(model);
      const analysis = context?.whenCurrent ? await context.whenCurrent() : currentAnalysis(model);
      const links: Monaco.languages.ILink[] = [];
      for (const include of analysis?.includes ?? []) {
        if (includeFileToOpen(include) === undefined) continue;
        const from = model.getPositionAt(include.range.start.offset);
        const to = model.getPositionAt(include.range.end.offset);
        const link = { range: new monaco.Range(from.lineNumber, from.column, to.lineNumber, to.column), tooltip: 'Open the file this include reads' };
        linkModels.set(link, model);
        links.push(link);
      }
      return { links };
    },
    resolveLink(link) {
      const model = linkModels.get(link);
      const analysis = model ? currentAnalysis(model) : null;
      const include = model && analysis ? includeAt(analysis, model.getOffsetAt({ lineNumber: link.range.startLineNumber, column: link.range.startColumn })) : undefined;
      const file = include ? includeFileToOpen(include) : undefined;
      if (!model || file === undefined) return link;
      const args = encodeURIComponent(JSON.stringify([model.uri.toString(), file]));
      return { ...link, url: `command:${OPEN_FILE_COMMAND}?${args}` };
    },
  });
}

/**
 * On an entry's own `class` line: a link that opens the class's Python source (the command carries the model and
 * the tool, so the window that owns the model opens it).
 */
function openClassLink(model: Monaco.editor.ITextModel, position: Monaco.Position, analysis: ToolboxAnalysis): Monaco.IMarkdownString | undefined {
  const written = CLASS_LINE.exec(model.getLineContent(position.lineNumber))?.[1];
  const tool = toolAt(analysis, model.getOffsetAt(position));
  if (!written || !tool || tool.className !== written) return undefined;
  const args = encodeURIComponent(JSON.stringify([model.uri.toString(), tool.name]));
  return { value: `[Open the Python source of \`${written}\`](command:${OPEN_CLASS_COMMAND}?${args})`, isTrusted: true };
}

/** Diagnostics of this file as Monaco markers at their exact ranges. */
export function markersFor(monaco: typeof Monaco, model: Monaco.editor.ITextModel, analysis: ToolboxAnalysis): Monaco.editor.IMarkerData[] {
  return analysis.diagnostics
    .filter((d) => d.file === analysis.file)
    .map((d) => {
      const start = model.getPositionAt(d.range.start.offset);
      const end = model.getPositionAt(Math.max(d.range.end.offset, d.range.start.offset + 1));
      return {
        severity: d.severity === 'error' ? monaco.MarkerSeverity.Error : monaco.MarkerSeverity.Warning,
        message: d.fix ? `${d.message} (quick fix: ${d.fix.title})` : d.message,
        code: d.rule,
        source: 'toolbox',
        startLineNumber: start.lineNumber,
        startColumn: start.column,
        endLineNumber: end.lineNumber,
        endColumn: end.column,
      };
    });
}
