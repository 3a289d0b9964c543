/**
 * The API's toolbox methods' shapes: analysis (tools + diagnostics), catalog preview, test runs, preferences.
 * Kept apart from contract.ts so the contract stays a readable index of methods.
 */
import { Type, type Static } from '@sinclair/typebox';
import { PositionShiftT } from './analysisDelta';
import { DocumentTextFields, TextId } from './documentText';
import { FileTextEditT } from './textEdits';
import { RunRequestT } from './runApi';
import { NeuroSanVersionT } from './projectApi';
import { READINGS } from '../toolbox/index';
import { SEVERITIES, TOOL_KINDS, type ToolboxDiagnostic } from '../toolbox/index';
import { DEFINITION_KINDS } from '../hocon/index';

/** Whose reading of the file: neuro-san's (the default: what the LLM gets) or the HOCON specification's. */
export const ReadingT = Type.Union(READINGS.map((reading) => Type.Literal(reading)));
export type Reading = Static<typeof ReadingT>;

const Nullable = <T extends Parameters<typeof Type.Union>[0][number]>(schema: T) => Type.Union([schema, Type.Null()]);

export const Pos = Type.Object({ offset: Type.Number(), line: Type.Number(), column: Type.Number() });
export const SourceRange = Type.Object({ start: Pos, end: Pos });

export const DiagnosticT = Type.Object({
  severity: Type.Union(SEVERITIES.map((severity) => Type.Literal(severity))),
  rule: Type.String(),
  message: Type.String(),
  file: Type.String(),
  line: Type.Number(),
  column: Type.Number(),
  range: SourceRange,
  tool: Type.Optional(Type.String()),
  fix: Type.Optional(Type.Object({ title: Type.String(), edits: Type.Array(FileTextEditT) })),
  /** 'environment': a "Check all tools" finding about the Python environment, not the file (shown apart). */
  group: Type.Optional(Type.Literal('environment')),
});

/**
 * One effective tool as the list, the problems and the editor need it. The heavy fields (description, parameters,
 * args) are only in the analysis's `detail`, for one tool: a 5,000-tool file would otherwise send megabytes a keystroke.
 */
export const ToolSummaryT = Type.Object({
  name: Type.String(),
  kind: Type.Union(TOOL_KINDS.map((kind) => Type.Literal(kind))),
  className: Nullable(Type.String()),
  displayAs: Type.String(),
  displayAsInferred: Type.Boolean(),
  baseToolInfoUrl: Nullable(Type.String()),
  origin: Type.Union([Type.Literal('default'), Type.Literal('user'), Type.Literal('override')]),
  /** Where the entry's key is written (the winning definition). */
  file: Type.String(),
  keyRange: SourceRange,
  /** The entry's value (the `{...}`) in that file. */
  valueRange: SourceRange,
  errors: Type.Number(),
  warnings: Type.Number(),
  /** Style advice about the tool (a description too short…), apart from its warnings. */
  hints: Type.Number(),
});

/** Where one field's value comes from (shared/toolbox/fieldSources.ts): listed only when not simply written once. */
export const FieldSourceT = Type.Object({
  path: Type.Array(Type.String()),
  definitions: Type.Array(
    Type.Object({
      where: Type.Union([Type.Literal('here'), Type.Literal('include'), Type.Literal('default')]),
      file: Type.String(),
      range: SourceRange,
      text: Type.String(),
      kind: Type.Union(DEFINITION_KINDS.map((kind) => Type.Literal(kind))),
      references: Type.Array(
        Type.Object({
          name: Type.String(),
          optional: Type.Boolean(),
          from: Type.Union([Type.Literal('file'), Type.Literal('environment')]),
          set: Type.Boolean(),
          value: Type.Optional(Type.String()),
          hidden: Type.Optional(Type.Boolean()),
          dotEnv: Type.Optional(Type.Boolean()),
        }),
      ),
    }),
  ),
  winner: Type.Integer(),
});

/** The fields of one tool the form and the test run need beyond its summary. */
export const ToolDetailT = Type.Object({
  name: Type.String(),
  description: Nullable(Type.String()),
  parameters: Type.Unknown(),
  args: Type.Unknown(),
  /** The fields whose value is not simply written once in the entry, and where it comes from. */
  sources: Type.Optional(Type.Array(FieldSourceT)),
});

export const ToolboxAnalysisT = Type.Object({
  kind: Type.Union([Type.Literal('toolbox'), Type.Literal('network')]),
  /** A file of another neuro-san kind (a manifest, an LLM config...), read for its HOCON alone: no tools, no toolbox rules. */
  fileKind: Type.Optional(Type.Object({ kind: Type.String(), reason: Type.String() })),
  /** The file analysed (an untitled document gets a name in the working folder). */
  file: Type.String(),
  defaultFile: Nullable(Type.String()),
  tools: Type.Array(ToolSummaryT),
  /**
   * The detail of the tool the request named, or, when it names none or one that is gone, of the tool the editor
   * selects by default (the first one not from the default toolbox); null when there is none.
   */
  detail: Nullable(ToolDetailT),
  diagnostics: Type.Array(DiagnosticT),
  /**
   * The folder neuro-san is taken to run in for this file (where its tools run too), and why: `project-file`, the
   * project's `.toolbox-editor.json` (`run.workingDirectory`); `chosen`, the preference; else the layout.
   */
  workingDirectory: Type.Optional(
    Type.Object({
      path: Type.String(),
      why: Type.Union([Type.Literal('project-file'), Type.Literal('chosen'), Type.Literal('registries'), Type.Literal('file-folder')]),
    }),
  ),
  /** Each `include` written in this file and the file it resolved to, in neuro-san's and the specification's reading. */
  includes: Type.Optional(
    Type.Array(
      Type.Object({
        range: SourceRange,
        target: Type.String(),
        neuroSan: Type.Optional(Type.Object({ path: Type.String(), found: Type.Boolean(), dependsOnCwd: Type.Boolean() })),
        spec: Type.Optional(Type.Object({ read: Type.Array(Type.String()), tried: Type.Array(Type.String()) })),
      }),
    ),
  ),
  /** The neuro-san version the file is checked for, and why. */
  neuroSan: Type.Optional(NeuroSanVersionT),
  /**
   * Files of its project's settings that were not read, and why (a `.env` that is a FIFO or a device): what validate
   * FILE says of them on stderr, apart from the file's problems.
   */
  warnings: Type.Optional(Type.Array(Type.String())),
  network: Nullable(
    Type.Object({
      toolboxFile: Nullable(Type.Object({ path: Type.String(), written: Type.String(), from: Type.String() })),
      agents: Type.Array(
        Type.Object({ name: Type.String(), toolName: Type.String(), defined: Type.Boolean(), line: Type.Number(), column: Type.Number(), argsOverlay: Type.Unknown() }),
      ),
    }),
  ),
});

/**
 * The analysis as a change of the one the renderer holds (the request's `known`): see analysisDelta.ts. Everything
 * but the tools and the diagnostics is sent whole.
 */
export const ToolboxAnalysisChangeT = Type.Object({
  ...Type.Omit(ToolboxAnalysisT, ['tools', 'diagnostics']).properties,
  /** The textId of the analysis this changes. */
  changeOf: TextId,
  shift: PositionShiftT,
  tools: Type.Array(Type.Union([Type.Integer(), ToolSummaryT])),
  diagnostics: Type.Array(Type.Union([Type.Integer(), DiagnosticT])),
});

export const KeyOrderT = Type.Union([Type.Literal('sorted'), Type.Literal('insertion')]);

export const CatalogRenderRequestT = Type.Object({
  path: Nullable(Type.String()),
  /** The text, whole or as an edit of an earlier one (documentText.ts). */
  ...DocumentTextFields,
  /** A template file; the app's default template when absent. */
  templatePath: Type.Optional(Type.String({ minLength: 1 })),
  keyOrder: KeyOrderT,
  /** Extra variables, e.g. `task` for a tools_picker prompt. */
  vars: Type.Record(Type.String(), Type.String()),
  noDefault: Type.Optional(Type.Boolean()),
  /** Whose reading of the file: neuro-san's (the default: what the LLM gets) or the HOCON specification's. */
  reading: Type.Optional(ReadingT),
});

export const CatalogRenderResultT = Type.Object({
  /** Exactly the rendered text. */
  text: Type.String(),
  /** The reading it was rendered from. */
  reading: Type.Optional(ReadingT),
  /** The catalog rendered from the other reading, when it differs from `text` (null when the two are the same). */
  otherReadingText: Type.Optional(Nullable(Type.String())),
  templatePath: Type.String(),
  templateDescription: Nullable(Type.String()),
  expectedFormat: Nullable(Type.String()),
  diagnostics: Type.Array(
    Type.Object({
      severity: Type.String(),
      rule: Type.String(),
      message: Type.String(),
      line: Type.Optional(Type.Number()),
      column: Type.Optional(Type.Number()),
      location: Type.Optional(Type.String()),
      tool: Type.Optional(Type.String()),
    }),
  ),
});

export const PreferencesT = Type.Object({
  theme: Type.Union([Type.Literal('light'), Type.Literal('dark'), Type.Literal('system')]),
  /**
   * This machine's interpreter (`python3`, a path, or a virtualenv folder): overrides the project's run settings;
   * empty (or `python3`, the old default) = the project's, else python3.
   */
  python: Type.String(),
  /** AGENT_TOOL_PATH where the project's run settings, the environment and the layout give none. */
  agentToolPath: Type.String(),
  /** PYTHONPATH folders this machine adds after the project's (relative ones from the working directory). */
  pythonPath: Type.Array(Type.String()),
  /** Default per-call timeout where the project's run settings give none. */
  timeoutSeconds: Type.Number({ minimum: 1, maximum: 3600 }),
  /**
   * neuro-san's working directory, where it finds a top-level `include`: empty or absent = the default (the nearest
   * folder upward from the file holding `registries/`, else the file's folder); a relative one is relative to that.
   */
  neuroSanCwd: Type.Optional(Type.String()),
  /**
   * Pane sizes as proportions of the window (tool list and side column of its width, Problems of its height; a
   * value above 1 is a pixel size from an older version), of the left column's height (the project tree) and of the
   * side column's (the catalog), and the panes folded to their title: those changed last in any window, where a new
   * window starts (each window keeps its own in its sessionStorage); kept with the other preferences so they
   * survive a restart in browser mode too (there each start has a new port, hence a new origin and new localStorage).
   */
  layout: Type.Optional(
    Type.Object({
      tools: Type.Number(),
      side: Type.Number(),
      problems: Type.Number(),
      project: Type.Optional(Type.Number()),
      catalog: Type.Optional(Type.Number()),
      collapsed: Type.Optional(Type.Array(Type.Union([Type.Literal('project'), Type.Literal('tools')]))),
    }),
  ),
});

/** `tool.run`: one run of a tool of the document (its unsaved text), named for `tool.cancel` and progress events. */
export const ToolRunRequestT = Type.Object({
  path: Nullable(Type.String()),
  text: Type.String(),
  /** Names the run for `tool.cancel` and progress events. */
  runId: Type.String({ minLength: 1, maxLength: 200 }),
  run: RunRequestT,
});

export const ToolRunResultT = Type.Object({
  content: Type.String(),
  isError: Type.Boolean(),
  durationMs: Type.Number(),
  stdout: Type.String(),
  stderr: Type.String(),
  logging: Type.String(),
  slyData: Nullable(Type.Record(Type.String(), Type.Unknown())),
  contentType: Type.String(),
  errorKind: Type.Optional(Type.String()),
  traceback: Type.Optional(Type.String()),
  /** When the arguments did not match `parameters` and were not sent. */
  argumentProblems: Type.Optional(Type.Array(Type.String())),
  /** What made the check of the arguments partial for the project's neuro-san version (a type name it does not know). */
  argumentWarnings: Type.Optional(Type.Array(Type.String())),
  /** The interpreter and timeout the run used. */
  python: Type.String(),
  timeoutSeconds: Type.Number(),
});

export type ToolboxAnalysis = Static<typeof ToolboxAnalysisT>;
export type ToolboxAnalysisChange = Static<typeof ToolboxAnalysisChangeT>;
export type ToolSummary = Static<typeof ToolSummaryT>;
export type ToolDetail = Static<typeof ToolDetailT>;
export type FieldSourceDto = Static<typeof FieldSourceT>;
export type DiagnosticDto = Static<typeof DiagnosticT>;
/**
 * The wire schema is the one diagnostic type's, checked: this stops compiling when DiagnosticT and ToolboxDiagnostic
 * differ by a field (issue #34: one diagnostic type from the rules to every surface).
 */
export type DiagnosticSchemaIsTheType = Holds<Same<DiagnosticDto, ToolboxDiagnostic>>;
// Identical, not only assignable both ways (an optional field on one side would pass that).
type Same<A, B> = (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2 ? true : false;
type Holds<T extends true> = T;
export type CatalogRenderResult = Static<typeof CatalogRenderResultT>;
export type Preferences = Static<typeof PreferencesT>;
export type ToolRunResultDto = Static<typeof ToolRunResultT>;

/**
 * What of the preferences the run settings may come from (interpreter, PYTHONPATH folders, AGENT_TOOL_PATH): when it
 * changes, "Check all tools" findings may be about another environment, and the renderer asks again. The main side
 * compares the run settings themselves (shared/run runSettingsKeyOf), which a project's settings file changes too.
 */
export function runSettingsKey(prefs: Pick<Preferences, 'python' | 'pythonPath' | 'agentToolPath'>): string {
  return JSON.stringify([prefs.python, prefs.pythonPath, prefs.agentToolPath]);
}

export const DEFAULT_PREFERENCES: Preferences = { theme: 'system', python: '', agentToolPath: '', pythonPath: [], timeoutSeconds: 30 };
