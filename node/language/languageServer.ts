import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import {
  CodeActionKind,
  CompletionItemKind,
  DiagnosticSeverity,
  FoldingRangeKind,
  MessageType,
  ShowMessageNotification,
  ResponseError,
  SymbolKind as LspSymbolKind,
  TextDocumentSyncKind,
  TextDocuments,
  type Connection,
  type DocumentSymbol,
  type FormattingOptions,
  type InitializeResult,
  type Location as LspLocation,
  type Range,
  type TextEdit as LspTextEdit,
  type WorkspaceEdit,
} from 'vscode-languageserver/node';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { parseHocon, type FormatOptions, type SyntaxDocument, type TextEdit } from '../../shared/hocon/index';
import {
  completionsAt,
  definition,
  foldingRegions,
  formatChecked,
  hoverAt,
  outline,
  quickFixesAt,
  references,
  rename,
  renameTarget,
  type Location,
  type OutlineSymbol,
  type ToolFacts,
} from '../../shared/language/index';
import { MAX_TEXT_FILE_BYTES } from '../files/textFiles';
import { findProjectRoot } from '../project/projectSettingsOnDisk';
import { editorConfigOptions } from './editorConfigOnDisk';
import { ProjectWorkspace } from './projectWorkspace';
import { projectReadings } from './projectReadings';
import { lspDiagnosticsOf } from './publishedDiagnostics';
import { APP_VERSION } from '../../shared/version';
import { agentHoverLines, agentNamedAt, withAgentDetails } from '../../shared/language/agentOutline';
import type { NetworkAgent } from '../../shared/network/agents';
import { loadFileFromDisk, type LoadedFile } from '../workspace/toolboxOnDisk';
import { reviewSettingsFor } from '../review/reviewToolbox';
import { loadTokenizer } from '../tokens/tokenizers';

/**
 * `toolbox-editor lsp`: the language service (shared/language) over LSP 3.17, for VS Code, Neovim, JetBrains (LSP4IJ)
 * and any other client. Documents sync incrementally; each belongs to the neuro-san project found from it (the
 * nearest folder upward holding `registries/`, else its folder), which is read as `validate DIR` reads it, the
 * editor's unsaved texts first, and its diagnostics published for every file of the project. The server never runs
 * project code, and a handler that fails answers an error instead of taking the server down.
 */
export interface LanguageServerOptions {
  env: Record<string, string | undefined>;
  /** How long edits settle before the project is read again (ms). */
  settleMs?: number;
  /** The project-reading thread's entry (default: bundled next to the server; from the sources, none: read in-process). */
  readingEntry?: string;
}

/** A document longer than this (UTF-16 units) is not analysed, as the app opens no larger file. */
const MAX_DOCUMENT_LENGTH = MAX_TEXT_FILE_BYTES;
/** How many documents' syntax trees are kept (about 18 times the text in memory: 16 MB for a 1 MB toolbox). */
const KEPT_TREES = 4;

export function startLanguageServer(connection: Connection, options: LanguageServerOptions): void {
  const documents = new TextDocuments(TextDocument);
  /** Unsaved texts by absolute path (what the projects read before the disk). */
  const overlays = new Map<string, string>();
  const projects = new Map<string, ProjectWorkspace>();
  /** Files that were given diagnostics, by project root: cleared when a reading finds none there any more. */
  const published = new Map<string, Set<string>>();
  const pending = new Map<string, NodeJS.Timeout>();
  const settleMs = options.settleMs ?? 150;
  let workspaceFolders: string[] = [];
  /** Whether the client says when its workspace folders change (asking for that of one that does not throws). */
  let folderChanges = false;

  /** Set once the client has asked the server to shut down: a reading that ends later says nothing. */
  let shutDown = false;
  const log = (message: string) => {
    if (!shutDown) connection.console.log(message);
  };

  const projectOf = (absolute: string): ProjectWorkspace => {
    const root = findProjectRoot(absolute);
    let project = projects.get(root);
    if (!project) {
      project = new ProjectWorkspace(root, overlays, options.env);
      projects.set(root, project);
    }
    return project;
  };

  const readings = projectReadings(options.readingEntry);
  /** The reading under way for each project root: one at a time, again while the texts changed meanwhile. */
  const reading = new Map<string, Promise<void>>();
  /** The last failure said to the user, per root (said once, not at every keystroke). */
  const failures = new Map<string, string>();

  /**
   * Reads the project off the request path (projectReadings.ts) until the analysis is of its current texts, and
   * publishes each reading. Requests meanwhile answer from the previous analysis, or wait for this one (whenCurrent).
   */
  const readProject = (project: ProjectWorkspace): Promise<void> => {
    const under = reading.get(project.root);
    if (under) return under;
    const run = (async () => {
      while (!project.current) {
        const version = project.version;
        const started = Date.now();
        log(`Reading ${project.root}`);
        try {
          project.accept(version, await readings.read(project.request(true)));
          log(`Read ${project.root} in ${Date.now() - started} ms`);
          failures.delete(project.root);
        } catch (error) {
          project.accept(version, undefined);
          const message = `Reading the project ${project.root} failed: ${error instanceof Error ? error.message : String(error)}`;
          log(message);
          if (failures.get(project.root) !== message && !shutDown) void connection.sendNotification(ShowMessageNotification.type, { type: MessageType.Warning, message });
          failures.set(project.root, message);
        }
        publish(project);
      }
    })().finally(() => reading.delete(project.root));
    reading.set(project.root, run);
    return run;
  };

  /** The project once its analysis is of the texts as they are now (for requests that place things by offsets). */
  const whenCurrent = async (project: ProjectWorkspace): Promise<ProjectWorkspace> => {
    while (!project.current) {
      // Asked for now: no need to wait for the edits to settle.
      clearTimeout(pending.get(project.root));
      pending.delete(project.root);
      await readProject(project);
    }
    return project;
  };

  const schedule = (project: ProjectWorkspace) => {
    project.version++;
    clearTimeout(pending.get(project.root));
    pending.set(
      project.root,
      setTimeout(() => {
        pending.delete(project.root);
        void readProject(project);
      }, settleMs),
    );
  };

  /** Publishes the project's diagnostics, made on the reading thread (publishedDiagnostics.ts); clears those gone. */
  const publish = (project: ProjectWorkspace) => {
    const files = project.published;
    if (!files || shutDown) return;
    const now = new Set(files.map((f) => f.file));
    for (const absolute of published.get(project.root) ?? []) {
      if (!now.has(absolute)) void connection.sendDiagnostics({ uri: uriOf(absolute), diagnostics: [] });
    }
    for (const file of files) void connection.sendDiagnostics({ uri: uriOf(file.file), diagnostics: lspDiagnosticsOf(file) });
    published.set(project.root, now);
  };

  const textOf = (uri: string) => documents.get(uri);

  /**
   * The syntax tree of an open document's text, parsed once for every hover, completion, outline and folding of that
   * text (a 1 MB toolbox takes 100-250 ms to parse: parsed per request, hovers sent while the project is read kept the
   * main thread busy). Kept for the few documents used last.
   */
  const trees = new Map<string, { text: string; file: string; tree: SyntaxDocument }>();
  const syntaxOf = (doc: TextDocument, file: string): SyntaxDocument => {
    const text = doc.getText();
    const kept = trees.get(doc.uri);
    trees.delete(doc.uri);
    const tree = kept && kept.text === text && kept.file === file ? kept.tree : parseHocon(text, file);
    trees.set(doc.uri, { text, file, tree });
    if (trees.size > KEPT_TREES) trees.delete(trees.keys().next().value!);
    return tree;
  };

  /**
   * The document, its project and its name there; undefined for a document that is not a file or too big. The
   * project's analysis is the last one read (hovers and completions answer at once); `currentContext` waits for
   * the one of the texts as they are now.
   */
  const context = (uri: string) => {
    const doc = textOf(uri);
    const absolute = fileOf(uri);
    if (!doc || absolute === undefined || doc.getText().length > MAX_DOCUMENT_LENGTH) return undefined;
    const project = projectOf(absolute);
    return { doc, absolute, project, file: project.relative(absolute) };
  };
  /** The tree for a request that needs no project (outline, folding): kept as the hovers' is, for a file. */
  const treeOf = (doc: TextDocument): SyntaxDocument => {
    const c = context(doc.uri);
    return c ? syntaxOf(c.doc, c.file) : parseHocon(doc.getText());
  };
  /**
   * A network document read as `agents FILE` reads it (its project's toolbox, manifest, release; the open texts over
   * the disk), for the outline's agents and the hover on an agent's name. Only a text with a top-level `tools` list
   * is read so; kept for the texts used last (an outline is asked at every edit).
   */
  const networks = new Map<string, { text: string; version: number; loaded: (LoadedFile & { kind: 'network' }) | undefined }>();
  const networkOf = (c: NonNullable<ReturnType<typeof context>>) => {
    const text = c.doc.getText();
    const kept = networks.get(c.doc.uri);
    if (kept && kept.text === text && kept.version === c.project.version) return kept.loaded;
    let loaded: (LoadedFile & { kind: 'network' }) | undefined;
    if (outline(text, syntaxOf(c.doc, c.file)).some((s) => s.name === 'tools' && s.kind === 'array')) {
      const read = loadFileFromDisk(c.absolute, { cwd: c.project.root, env: c.project.env, overlays, projectRoot: c.project.root, reading: 'neuro-san', neuroSanCwd: c.project.root });
      if (read.kind === 'network') loaded = read;
    }
    networks.delete(c.doc.uri);
    networks.set(c.doc.uri, { text, version: c.project.version, loaded });
    if (networks.size > KEPT_TREES) networks.delete(networks.keys().next().value!);
    return loaded;
  };
  const writtenIn = (absolute: string) => (agent: NetworkAgent) => path.resolve(agent.at.source.name) === absolute;

  const currentContext = async (uri: string) => {
    const c = context(uri);
    if (c) await whenCurrent(c.project);
    // Taken again at once, in the same turn as the reading found current: no edit can come between.
    return c && context(uri);
  };

  /** A location of the service as an LSP location (the file's text read to place it). */
  const locationOf = (project: ProjectWorkspace, location: Location): LspLocation => {
    const absolute = project.absolute(location.file);
    const text = overlays.get(absolute) ?? project.read(absolute) ?? '';
    const doc = TextDocument.create(uriOf(absolute), 'hocon', 0, text);
    return { uri: uriOf(absolute), range: { start: doc.positionAt(location.start), end: doc.positionAt(location.end) } };
  };

  const workspaceEdit = (project: ProjectWorkspace, edits: readonly (TextEdit & { file: string })[]): WorkspaceEdit => {
    const changes: Record<string, LspTextEdit[]> = {};
    for (const edit of edits) {
      const absolute = project.absolute(edit.file);
      const uri = uriOf(absolute);
      const doc = documents.get(uri) ?? TextDocument.create(uri, 'hocon', 0, project.read(absolute) ?? '');
      (changes[uri] ??= []).push({ range: { start: doc.positionAt(edit.offset), end: doc.positionAt(edit.offset + edit.length) }, newText: edit.newText });
    }
    return { changes };
  };

  const toolFacts = (project: ProjectWorkspace): ToolFacts[] =>
    (project.analysis?.tools ?? []).map((t) => ({ name: t.name, origin: t.origin, errors: t.errors, file: t.file, line: t.line, users: t.users.map((u) => ({ agent: u.agent, network: u.network })) }));

  /** Runs a request handler; a failure is logged and answered as an error, never taking the server down. */
  const failed = (name: string, error: unknown) => {
    const message = error instanceof Error ? error.message : String(error);
    log(`${name} failed: ${message}`);
    return new ResponseError<void>(-32603, `${name} failed: ${message}`);
  };
  const guarded =
    <P, R>(name: string, handler: (params: P) => R) =>
    (params: P): R | ResponseError<void> => {
      try {
        return handler(params);
      } catch (error) {
        return failed(name, error);
      }
    };
  /** The same for a handler that waits (for the project's current reading). */
  const guardedAsync =
    <P, R>(name: string, handler: (params: P) => Promise<R>) =>
    (params: P): Promise<R | ResponseError<void>> =>
      handler(params).catch((error: unknown) => failed(name, error));

  connection.onInitialize((params): InitializeResult => {
    folderChanges = params.capabilities.workspace?.workspaceFolders === true;
    workspaceFolders = (params.workspaceFolders ?? []).map((f) => fileOf(f.uri)).filter((f): f is string => f !== undefined);
    if (workspaceFolders.length === 0 && params.rootUri) {
      const root = fileOf(params.rootUri);
      if (root) workspaceFolders = [root];
    }
    return {
      capabilities: {
        textDocumentSync: { openClose: true, change: TextDocumentSyncKind.Incremental, save: { includeText: false } },
        hoverProvider: true,
        completionProvider: { triggerCharacters: ['"', ':', '=', ' ', '.'] },
        definitionProvider: true,
        referencesProvider: true,
        renameProvider: { prepareProvider: true },
        documentSymbolProvider: true,
        foldingRangeProvider: true,
        documentFormattingProvider: true,
        documentRangeFormattingProvider: true,
        codeActionProvider: { codeActionKinds: [CodeActionKind.QuickFix] },
        workspace: { workspaceFolders: { supported: true, changeNotifications: true } },
      },
      serverInfo: { name: 'toolbox-editor', version: APP_VERSION },
    };
  });

  connection.onInitialized(() => {
    for (const folder of workspaceFolders) schedule(projectOf(folder));
    if (workspaceFolders.length > 0 && folderChanges) {
      connection.workspace.onDidChangeWorkspaceFolders((event) => {
        for (const removed of event.removed) {
          const folder = fileOf(removed.uri);
          if (folder) workspaceFolders = workspaceFolders.filter((f) => f !== folder);
        }
        for (const added of event.added) {
          const folder = fileOf(added.uri);
          if (folder) {
            workspaceFolders.push(folder);
            schedule(projectOf(folder));
          }
        }
      });
    }
  });

  const changed = (uri: string, text: string | undefined) => {
    const absolute = fileOf(uri);
    if (absolute === undefined) return;
    if (text === undefined) overlays.delete(absolute);
    else if (text.length <= MAX_DOCUMENT_LENGTH) overlays.set(absolute, text);
    else {
      overlays.delete(absolute);
      void connection.sendDiagnostics({ uri, diagnostics: [{ range: { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } }, severity: DiagnosticSeverity.Warning, source: 'toolbox', message: `This file is larger than ${MAX_DOCUMENT_LENGTH / 1048576} MB: it is not analysed.` }] });
      return;
    }
    schedule(projectOf(absolute));
  };
  documents.onDidOpen((e) => changed(e.document.uri, e.document.getText()));
  documents.onDidChangeContent((e) => changed(e.document.uri, e.document.getText()));
  documents.onDidClose((e) => {
    trees.delete(e.document.uri);
    changed(e.document.uri, undefined);
  });
  documents.onDidSave((e) => changed(e.document.uri, e.document.getText()));
  connection.onDidChangeWatchedFiles((e) => {
    for (const change of e.changes) {
      const absolute = fileOf(change.uri);
      if (absolute) schedule(projectOf(absolute));
    }
  });

  connection.onHover(
    guardedAsync('hover', async (params) => {
      const c = context(params.textDocument.uri);
      if (!c) return null;
      const offset = c.doc.offsetAt(params.position);
      // On an agent's name: what its LLM is offered (shared/network/offers.ts).
      const network = networkOf(c);
      const agent = network && agentNamedAt(network.agents(), offset, writtenIn(c.absolute));
      if (network && agent) {
        const { settings } = reviewSettingsFor(c.absolute);
        const offers = agent.kind === 'llm' ? network.agentOffers(agent.name, { count: await loadTokenizer(settings.tokenizer), similarityThreshold: settings.similarityThreshold }) : undefined;
        const lines = agentHoverLines(agent, offers, settings.tokenizer);
        return { contents: { kind: 'markdown', value: lines.join('\n\n') }, range: { start: c.doc.positionAt(agent.at.start), end: c.doc.positionAt(agent.at.end) } };
      }
      const hover = hoverAt(c.doc.getText(), offset, toolFacts(c.project), { world: c.project, file: c.file, document: syntaxOf(c.doc, c.file) });
      if (!hover) return null;
      return { contents: { kind: 'markdown', value: hover.lines.join('\n\n') }, range: { start: c.doc.positionAt(hover.start), end: c.doc.positionAt(hover.end) } };
    }),
  );

  connection.onCompletion(
    guarded('completion', (params) => {
      const c = context(params.textDocument.uri);
      if (!c) return [];
      const offset = c.doc.offsetAt(params.position);
      const kinds = { enum: CompletionItemKind.EnumMember, class: CompletionItemKind.Class, tool: CompletionItemKind.Function, property: CompletionItemKind.Property };
      return completionsAt(c.doc.getText(), offset, toolFacts(c.project), syntaxOf(c.doc, c.file)).map((item) => ({
        label: item.label,
        kind: kinds[item.kind],
        ...(item.detail ? { detail: item.detail } : {}),
        ...(item.documentation ? { documentation: { kind: 'markdown' as const, value: item.documentation } } : {}),
        filterText: item.filterText,
        ...(item.sortText ? { sortText: item.sortText } : {}),
        textEdit: { range: { start: c.doc.positionAt(item.replaceStart), end: c.doc.positionAt(item.replaceEnd) }, newText: item.insertText },
      }));
    }),
  );

  connection.onDefinition(
    guardedAsync('definition', async (params) => {
      const c = await currentContext(params.textDocument.uri);
      if (!c) return null;
      return definition(c.project, c.file, c.doc.offsetAt(params.position)).map((l) => locationOf(c.project, l));
    }),
  );

  connection.onReferences(
    guardedAsync('references', async (params) => {
      const c = await currentContext(params.textDocument.uri);
      if (!c) return null;
      return references(c.project, c.file, c.doc.offsetAt(params.position), params.context.includeDeclaration).map((l) => locationOf(c.project, l));
    }),
  );

  connection.onPrepareRename(
    guardedAsync('prepareRename', async (params) => {
      const c = await currentContext(params.textDocument.uri);
      if (!c) return null;
      const target = renameTarget(c.project, c.file, c.doc.offsetAt(params.position));
      if ('problem' in target) throw new Error(target.problem);
      return { range: { start: c.doc.positionAt(target.start), end: c.doc.positionAt(target.end) }, placeholder: target.placeholder };
    }),
  );

  connection.onRenameRequest(
    guardedAsync('rename', async (params) => {
      const c = await currentContext(params.textDocument.uri);
      if (!c) return null;
      const result = rename(c.project, c.file, c.doc.offsetAt(params.position), params.newName);
      if (!result.ok) throw new Error(result.problem);
      return workspaceEdit(c.project, result.edits);
    }),
  );

  connection.onDocumentSymbol(
    guarded('documentSymbol', (params) => {
      const doc = textOf(params.textDocument.uri);
      if (!doc || doc.getText().length > MAX_DOCUMENT_LENGTH) return [];
      const symbols = outline(doc.getText(), treeOf(doc));
      const c = context(params.textDocument.uri);
      const network = c && networkOf(c);
      const shown = c && network ? withAgentDetails(symbols, network.agents(), writtenIn(c.absolute)) : symbols;
      return shown.map((s) => toDocumentSymbol(s, doc));
    }),
  );

  connection.onFoldingRanges(
    guarded('foldingRange', (params) => {
      const doc = textOf(params.textDocument.uri);
      if (!doc || doc.getText().length > MAX_DOCUMENT_LENGTH) return [];
      return foldingRegions(doc.getText())
        .map((r) => ({ startLine: doc.positionAt(r.start).line, endLine: doc.positionAt(r.end).line, kind: r.kind === 'comment' ? FoldingRangeKind.Comment : FoldingRangeKind.Region }))
        .filter((r) => r.endLine > r.startLine);
    }),
  );

  const formatting = (uri: string, client: FormattingOptions, range?: Range): LspTextEdit[] => {
    const c = context(uri);
    if (!c) return [];
    // The file's own style, as `toolbox-editor format` and the app take it: the client's tabSize and insertSpaces
    // describe the editor (VS Code sends what it detected in the same text), and following them would re-indent a
    // file that passes `format --check`. Blanks at line ends and the final line break go where the user asked
    // their editor to (files.trimTrailingWhitespace, files.insertFinalNewline); the .editorconfig wins over that.
    const options: FormatOptions = {
      ...(client.trimTrailingWhitespace === true ? { trimTrailingWhitespace: true } : {}),
      ...(client.insertFinalNewline === true ? { finalNewline: true } : {}),
      ...editorConfigOptions(c.absolute),
    };
    const text = c.doc.getText();
    const reading = c.project.resolveOptions();
    const check = { file: c.absolute, ...(reading.host ? { host: reading.host } : {}), cwd: c.project.root, env: reading.env ?? {} };
    const result = formatChecked(text, options, check, range ? { start: c.doc.offsetAt(range.start), end: c.doc.offsetAt(range.end) } : undefined);
    if (!result.ok) {
      // A notification, not a request: every client shows it, none has to answer.
      const message = result.line !== undefined ? `${path.basename(c.absolute)}:${result.line}:${result.column ?? 1}: ${result.message}` : result.message;
      void connection.sendNotification(ShowMessageNotification.type, { type: MessageType.Warning, message });
      return [];
    }
    return result.edits.map((e) => ({ range: { start: c.doc.positionAt(e.offset), end: c.doc.positionAt(e.offset + e.length) }, newText: e.newText }));
  };
  connection.onDocumentFormatting(guarded('formatting', (params) => formatting(params.textDocument.uri, params.options)));
  connection.onDocumentRangeFormatting(guarded('rangeFormatting', (params) => formatting(params.textDocument.uri, params.options, params.range)));

  connection.onCodeAction(
    guardedAsync('codeAction', async (params) => {
      const c = await currentContext(params.textDocument.uri);
      if (!c || !c.project.analysis) return [];
      const fixes = quickFixesAt(c.project.fixes, c.file, c.doc.offsetAt(params.range.start), c.doc.offsetAt(params.range.end));
      return fixes.map((fix) => ({ title: fix.title, kind: CodeActionKind.QuickFix, isPreferred: true, edit: workspaceEdit(c.project, fix.edits) }));
    }),
  );

  connection.onShutdown(async () => {
    shutDown = true;
    for (const timer of pending.values()) clearTimeout(timer);
    pending.clear();
    await readings.dispose();
  });

  documents.listen(connection);
  connection.listen();
}

const SYMBOL_KINDS: Record<OutlineSymbol['kind'], LspSymbolKind> = {
  object: LspSymbolKind.Object,
  array: LspSymbolKind.Array,
  string: LspSymbolKind.String,
  number: LspSymbolKind.Number,
  boolean: LspSymbolKind.Boolean,
  null: LspSymbolKind.Null,
  substitution: LspSymbolKind.Variable,
  include: LspSymbolKind.File,
  value: LspSymbolKind.Field,
};

function toDocumentSymbol(symbol: OutlineSymbol, doc: TextDocument): DocumentSymbol {
  // Iterative over the children (an outline can be thousands deep in breadth, bounded in depth by the service).
  const make = (s: OutlineSymbol): DocumentSymbol => ({
    name: s.name || '""',
    ...(s.detail ? { detail: s.detail } : {}),
    kind: SYMBOL_KINDS[s.kind],
    range: { start: doc.positionAt(s.start), end: doc.positionAt(s.end) },
    selectionRange: { start: doc.positionAt(s.nameStart), end: doc.positionAt(s.nameEnd) },
    children: [],
  });
  const top = make(symbol);
  const stack: [OutlineSymbol, DocumentSymbol][] = [[symbol, top]];
  while (stack.length > 0) {
    const [s, d] = stack.pop()!;
    for (const child of s.children) {
      const made = make(child);
      d.children!.push(made);
      stack.push([child, made]);
    }
  }
  return top;
}

function fileOf(uri: string): string | undefined {
  if (!uri.startsWith('file:')) return undefined;
  try {
    return path.resolve(fileURLToPath(uri));
  } catch {
    return undefined;
  }
}

function uriOf(absolute: string): string {
  return pathToFileURL(absolute).href;
}
