/**
 * The API's shapes for the entry-to-Python features: preflight of every tool ("Check all tools"), creating a coded
 * tool's module, and opening a class's source. Kept apart from contract.ts, which only lists the methods.
 */
import { Type, type Static } from '@sinclair/typebox';
import { DiagnosticT } from './toolboxApi';

export const PreflightSummaryT = Type.Object({
  tools: Type.Number(),
  ready: Type.Number(),
  withProblems: Type.Number(),
  missingPackages: Type.Array(Type.Object({ name: Type.String(), tools: Type.Array(Type.String()) })),
  /** Coded tools' modules found nowhere: perhaps the user's own (not written yet, or off the path), not to install. */
  modulesNotFound: Type.Array(Type.Object({ name: Type.String(), tools: Type.Array(Type.String()) })),
  notChecked: Type.Array(Type.String()),
  durationMs: Type.Number(),
  error: Type.Optional(Type.String()),
});

export const ToolboxCheckRequestT = Type.Object({
  path: Type.Union([Type.String(), Type.Null()]),
  text: Type.String(),
  noDefault: Type.Optional(Type.Boolean()),
  /** Names the check for `tool.cancel`. */
  runId: Type.Optional(Type.String({ minLength: 1 })),
});

export const ToolboxCheckResultT = Type.Object({
  /** The preflight's findings; they also join the document's analysis until an entry they are about changes. */
  diagnostics: Type.Array(DiagnosticT),
  summary: PreflightSummaryT,
  /** The lines of the summary, as `toolbox-editor check` prints them. */
  summaryText: Type.Array(Type.String()),
  python: Type.String(),
});

export const ToolScaffoldRequestT = Type.Object({
  path: Type.Union([Type.String(), Type.Null()]),
  text: Type.String(),
  tool: Type.String({ minLength: 1 }),
  /** The folder the module path starts from; by default the run settings' toolRoot, else AGENT_TOOL_PATH's folder, else PYTHONPATH's first. */
  root: Type.Optional(Type.String({ minLength: 1 })),
  /** Only say where the module would go. */
  dryRun: Type.Optional(Type.Boolean()),
});

export const ToolScaffoldResultT = Type.Object({
  file: Type.String(),
  root: Type.String(),
  created: Type.Array(Type.String()),
  codedToolBase: Type.Boolean(),
  /** The project's settings file, where the root was recorded (toolRoot, and PYTHONPATH when runs would not look there). */
  settingsFile: Type.String(),
  /** The root was not on the runs' PYTHONPATH, so it was added to the project's: the class runs at once, in the app and the CLI. */
  addedToPythonPath: Type.Boolean(),
  /** Why the root could not be recorded (a damaged settings file); the module was written all the same. */
  recordProblem: Type.Optional(Type.String()),
});

export const ToolSourceRequestT = Type.Object({
  path: Type.Union([Type.String(), Type.Null()]),
  text: Type.String(),
  tool: Type.String({ minLength: 1 }),
});

export const ToolSourceResultT = Type.Union([
  Type.Object({ ok: Type.Literal(true), file: Type.String(), line: Type.Number(), text: Type.String() }),
  Type.Object({ ok: Type.Literal(false), error: Type.String() }),
]);

export type PreflightSummaryDto = Static<typeof PreflightSummaryT>;
export type ToolboxCheckResult = Static<typeof ToolboxCheckResultT>;
export type ToolScaffoldResult = Static<typeof ToolScaffoldResultT>;
export type ToolSourceResult = Static<typeof ToolSourceResultT>;
