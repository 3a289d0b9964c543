import type * as Monaco from 'monaco-editor/editor/editor.api';
import type { ToolboxAnalysis, ToolSummary } from '../../shared/api/index';
import {
  completionsAt,
  definition,
  foldingRegions,
  includeAt,
  includeFileToOpen,
  hoverAt,
  outline,
  quickFixesAt,
  references,
  rename,
  renameTarget,
  type LanguageWorld,
  type Location,
  type OutlineSymbol,
  type ToolFacts,
} from '../../shared/language/index';
import { formatDocumentText } from './documentFormatting';
import { HOCON_LANGUAGE_ID } from './hoconLanguage';
import { applyProjectRename, isPeekModel, projectDefinition, projectReferences, type EditorNotice, type EditorProject } from './projectNavigation';
import { errorMessage } from '../../shared/errorMessage';


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
  /** Says something to the user (why Format Document did nothing, a rename across the project done). */
  notify?(notice: EditorNotice): void;
  /** The document's project: go to definition, references and rename across its files, its formatting options. */
  project?: EditorProject;
  /** Edits on their way to the model (a rename's, after the language service answers): the window's saves wait. */
  arriving?(work: Promise<unknown>): void;
}

const OPEN_CLASS_COMMAND = 'toolboxEditor.openClass';
const OPEN_FILE_COMMAND = 'toolboxEditor.openFile';
const CLASS_LINE = /^\s*"?class"?\s*[:=]\s*"([^"]+)"/;

const contexts = new Map<string, ModelContext>();

/** From this length on, folding regions wait for the text's analysis (provideFoldingRanges). */
const BIG_FOLDING_TEXT = 200_000;
const FOLDING_WAIT_MS = 2000;

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

/** The language service (shared/language) for HOCON models, once per page: Monaco is its adapter. */
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

  const kinds = {
    enum: monaco.languages.CompletionItemKind.EnumMember,
    class: monaco.languages.CompletionItemKind.Class,
    tool: monaco.languages.CompletionItemKind.Function,
    property: monaco.languages.CompletionItemKind.Property,
  };
  monaco.languages.registerCompletionItemProvider(HOCON_LANGUAGE_ID, {
    triggerCharacters: ['"', ':', '=', ' ', '.'],
    provideCompletionItems(model, position) {
      const analysis = contextOf(model)?.analysis();
      if (!analysis) return { suggestions: [] };
      const offset = model.getOffsetAt(position);
      const items = completionsAt(model.getValue(), offset, toolFacts(analysis));
      return {
        suggestions: items.map((item) => {
          const from = model.getPositionAt(item.replaceStart);
          const to = model.getPositionAt(item.replaceEnd);
          return {
            label: item.label,
            kind: kinds[item.kind],
            ...(item.detail ? { detail: item.detail } : {}),
            ...(item.documentation !== undefined ? { documentation: { value: item.documentation } } : {}),
            insertText: item.insertText,
            filterText: item.filterText,
            ...(item.sortText ? { sortText: item.sortText } : {}),
            range: new monaco.Range(from.lineNumber, from.column, to.lineNumber, to.column),
          };
        }),
      };
    },
  });

  monaco.languages.registerHoverProvider(HOCON_LANGUAGE_ID, {
    provideHover(model, position) {
      const analysis = contextOf(model)?.analysis();
      const link = analysis ? openClassLink(model, position, analysis) : undefined;
      const world = analysis && contextOf(model)?.isCurrent() ? worldOf(model, analysis) : undefined;
      const hover = hoverAt(model.getValue(), model.getOffsetAt(position), analysis ? toolFacts(analysis) : [], world ? { world, file: world.file } : undefined);
      if (!hover) return link ? { contents: [link] } : null;
      return { range: rangeOf(monaco, model, hover.start, hover.end), contents: [...hover.lines.map((value) => ({ value })), ...(link ? [link] : [])] };
    },
  });

  monaco.languages.registerCodeActionProvider(HOCON_LANGUAGE_ID, {
    provideCodeActions(model, range) {
      const context = contextOf(model);
      const analysis = context?.analysis();
      if (!context || !analysis || !context.isCurrent()) return { actions: [], dispose() {} };
      const fixes = quickFixesAt(analysis.diagnostics, analysis.file, model.getOffsetAt(range.getStartPosition()), model.getOffsetAt(range.getEndPosition()));
      const actions: Monaco.languages.CodeAction[] = fixes.map((fix) => ({
        title: fix.title,
        kind: 'quickfix',
        isPreferred: true,
        diagnostics: [],
        edit: {
          edits: fix.edits
            .filter((e) => e.file === analysis.file)
            .map((e) => ({ resource: model.uri, versionId: model.getVersionId(), textEdit: { range: rangeOf(monaco, model, e.offset, e.offset + e.length), text: e.newText } })),
        },
      }));
      return { actions, dispose() {} };
    },
  });

  monaco.languages.registerFoldingRangeProvider(HOCON_LANGUAGE_ID, {
    async provideFoldingRanges(model, _context, token) {
      // A big text's regions (a pass over it on this thread: ~45 ms at 5,000 tools, 3.4 MB) wait until its
      // analysis has come and shows, so that they never hold up the keystroke's diagnostics; Monaco keeps showing the
      // last regions, moved with the edits, meanwhile. At most FOLDING_WAIT_MS, in case no analysis comes.
      const context = contextOf(model);
      if (context?.whenCurrent && model.getValueLength() >= BIG_FOLDING_TEXT) {
        await Promise.race([context.whenCurrent(), new Promise((resolve) => setTimeout(resolve, FOLDING_WAIT_MS))]);
        // ...and until the page has shown it: the analysis came in this task, and its panes paint at the next frame.
        await new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));
        if (token.isCancellationRequested || model.isDisposed()) return [];
      }
      return foldingRegions(model.getValue())
        .map((r) => ({
          start: model.getPositionAt(r.start).lineNumber,
          end: model.getPositionAt(r.end).lineNumber,
          kind: r.kind === 'comment' ? monaco.languages.FoldingRangeKind.Comment : monaco.languages.FoldingRangeKind.Region,
        }))
        .filter((r) => r.end > r.start);
    },
  });

  registerNavigation(monaco, contextOf);
  registerOpener(monaco, contextOf);
}

/** The text's name for the service, and a world of this one text (other files are opened by the app, not read here). */
type ModelWorld = LanguageWorld & { file: string };

function worldOf(model: Monaco.editor.ITextModel, analysis: ToolboxAnalysis | null): ModelWorld {
  const file = analysis?.file ?? model.uri.path;
  return {
    file,
    read: (f) => (f === file ? model.getValue() : undefined),
    resolveOptions: () => ({ fileName: file }),
    // The analysis says where each include resolved (a world is made from a current analysis only).
    includesOf: (f) =>
      f === file && analysis?.includes
        ? { includes: analysis.includes, ...(analysis.workingDirectory ? { workingDirectory: analysis.workingDirectory } : {}), chooser: 'the run settings or Preferences', opener: 'Ctrl/Cmd+click' }
        : undefined,
  };
}

function rangeOf(monaco: typeof Monaco, model: Monaco.editor.ITextModel, start: number, end: number): Monaco.Range {
  const from = model.getPositionAt(start);
  const to = model.getPositionAt(end);
  return new monaco.Range(from.lineNumber, from.column, to.lineNumber, to.column);
}

/** The toolbox analysis's tools as the service's facts. */
function toolFacts(analysis: ToolboxAnalysis): ToolFacts[] {
  return analysis.tools.map((t: ToolSummary) => ({
    name: t.name,
    origin: t.origin === 'default' || t.origin === 'override' ? t.origin : 'this file',
    kind: t.kind,
    className: t.className ?? null,
    displayAs: t.displayAs,
    displayAsInferred: t.displayAsInferred,
    errors: t.errors,
    warnings: t.warnings,
    hints: t.hints,
  }));
}

/**
 * Outline (Ctrl+Shift+O and the Outline beside the editor), Format Document (Shift+Alt+F), go to definition (F12),
 * find references (Shift+F12) and rename (F2), all from the language service (shared/language), on this file's text.
 */
function registerNavigation(monaco: typeof Monaco, contextOf: (model: Monaco.editor.ITextModel) => ModelContext | undefined): void {
  const symbolKinds: Record<OutlineSymbol['kind'], Monaco.languages.SymbolKind> = {
    object: monaco.languages.SymbolKind.Object,
    array: monaco.languages.SymbolKind.Array,
    string: monaco.languages.SymbolKind.String,
    number: monaco.languages.SymbolKind.Number,
    boolean: monaco.languages.SymbolKind.Boolean,
    null: monaco.languages.SymbolKind.Null,
    substitution: monaco.languages.SymbolKind.Variable,
    include: monaco.languages.SymbolKind.File,
    value: monaco.languages.SymbolKind.Field,
  };
  monaco.languages.registerDocumentSymbolProvider(HOCON_LANGUAGE_ID, {
    provideDocumentSymbols(model) {
      const convert = (s: OutlineSymbol): Monaco.languages.DocumentSymbol => ({
        name: s.name || '""',
        detail: s.detail,
        kind: symbolKinds[s.kind],
        tags: [],
        range: rangeOf(monaco, model, s.start, s.end),
        selectionRange: rangeOf(monaco, model, s.nameStart, s.nameEnd),
        children: s.children.map(convert),
      });
      return outline(model.getValue()).map(convert);
    },
  });
  // Formatting as `toolbox-editor format FILE` does: the options its .editorconfig gives (none for an untitled file),
  // the text's own style for the rest (documentFormatting.ts).
  const format = async (model: Monaco.editor.ITextModel, range?: Monaco.Range) => {
    const context = contextOf(model);
    const path = context?.project?.path() ?? null;
    let options = {};
    if (path !== null && context?.project) {
      try {
        options = await context.project.api.invoke('language.formatOptions', { path });
      } catch (error) {
        context.notify?.({ kind: 'warning', text: `Not formatted: the formatting options could not be read (${errorMessage(error)}).` });
        return [];
      }
    }
    const file = context?.analysis()?.file ?? model.uri.path;
    const text = model.getValue();
    const result = formatDocumentText(text, options, file, range ? { start: model.getOffsetAt(range.getStartPosition()), end: model.getOffsetAt(range.getEndPosition()) } : undefined);
    if ('notice' in result) {
      context?.notify?.({ kind: 'warning', text: result.notice });
      return [];
    }
    // The text may have changed while the options came: edits of an older text are not applied.
    if (model.getValue() !== text) return [];
    return result.edits.map((e) => ({ range: rangeOf(monaco, model, e.offset, e.offset + e.length), text: e.newText }));
  };
  monaco.languages.registerDocumentFormattingEditProvider(HOCON_LANGUAGE_ID, { provideDocumentFormattingEdits: (model) => format(model) });
  monaco.languages.registerDocumentRangeFormattingEditProvider(HOCON_LANGUAGE_ID, { provideDocumentRangeFormattingEdits: (model, range) => format(model, range) });

  /** The document's path and project when it has both (then the features go across the project), else undefined. */
  const projectOf = (model: Monaco.editor.ITextModel) => {
    const context = contextOf(model);
    const path = context?.project?.path() ?? null;
    return context?.project && path !== null ? { context, project: context.project, path } : undefined;
  };
  const inThisFile = (model: Monaco.editor.ITextModel, locations: Location[], world: ModelWorld): Monaco.languages.Location[] =>
    locations.filter((l) => l.file === world.file).map((l) => ({ uri: model.uri, range: rangeOf(monaco, model, l.start, l.end) }));
  const localWorld = (model: Monaco.editor.ITextModel) => worldOf(model, contextOf(model)?.analysis() ?? null);
  monaco.languages.registerDefinitionProvider(HOCON_LANGUAGE_ID, {
    async provideDefinition(model, position) {
      const offset = model.getOffsetAt(position);
      const across = projectOf(model);
      if (across) {
        try {
          return await projectDefinition(monaco, model, across.project, across.path, offset);
        } catch {
          // The project could not be read: what this text alone says.
        }
      }
      const world = localWorld(model);
      return inThisFile(model, definition(world, world.file, offset), world);
    },
  });
  monaco.languages.registerReferenceProvider(HOCON_LANGUAGE_ID, {
    async provideReferences(model, position, context) {
      const offset = model.getOffsetAt(position);
      const across = projectOf(model);
      if (across) {
        try {
          return await projectReferences(monaco, model, across.project, across.path, offset, context.includeDeclaration);
        } catch {
          // As above.
        }
      }
      const world = localWorld(model);
      return inThisFile(model, references(world, world.file, offset, context.includeDeclaration), world);
    },
  });
  /**
   * The rename's answer, told to the window as edits under way: a Ctrl+S pressed right after Enter in the rename box
   * saves the renamed text. Monaco applies the edits in the microtasks after the answer (StandaloneBulkEditService),
   * so they are in the model by the next task; an answer without edits in this model settles with it.
   */
  const renameArriving = (model: Monaco.editor.ITextModel, answer: Promise<Monaco.languages.WorkspaceEdit & Monaco.languages.Rejection>) => {
    const arriving = contextOf(model)?.arriving;
    arriving?.(answer.then((edit) => (edit.edits.length > 0 ? new Promise((resolve) => setTimeout(resolve, 0)) : undefined)));
    return answer;
  };
  monaco.languages.registerRenameProvider(HOCON_LANGUAGE_ID, {
    async resolveRenameLocation(model, position) {
      const offset = model.getOffsetAt(position);
      const across = projectOf(model);
      const target = across
        ? await across.project.api.invoke('language.renameTarget', { path: across.path, text: model.getValue(), offset }).catch((error: unknown) => ({ problem: errorMessage(error) }))
        : renameTarget(localWorld(model), localWorld(model).file, offset);
      if ('problem' in target) return { range: rangeOf(monaco, model, offset, offset), text: '', rejectReason: target.problem };
      // A tool is renamed in the project's files on disk: this one's unsaved changes would be lost.
      if ('tool' in target && target.tool !== undefined && across?.project.dirty()) {
        return { range: rangeOf(monaco, model, offset, offset), text: '', rejectReason: `Save your changes first: renaming '${target.tool}' edits the project's files on disk.` };
      }
      return { range: rangeOf(monaco, model, target.start, target.end), text: target.placeholder };
    },
    provideRenameEdits(model, position, newName) {
      return renameArriving(model, renameEdits(model, position, newName));
    },
  });
  /** F2's edits: within this text (the service's, or the server's for this file), or the project's files on disk. */
  async function renameEdits(model: Monaco.editor.ITextModel, position: Monaco.Position, newName: string): Promise<Monaco.languages.WorkspaceEdit & Monaco.languages.Rejection> {
    const offset = model.getOffsetAt(position);
    const across = projectOf(model);
    const inModel = (edits: readonly { offset: number; length: number; newText: string }[]) => ({
      edits: edits.map((e) => ({ resource: model.uri, versionId: model.getVersionId(), textEdit: { range: rangeOf(monaco, model, e.offset, e.offset + e.length), text: e.newText } })),
    });
    if (!across) {
      const world = localWorld(model);
      const result = rename(world, world.file, offset, newName);
      return result.ok ? inModel(result.edits) : { edits: [], rejectReason: result.problem };
    }
    const text = model.getValue();
    const result = await across.project.api.invoke('language.rename', { path: across.path, text, offset, newName }).catch((error: unknown) => ({ problem: errorMessage(error) }));
    if ('problem' in result) {
      // Monaco's own notice of a refusal goes nowhere in the app: said above the text.
      across.context.notify?.({ kind: 'warning', text: `Not renamed: ${result.problem}` });
      return { edits: [] };
    }
    if (result.scope === 'file') return model.getValue() === text ? inModel(result.edits) : { edits: [] };
    await applyProjectRename(across.project, result, (notice) => across.context.notify?.(notice));
    return { edits: [] };
  }
}

/**
 * Another file's location (go to definition, a reference opened from the peek): the app opens it in its one editor.
 * The peek's models of other files are read-only: an edit there would be saved nowhere.
 */
function registerOpener(monaco: typeof Monaco, contextOf: (model: Monaco.editor.ITextModel) => ModelContext | undefined): void {
  monaco.editor.registerEditorOpener({
    openCodeEditor(source, resource, selectionOrPosition) {
      const model = source.getModel();
      const project = model ? contextOf(model)?.project : undefined;
      if (!project || resource.scheme !== 'file') return false;
      const range = selectionOrPosition && 'startLineNumber' in selectionOrPosition ? selectionOrPosition : undefined;
      const from = range ? { lineNumber: range.startLineNumber, column: range.startColumn } : ((selectionOrPosition as Monaco.IPosition | undefined) ?? { lineNumber: 1, column: 1 });
      const to = range ? { lineNumber: range.endLineNumber, column: range.endColumn } : from;
      return project.openAt(resource.fsPath, from, to);
    },
  });
  monaco.editor.onDidCreateEditor((editor) => {
    editor.onDidChangeModel(() => {
      if (isPeekModel(editor.getModel())) editor.updateOptions({ readOnly: true, readOnlyMessage: { value: 'Open the file to edit it (double-click its reference).' } });
    });
  });
}

/** On an `include`: a link (Ctrl/Cmd+click) that opens the file it reads (its hover is the language service's). */
function registerIncludeFeatures(monaco: typeof Monaco, contextOf: (model: Monaco.editor.ITextModel) => ModelContext | undefined): void {
  const currentAnalysis = (model: Monaco.editor.ITextModel) => {
    const context = contextOf(model);
    return context?.isCurrent() ? context.analysis() : null;
  };
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
      const include = model && analysis ? includeAt(analysis.includes, model.getOffsetAt({ lineNumber: link.range.startLineNumber, column: link.range.startColumn })) : undefined;
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

/**
 * Monaco's severity of each of ours. A hint is Info, not Monaco's Hint: a Hint marker is three faint dots at the start
 * of its range, too slight to find a style remark by; Info underlines the whole range in blue, apart from warnings.
 */
function markerSeverity(monaco: typeof Monaco, severity: ToolboxAnalysis['diagnostics'][number]['severity']): Monaco.MarkerSeverity {
  return severity === 'error' ? monaco.MarkerSeverity.Error : severity === 'warning' ? monaco.MarkerSeverity.Warning : monaco.MarkerSeverity.Info;
}

/** Diagnostics of this file as Monaco markers at their exact ranges. */
export function markersFor(monaco: typeof Monaco, model: Monaco.editor.ITextModel, analysis: ToolboxAnalysis): Monaco.editor.IMarkerData[] {
  return analysis.diagnostics
    .filter((d) => d.file === analysis.file)
    .map((d) => {
      const start = model.getPositionAt(d.range.start.offset);
      const end = model.getPositionAt(Math.max(d.range.end.offset, d.range.start.offset + 1));
      return {
        severity: markerSeverity(monaco, d.severity),
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
