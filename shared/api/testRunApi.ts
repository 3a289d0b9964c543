/**
 * Shapes of the test-run pane's API: the call history kept per tool, and the saved test cases that live beside a
 * toolbox file (`<toolbox>.tests.json`, see README "Saved test cases"). Kept apart from contract.ts so the contract
 * stays a readable index of methods.
 */
import { Type, type Static } from '@sinclair/typebox';

const JsonObject = Type.Record(Type.String(), Type.Unknown());

/** One call as the history keeps it: what was sent and what came back (content capped, see `truncated`). */
export const HistoryEntryT = Type.Object({
  id: Type.String(),
  /** ISO time the run finished. */
  at: Type.String(),
  tool: Type.String(),
  /** The arguments' value (null when argsJson is not JSON). */
  args: Type.Unknown(),
  /** The arguments exactly as sent (JSON text); absent in entries of runs sent as a value, and of older versions. */
  argsJson: Type.Optional(Type.String()),
  slyData: Type.Union([JsonObject, Type.Null()]),
  toolkitTool: Type.Optional(Type.String()),
  sendInvalidArgs: Type.Optional(Type.Boolean()),
  timeoutSeconds: Type.Optional(Type.Number()),
  result: Type.Object({
    content: Type.String(),
    /** The content was longer than the history keeps. */
    truncated: Type.Boolean(),
    isError: Type.Boolean(),
    errorKind: Type.Optional(Type.String()),
    contentType: Type.String(),
    durationMs: Type.Number(),
    slyData: Type.Union([JsonObject, Type.Null()]),
  }),
});

/** What a saved case expects: exactly this content, or an error result (any content). */
export const TestExpectationT = Type.Union([
  Type.Object({ content: Type.String() }, { additionalProperties: false }),
  Type.Object({ error: Type.Literal(true) }, { additionalProperties: false }),
]);

/**
 * One saved test case, in the file's own snake_case spelling (neuro-san users know `sly_data`). In the file, `args`
 * is written as the user wrote it (`1.0`, `12345678901234567890`), and that text is what a run sends.
 */
export const TestCaseT = Type.Object(
  {
    name: Type.String({ minLength: 1 }),
    tool: Type.String({ minLength: 1 }),
    args: Type.Unknown(),
    sly_data: Type.Optional(JsonObject),
    toolkit_tool: Type.Optional(Type.String({ minLength: 1 })),
    timeout_seconds: Type.Optional(Type.Number({ exclusiveMinimum: 0, maximum: 3600 })),
    send_invalid_args: Type.Optional(Type.Boolean()),
    expect: TestExpectationT,
  },
  { additionalProperties: false },
);

/** The whole `<toolbox>.tests.json` file. */
export const TestCaseFileT = Type.Object({
  version: Type.Literal(1),
  cases: Type.Array(TestCaseT),
});

/** The outcome of running a toolbox's saved cases in the app (`testcases.run`). */
export const TestCasesRunT = Type.Object({
  file: Type.String(),
  outcomes: Type.Array(
    Type.Object({ name: Type.String(), tool: Type.String(), pass: Type.Boolean(), reason: Type.Optional(Type.String()), durationMs: Type.Number() }),
  ),
  /** The file exists but cannot be used, or there is none. */
  error: Type.Optional(Type.String()),
  /** The run was cancelled: `outcomes` are the cases that ran (the last one may have been stopped). */
  cancelled: Type.Optional(Type.Boolean()),
});

export type HistoryEntry = Static<typeof HistoryEntryT>;
export type TestExpectation = Static<typeof TestExpectationT>;
export type TestCase = Static<typeof TestCaseT>;
export type TestCaseFile = Static<typeof TestCaseFileT>;
export type TestCasesRun = Static<typeof TestCasesRunT>;
