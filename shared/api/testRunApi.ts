/**
 * Shapes of the test-run pane's API: the call history kept per tool, and the saved test cases that live beside a
 * toolbox file (`<toolbox>.tests.json`, see docs/testing.md, "Saved test cases"; the file's own format is node/testcases/caseFileFormat.ts). Kept apart from contract.ts so the contract
 * stays a readable index of methods.
 */
import { Type, type Static } from '@sinclair/typebox';
import { CaseOutcomeT, RunRequestT, RunTargetT, SavedCaseT } from './runApi';

const JsonObject = Type.Record(Type.String(), Type.Unknown());

/** One run as the history keeps it: its request, unchanged, and what came back (content capped, see `truncated`). */
export const HistoryEntryT = Type.Object({
  id: Type.String(),
  /** ISO time the run finished. */
  at: Type.String(),
  request: RunRequestT,
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

/** The outcome of running saved cases in the app (`testcases.run`): passed, failed, or could not run, and why. */
export const CaseRunOutcomeT = Type.Object({
  name: Type.String(),
  target: RunTargetT,
  outcome: CaseOutcomeT,
  reason: Type.Optional(Type.String()),
  durationMs: Type.Number(),
});

export const TestCasesRunT = Type.Object({
  file: Type.String(),
  outcomes: Type.Array(CaseRunOutcomeT),
  /** The file exists but cannot be used, or there is none. */
  error: Type.Optional(Type.String()),
  /** The run was cancelled: `outcomes` are the cases that ran (the last one may have been stopped). */
  cancelled: Type.Optional(Type.Boolean()),
});

/** The saved cases beside a toolbox file: the file, its format version (0: no file yet), and why it is unusable. */
export const TestCaseListT = Type.Object({
  file: Type.String(),
  version: Type.Integer(),
  cases: Type.Array(SavedCaseT),
  error: Type.Optional(Type.String()),
});

export type HistoryEntry = Static<typeof HistoryEntryT>;
export type CaseRunOutcome = Static<typeof CaseRunOutcomeT>;
export type TestCasesRun = Static<typeof TestCasesRunT>;
export type TestCaseList = Static<typeof TestCaseListT>;
