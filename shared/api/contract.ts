/**
 * The one API between the renderer and the side that owns files, the ToolBox and tool runs.
 *
 * Both sides import this map. The desktop app serves it over Electron IPC (electron/ipc.ts), browser mode over
 * loopback HTTP + WebSocket (node/server/), and the renderer calls it through one client interface
 * (renderer/api/). Each method's request is a JSON Schema (TypeBox), so every transport validates payloads before
 * a handler sees them, and the TypeScript types come from the same definition.
 */
import { Type, type Static, type TSchema } from '@sinclair/typebox';
import {
  CatalogRenderRequestT,
  CatalogRenderResultT,
  DiagnosticT,
  PreferencesT,
  ToolboxAnalysisChangeT,
  ToolboxAnalysisT,
  ToolRunRequestT,
  ToolRunResultT,
} from './toolboxApi';
import { HistoryEntryT, TestCaseListT, TestCasesRunT } from './testRunApi';
import { RunSettingsViewT, SavedCaseT } from './runApi';
import { ToolboxCheckRequestT, ToolboxCheckResultT, ToolScaffoldRequestT, ToolScaffoldResultT, ToolSourceRequestT, ToolSourceResultT } from './preflightApi';
import { CatalogSimilarityRequestT, CatalogSimilarityT, CatalogTokensRequestT, CatalogTokensT, GitRevisionsT, ToolboxDiffRequestT, ToolboxDiffT } from './reviewApi';
import { DocumentTextFields, TextId } from './documentText';
import { FileKindT, ProjectEditT, ProjectViewT } from './projectApi';
import { McpListingT } from './mcpApi';
import { AgentOffersRequestT, AgentOffersT } from './networkApi';
import { languageMethods } from './languageApi';

const Path = Type.String({ minLength: 1, maxLength: 4096 });

export const FileContentT = Type.Object({
  path: Type.String({ description: 'absolute path' }),
  text: Type.String(),
  /** Modification time when read; sent back on save so the main side can notice someone else's change. */
  mtimeMs: Type.Number(),
  size: Type.Number(),
  /** SHA-256 of the bytes read (hex); sent back on save, which is refused when the disk holds anything else. */
  sha256: Type.String(),
});

/** One folder as browser mode's Open dialog browses it: sub-folders and toolbox files, names only. */
export const FolderListingT = Type.Object({
  path: Type.String({ description: 'absolute path' }),
  parent: Type.Union([Type.String(), Type.Null()]),
  entries: Type.Array(Type.Object({ name: Type.String(), kind: Type.Union([Type.Literal('folder'), Type.Literal('file')]) })),
  /** More entries than are listed. */
  truncated: Type.Boolean(),
});

export const FileStamp = Type.Object({ path: Type.String(), mtimeMs: Type.Number(), size: Type.Number(), sha256: Type.String() });

export const AppInfoT = Type.Object({
  mode: Type.Union([Type.Literal('desktop'), Type.Literal('browser')]),
  version: Type.String(),
  platform: Type.String(),
  /** The folder relative paths are resolved against (browser mode's open field). */
  cwd: Type.String(),
  /** A file named on the command line, to open at start. */
  initialFile: Type.Union([Type.String(), Type.Null()]),
  /** A folder named on the command line (`web DIR`), to open as a project at start. */
  initialProject: Type.Optional(Type.Union([Type.String(), Type.Null()])),
  /** Whether native Open/Save dialogs exist (desktop) or the renderer asks for a path itself (browser). */
  nativeDialogs: Type.Boolean(),
  /**
   * The PYTHONPATH test runs inherit (the environment the app was started in, with `web --pythonpath` in front);
   * the preferences' entries go before these.
   */
  pythonPath: Type.Optional(Type.Array(Type.String())),
});

/** Method name → request schema and response schema. */
export const apiMethods = {
  'app.info': { request: Type.Object({}), response: AppInfoT },
  /** `textId`: keep the text read under this name, so later requests can send edits of it (documentText.ts). */
  'file.read': { request: Type.Object({ path: Path, textId: Type.Optional(TextId) }), response: FileContentT },
  'file.write': {
    request: Type.Object({
      path: Path,
      text: Type.String(),
      /** The mtime the renderer last saw; a different one on disk means someone else changed the file. */
      expectedMtimeMs: Type.Optional(Type.Number()),
      /**
       * The sha256 of the content the renderer last read or saved. When given it decides (not the mtime): a save
       * over other content is a `conflict`, however the mtime was left.
       */
      expectedSha256: Type.Optional(Type.String({ pattern: '^[0-9a-f]{64}$' })),
      /** Write even though the file changed on disk since it was read (the user chose "keep mine"). */
      overwrite: Type.Optional(Type.Boolean()),
    }),
    response: FileStamp,
  },
  /** Start (or stop) pushing `file.changed` for this path. */
  'file.watch': { request: Type.Object({ path: Path, mtimeMs: Type.Number() }), response: Type.Object({}) },
  'file.unwatch': { request: Type.Object({ path: Path }), response: Type.Object({}) },
  /** A folder's sub-folders and .hocon/.json/.conf files (browser mode's file browser); relative to the cwd. */
  'folder.list': { request: Type.Object({ path: Path }), response: FolderListingT },
  'recent.list': { request: Type.Object({}), response: Type.Object({ files: Type.Array(Type.String()) }) },
  'recent.clear': { request: Type.Object({}), response: Type.Object({}) },
  /** Native dialogs; in browser mode they answer `{ path: null }` and the renderer asks for a path itself. */
  'dialog.open': { request: Type.Object({}), response: Type.Object({ path: Type.Union([Type.String(), Type.Null()]) }) },
  'dialog.save': {
    request: Type.Object({ defaultPath: Type.Optional(Type.String()) }),
    response: Type.Object({ path: Type.Union([Type.String(), Type.Null()]) }),
  },
  /** The text a new toolbox file starts from. */
  'template.newToolbox': { request: Type.Object({}), response: Type.Object({ text: Type.String() }) },

  /**
   * The effective toolbox of a document (its unsaved text), with every diagnostic. Networks include their agents.
   * `detail` names the tool whose description, parameters and args to include (the selected one). The text comes
   * whole or as an edit of an earlier one (documentText.ts).
   */
  'toolbox.analyze': {
    request: Type.Object({
      path: Type.Union([Type.String(), Type.Null()]),
      ...DocumentTextFields,
      noDefault: Type.Optional(Type.Boolean()),
      detail: Type.Optional(Type.Union([Type.String(), Type.Null()])),
      /** The textId of the analysis the renderer holds: the answer may be a change of it (analysisDelta.ts). */
      known: Type.Optional(TextId),
    }),
    response: Type.Union([ToolboxAnalysisT, ToolboxAnalysisChangeT]),
  },
  /** The catalog an LLM is shown, rendered from the document's effective toolbox exactly as Python Jinja2 would. */
  'catalog.render': { request: CatalogRenderRequestT, response: CatalogRenderResultT },
  /** Token counts of the rendered catalog and of each tool's entry (reviewApi.ts). */
  'catalog.tokens': { request: CatalogTokensRequestT, response: CatalogTokensT },
  /** The tools an LLM could confuse (most similar pairs) and, given a request, the tools ranked by lexical match. */
  'catalog.similarity': { request: CatalogSimilarityRequestT, response: CatalogSimilarityT },
  /**
   * What one agent of a network document is offered (networkApi.ts): each function its LLM gets, from where, their
   * tokens and the pairs it could confuse. `not_found` when the network has no such agent, `unsupported` for a file
   * that is no network.
   */
  'network.agentOffers': { request: AgentOffersRequestT, response: AgentOffersT },
  /** The semantic diff of the document's text against its file at a git revision, or against another file. */
  'toolbox.diff': { request: ToolboxDiffRequestT, response: ToolboxDiffT },
  /** Branches, tags and recent commits of the repository holding the file, for "Compare with…". */
  'git.revisions': { request: Type.Object({ path: Path }), response: GitRevisionsT },
  /** Runs one tool of the document in the Python worker. Never fails: errors are results with isError. */
  'tool.run': { request: ToolRunRequestT, response: ToolRunResultT },
  'tool.cancel': { request: Type.Object({ runId: Type.String() }), response: Type.Object({ cancelled: Type.Boolean() }) },
  /**
   * Loads the saved file with the installed neuro-san's own code in the Python worker (the chosen interpreter): its
   * version, its load error or each tool's error, and every value it reads differently from the editor (our bug).
   */
  'toolbox.checkWithNeuroSan': {
    request: Type.Object({ path: Type.String({ minLength: 1 }) }),
    response: Type.Object({ installed: Type.Boolean(), lines: Type.Array(Type.String()), diagnostics: Type.Array(DiagnosticT) }),
  },
  /** Loads a tool's class and reports what it reveals (a LangChain tool's description and schema, a toolkit's tools). */
  'tool.describe': {
    /** `runId`: names the load for `tool.cancel` (importing a class can hang). */
    request: Type.Object({
      path: Type.Union([Type.String(), Type.Null()]),
      text: Type.String(),
      tool: Type.String({ minLength: 1 }),
      runId: Type.Optional(Type.String({ minLength: 1 })),
    }),
    response: Type.Object({ ok: Type.Boolean(), description: Type.Optional(Type.Unknown()), error: Type.Optional(Type.String()) }),
  },
  /** "Check all tools": preflight of every entry in the Python worker, without calling any tool (preflightApi.ts). */
  'toolbox.check': { request: ToolboxCheckRequestT, response: ToolboxCheckResultT },
  /** "Create Python class": writes a coded tool's module from its entry; never overwrites (`conflict` when it exists). */
  'tool.scaffold': { request: ToolScaffoldRequestT, response: ToolScaffoldResultT },
  /** The Python source of a tool's class (file, line of the class, text), as the worker finds it. */
  'tool.source': { request: ToolSourceRequestT, response: ToolSourceResultT },
  'prefs.get': { request: Type.Object({}), response: PreferencesT },
  'prefs.set': { request: Type.Partial(PreferencesT), response: PreferencesT },
  /** Crash recovery: the latest unsaved text of a document (null path = untitled), kept in the state folder. */
  'recovery.save': {
    /** The text whole or as an edit of an earlier one (documentText.ts): a snapshot of a big file is megabytes. */
    request: Type.Object({ path: Type.Union([Type.String(), Type.Null()]), ...DocumentTextFields }),
    response: Type.Object({}),
  },
  'recovery.get': {
    request: Type.Object({ path: Type.Union([Type.String(), Type.Null()]) }),
    response: Type.Object({ text: Type.Union([Type.String(), Type.Null()]), savedAt: Type.Union([Type.Number(), Type.Null()]) }),
  },
  'recovery.clear': { request: Type.Object({ path: Type.Union([Type.String(), Type.Null()]) }), response: Type.Object({}) },
  /** A tool's test runs (every `tool.run` is recorded), newest first; kept across restarts. */
  'history.list': {
    request: Type.Object({ path: Type.Union([Type.String(), Type.Null()]), tool: Type.String({ minLength: 1 }) }),
    response: Type.Object({ entries: Type.Array(HistoryEntryT) }),
  },
  /** Forgets a tool's runs, or with `tool` null every run of the toolbox (also a history too large or damaged to read). */
  'history.clear': { request: Type.Object({ path: Type.Union([Type.String(), Type.Null()]), tool: Type.Union([Type.String({ minLength: 1 }), Type.Null()]) }), response: Type.Object({}) },
  /** Moves a tool's runs to its new name (after the tool was renamed by hand). */
  'history.rename': {
    request: Type.Object({ path: Type.Union([Type.String(), Type.Null()]), tool: Type.String({ minLength: 1 }), newName: Type.String({ minLength: 1 }) }),
    response: Type.Object({}),
  },
  /** The saved test cases beside a toolbox file (`<name>.tests.json`); `error` when the file exists but is unusable. */
  'testcases.list': { request: Type.Object({ path: Path }), response: TestCaseListT },
  /**
   * Saves a case under its name: a new one (a name already taken is refused), or, with `replaces`, in place of the
   * case of that name (an edit, a rename). `upgraded`: the file had to move to format version 2 to hold it.
   */
  'testcases.save': {
    request: Type.Object({ path: Path, testCase: SavedCaseT, replaces: Type.Optional(Type.String({ minLength: 1 })) }),
    response: Type.Object({ file: Type.String(), saved: SavedCaseT, upgraded: Type.Boolean() }),
  },
  'testcases.delete': { request: Type.Object({ path: Path, name: Type.String({ minLength: 1 }) }), response: Type.Object({ file: Type.String() }) },
  /** A copy of a case under a free name (`name (2)`...). */
  'testcases.duplicate': {
    request: Type.Object({ path: Path, name: Type.String({ minLength: 1 }) }),
    response: Type.Object({ file: Type.String(), saved: SavedCaseT }),
  },
  /** Moves every case (and the history) of a tool to another name: after a rename by hand, for cases left behind. */
  'testcases.renameTool': {
    request: Type.Object({ path: Path, tool: Type.String({ minLength: 1 }), newName: Type.String({ minLength: 1 }) }),
    response: Type.Object({ file: Type.String(), moved: Type.Integer() }),
  },
  /** Runs the saved cases (all, or those `names` names) against the document's current text, as `toolbox-editor test` does on the disk. */
  'testcases.run': {
    /** `batchId`: a name for this run of all cases, so `tool.cancel` with it stops the run (the case running and the rest). */
    request: Type.Object({
      path: Path,
      text: Type.String(),
      names: Type.Optional(Type.Array(Type.String({ minLength: 1 }))),
      batchId: Type.Optional(Type.String({ minLength: 1 })),
      /**
       * Tools the text renamed since it was saved (name in the cases → name in the text): their cases run against
       * the new name. The cases file keeps the saved name until the toolbox is saved (then `testcases.renameTool`).
       */
      renamedTools: Type.Optional(Type.Record(Type.String({ minLength: 1 }), Type.String({ minLength: 1 }))),
    }),
    response: TestCasesRunT,
  },
  /** The run settings of a document's runs (the project's `.toolbox-editor.json`, preferences, environment, layout), each with its source. */
  'run.settings': { request: Type.Object({ path: Type.Union([Type.String(), Type.Null()]) }), response: RunSettingsViewT },
  /**
   * Trusts the interpreter the document's project settings name, for runs in the app (kept in the state folder, not
   * the project: node/state/interpreterTrust.ts).
   */
  'run.trustInterpreter': { request: Type.Object({ path: Path }), response: RunSettingsViewT },
  /** Writes the settings in use into the project's settings file (its `run` section), so that the CLI and CI use them too. */
  'run.writeSettings': { request: Type.Object({ path: Path }), response: RunSettingsViewT },
  /** The native folder chooser (desktop); `{ path: null }` in browser mode, where the renderer asks for a path. */
  'dialog.openFolder': { request: Type.Object({}), response: Type.Object({ path: Type.Union([Type.String(), Type.Null()]) }) },
  /** A folder (or a file in it) opened as a neuro-san project: its root is the nearest folder upward holding registries/. */
  'project.open': {
    /** `kindOverrides`: kinds the user chose, by project path (the status bar's kind). */
    request: Type.Object({ path: Path, kindOverrides: Type.Optional(Type.Record(Type.String(), FileKindT)) }),
    response: ProjectViewT,
  },
  /** The edits that rename a tool of the project's toolbox and every network reference to it (nothing written). */
  'project.renamePreview': {
    request: Type.Object({ root: Path, tool: Type.String({ minLength: 1 }), newName: Type.String({ minLength: 1 }) }),
    response: Type.Object({ edits: Type.Array(ProjectEditT) }),
  },
  /** Writes previewed edits to the project's files, all or none; `undoId` undoes them as one step. */
  'project.applyEdits': {
    /** `renamedTool`: the edits rename this tool: its test-run history moves along (and back on undo). */
    request: Type.Object({
      root: Path,
      edits: Type.Array(ProjectEditT),
      renamedTool: Type.Optional(Type.Object({ toolbox: Path, tool: Type.String({ minLength: 1 }), newName: Type.String({ minLength: 1 }) })),
    }),
    response: Type.Object({ undoId: Type.String(), files: Type.Array(Type.String()) }),
  },
  'project.undoEdits': { request: Type.Object({ undoId: Type.String({ minLength: 1 }) }), response: Type.Object({ files: Type.Array(Type.String()) }) },
  /**
   * The user allows fetching what the project of `path` (a file or folder in it) includes by http(s) URL: every such
   * include is fetched now, kept in the state folder, and read from there from then on (remembered per project).
   */
  'project.fetchIncludes': {
    request: Type.Object({ path: Path }),
    response: Type.Object({ root: Type.String(), fetched: Type.Array(Type.Object({ url: Type.String(), problem: Type.Union([Type.String(), Type.Null()]) })) }),
  },
  /**
   * Asks one MCP server of the project for its tools (`tools/list`) with the project's settings for it: the only way
   * the app contacts a server, on the user's action. The answer (or why there is none) is kept with the time read.
   */
  'mcp.listTools': { request: Type.Object({ root: Path, url: Type.String({ minLength: 1, maxLength: 4096 }) }), response: McpListingT },
  ...languageMethods,
} as const satisfies Record<string, { request: TSchema; response: TSchema }>;

export const MenuCommandT = Type.Union([
  Type.Literal('new'),
  Type.Literal('open'),
  Type.Literal('openPath'),
  Type.Literal('save'),
  Type.Literal('saveAs'),
  Type.Literal('close'),
  // The Edit menu's Undo and Redo: the document's one undo (renderer/editor/undoShortcuts.ts).
  Type.Literal('undo'),
  Type.Literal('redo'),
  // Edit → Format Document: the HOCON text formatted as `toolbox-editor format` does (renderer/editor/TextEditor.tsx).
  Type.Literal('format'),
  /** View → Command Palette: the page's palette of every command. */
  Type.Literal('palette'),
]);

/** Event name → payload schema, for what the main side pushes to the renderer. */
export const apiEvents = {
  /** A watched file changed on disk (or vanished) and it was not our own save. */
  'file.changed': Type.Object({ path: Type.String(), mtimeMs: Type.Number(), deleted: Type.Boolean() }),
  /** A native menu item or a second app instance asked the window to do something. */
  'menu.command': Type.Object({ command: MenuCommandT, path: Type.Optional(Type.String()) }),
  /** A test run started or ended (the renderer shows Cancel after 300 ms of running). */
  'run.progress': Type.Object({ runId: Type.String(), state: Type.Union([Type.Literal('started'), Type.Literal('finished')]) }),
  /**
   * The Python that `path`'s tools run in said which neuro-san it has (after a run or a check had started it): the
   * version files of its projects are checked for may have changed, so their analysis and the project are read again.
   */
  'python.neuroSan': Type.Object({ path: Type.String() }),
} as const satisfies Record<string, TSchema>;

export type ApiMethod = keyof typeof apiMethods;
export type ApiRequest<M extends ApiMethod> = Static<(typeof apiMethods)[M]['request']>;
export type ApiResponse<M extends ApiMethod> = Static<(typeof apiMethods)[M]['response']>;
export type ApiEvent = keyof typeof apiEvents;
export type ApiEventPayload<E extends ApiEvent> = Static<(typeof apiEvents)[E]>;
// A name ending in T is a TypeBox schema; the TypeScript type it describes has the same name without the T.
export type FileContent = Static<typeof FileContentT>;
export type AppInfo = Static<typeof AppInfoT>;
export type MenuCommand = Static<typeof MenuCommandT>;
export type FolderListing = Static<typeof FolderListingT>;

export const apiMethodNames = Object.keys(apiMethods) as ApiMethod[];

export function isApiMethod(name: string): name is ApiMethod {
  return Object.prototype.hasOwnProperty.call(apiMethods, name);
}
export function isApiEvent(name: string): name is ApiEvent {
  return Object.prototype.hasOwnProperty.call(apiEvents, name);
}

/** Why a call failed, in a form every transport carries unchanged. */
export type ApiErrorCode =
  | 'invalid_request' // the payload does not match the method's schema
  | 'unknown_method'
  | 'not_found' // no such file
  | 'conflict' // the file changed on disk since it was read
  | 'io' // any other file-system failure
  | 'unsupported' // not available in this mode
  | 'unauthorized' // browser mode: the request lacks the start URL's token
  | 'forbidden' // browser mode: foreign Host or Origin
  | 'unknown_text' // an edit's base text is not (or no longer) held by the main side: send the whole text
  | 'too_large' // the answer would be longer than an answer may be (jsonSize.ts)
  | 'untrusted' // a run would start an interpreter the project's settings name, and the user has not trusted it
  | 'internal';

export interface ApiErrorPayload {
  code: ApiErrorCode;
  message: string;
}

/** What travels over the wire for every call: handlers' errors are values, never transport failures. */
export type ApiResult<T> = { ok: true; value: T } | { ok: false; error: ApiErrorPayload };

/** The answer to a call of a method the contract does not have (every transport checks before dispatching). */
export function unknownMethodResult(method: string): { ok: false; error: ApiErrorPayload } {
  return { ok: false, error: { code: 'unknown_method', message: `Unknown API method '${method}'.` } };
}

export class ApiError extends Error {
  constructor(
    readonly code: ApiErrorCode,
    message: string,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

/** The renderer's view of the API, whichever transport carries it. */
export interface ApiClient {
  /** Resolves with the response, or rejects with an ApiError. */
  invoke<M extends ApiMethod>(method: M, request: ApiRequest<M>): Promise<ApiResponse<M>>;
  /** Subscribes to a pushed event; returns the unsubscribe function. */
  on<E extends ApiEvent>(event: E, listener: (payload: ApiEventPayload<E>) => void): () => void;
}

/** What the preload script exposes as `window.toolboxEditor` (the desktop transport's raw form). */
export interface DesktopBridge {
  invoke(method: string, request: unknown): Promise<ApiResult<unknown>>;
  on(event: string, listener: (payload: unknown) => void): () => void;
  /** The path of a file dropped on the window (a DOM File); '' when it has none. Electron no longer sets File.path. */
  pathForFile(file: unknown): string;
}

/** Turns a wire result back into a value or a thrown ApiError (both renderer transports use it). */
export function unwrapResult<T>(result: ApiResult<T>): T {
  if (result.ok) return result.value;
  throw new ApiError(result.error.code, result.error.message);
}
