/**
 * The contract's schemas of a run, built from the domain (shared/run): the run request, a saved case and its
 * expectation, and the project's run settings as the pane shows them. The checks below stop the build when a schema
 * and its domain type stop being one shape.
 */
import { Type, type Static } from '@sinclair/typebox';
import { TIMEOUT_SECONDS, type Expectation, type ResolvedRunSettings, type RunRequest, type SavedCase } from '../run/index';
import type { Assert, SameShape } from './textEdits';

const JsonObject = Type.Record(Type.String(), Type.Unknown());
const Name = Type.String({ minLength: 1 });

/** A toolbox entry (for a toolkit entry, which of its tools), or a tool of an MCP server a project's network names. */
export const RunTargetT = Type.Union([
  Type.Object({ kind: Type.Literal('toolbox'), tool: Name, toolkitTool: Type.Optional(Name) }, { additionalProperties: false }),
  Type.Object({ kind: Type.Literal('mcp'), url: Type.String({ minLength: 1, maxLength: 4096 }), tool: Name }, { additionalProperties: false }),
]);

/** One run: the only shape a run has from the pane, a saved case or the CLI to the worker (shared/run/runRequest.ts). */
export const RunRequestT = Type.Object(
  {
    target: RunTargetT,
    /**
     * The arguments as JSON text, sent to the tool exactly as written: Python's json reads it, as neuro-san reads an
     * LLM's tool-call arguments (`1.0` a float, `12345678901234567890` exact). Text that is not JSON is a result with
     * errorKind `validation` saying where.
     */
    argsJson: Type.String(),
    slyData: Type.Optional(JsonObject),
    /** Absent: the project's default (run settings). */
    timeoutSeconds: Type.Optional(Type.Number({ minimum: TIMEOUT_SECONDS.min, maximum: TIMEOUT_SECONDS.max })),
    sendInvalidArgs: Type.Optional(Type.Boolean()),
  },
  { additionalProperties: false },
);

const Pattern = Type.String({ minLength: 1 });

/** What a saved case expects; every check given must hold (shared/run/expectation.ts). */
export const ExpectationT = Type.Object(
  {
    content: Type.Optional(Type.String()),
    contains: Type.Optional(Type.String()),
    matches: Type.Optional(Pattern),
    json: Type.Optional(Type.Unknown()),
    json_subset: Type.Optional(Type.Unknown()),
    json_path: Type.Optional(Type.Object({ path: Type.String({ minLength: 1 }), value: Type.Unknown() }, { additionalProperties: false })),
    error: Type.Optional(Type.Union([Type.Literal(true), Type.Object({ matches: Pattern }, { additionalProperties: false })])),
    max_duration_seconds: Type.Optional(Type.Number({ exclusiveMinimum: 0, maximum: 3600 })),
  },
  { additionalProperties: false, minProperties: 1 },
);

export const SavedCaseT = Type.Object({ name: Name, request: RunRequestT, expect: ExpectationT }, { additionalProperties: false });

export const CaseOutcomeT = Type.Union([Type.Literal('passed'), Type.Literal('failed'), Type.Literal('could not run')]);

const SettingSourceT = Type.Union(
  (['command line', 'project file', 'preference', 'environment', '.env', 'layout', 'default'] as const).map((s) => Type.Literal(s)),
);
const SourcedString = Type.Object({ value: Type.String(), from: SettingSourceT });

/** The run settings a document's runs use, each with where it came from (shared/run/runSettings.ts). */
export const RunSettingsT = Type.Object({
  file: Type.Object({ path: Type.String(), exists: Type.Boolean(), problems: Type.Array(Type.String()) }),
  notRead: Type.Optional(Type.Array(Type.String())),
  python: SourcedString,
  pythonPath: Type.Array(SourcedString),
  agentToolPath: Type.Union([SourcedString, Type.Null()]),
  workingDirectory: SourcedString,
  env: Type.Array(Type.Object({ name: Type.String(), from: SettingSourceT, set: Type.Boolean(), value: Type.Optional(Type.String()) })),
  timeoutSeconds: Type.Object({ value: Type.Number(), from: SettingSourceT }),
  toolRoot: Type.Union([SourcedString, Type.Null()]),
});

/** The settings and the options "Copy as CLI" adds so that `toolbox-editor call` runs as the app does. */
export const RunSettingsViewT = Type.Object({
  settings: RunSettingsT,
  commandLineOptions: Type.Array(Type.String()),
  /** The interpreter the project's settings name that the user has not trusted yet: runs wait for their word. */
  untrustedInterpreter: Type.Optional(Type.String()),
});

export type RunSettingsView = Static<typeof RunSettingsViewT>;

type _RunRequestShape = Assert<SameShape<Static<typeof RunRequestT>, RunRequest>>;
type _ExpectationShape = Assert<SameShape<Static<typeof ExpectationT>, Expectation>>;
type _SavedCaseShape = Assert<SameShape<Static<typeof SavedCaseT>, SavedCase>>;
type _RunSettingsShape = Assert<SameShape<Static<typeof RunSettingsT>, ResolvedRunSettings>>;
