/** Runs saved test cases one after another through any way of calling a tool (the CLI's ToolBox, the app's worker). */
import type { TestCase } from '../../shared/api/index';
import { checkCase, type CaseVerdict, type ResultToCheck } from './checkCase';

export interface CaseOutcome {
  name: string;
  tool: string;
  verdict: CaseVerdict;
  durationMs: number;
}

export type CallTool<C extends TestCase = TestCase> = (testCase: C) => Promise<ResultToCheck>;

/** One case at a time, in file order, so cases that share sly_data-like state in a tool see a fixed order. */
export async function runCases<C extends TestCase>(
  cases: readonly C[],
  callTool: CallTool<C>,
  onOutcome?: (outcome: CaseOutcome) => void,
  /** Asked before each case: true stops the run there (the user cancelled it). */
  stopped?: () => boolean,
): Promise<CaseOutcome[]> {
  const outcomes: CaseOutcome[] = [];
  for (const testCase of cases) {
    if (stopped?.()) break;
    const started = performance.now();
    let verdict: CaseVerdict;
    try {
      verdict = checkCase(testCase.expect, await callTool(testCase));
    } catch (error) {
      // The runner itself failed (no interpreter, ...): that case fails, the others still run.
      verdict = { pass: false, reason: `could not run: ${(error as Error).message}` };
    }
    const outcome = { name: testCase.name, tool: testCase.tool, verdict, durationMs: performance.now() - started };
    outcomes.push(outcome);
    onOutcome?.(outcome);
  }
  return outcomes;
}
