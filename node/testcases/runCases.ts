/** Runs saved test cases one after another through any way of running a request (the CLI's ToolBox, the app's worker). */
import { judge, type RunOutcome, type RunTarget, type SavedCase, type Verdict } from '../../shared/run/index';
import { errorMessage } from '../../shared/errorMessage';

export interface CaseResult {
  name: string;
  target: RunTarget;
  verdict: Verdict;
  durationMs: number;
}

export type RunCase = (testCase: SavedCase) => Promise<RunOutcome>;

/** One case at a time, in file order, so cases that share sly_data-like state in a tool see a fixed order. */
export async function runCases(
  cases: readonly SavedCase[],
  run: RunCase,
  onResult?: (result: CaseResult) => void,
  /** Asked before each case: true stops the run there (the user cancelled it). */
  stopped?: () => boolean,
): Promise<CaseResult[]> {
  const results: CaseResult[] = [];
  for (const testCase of cases) {
    if (stopped?.()) break;
    const started = performance.now();
    let verdict: Verdict;
    try {
      verdict = judge(testCase.expect, await run(testCase));
    } catch (error) {
      // The runner itself failed (no interpreter, ...): that case could not run, the others still do.
      verdict = { outcome: 'could not run', reason: errorMessage(error) };
    }
    const result = { name: testCase.name, target: testCase.request.target, verdict, durationMs: performance.now() - started };
    results.push(result);
    onResult?.(result);
  }
  return results;
}

/** "2 passed, 1 failed, 1 could not run": the counts a run of cases ends with (the last only when there are some). */
export function countsLine(results: readonly CaseResult[]): string {
  const count = (outcome: Verdict['outcome']) => results.filter((r) => r.verdict.outcome === outcome).length;
  const notRun = count('could not run');
  return `${count('passed')} passed, ${count('failed')} failed${notRun ? `, ${notRun} could not run` : ''}`;
}
