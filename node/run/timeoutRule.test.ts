import { describe, expect, it } from 'vitest';
import { readRunSection, TIMEOUT_RULE } from '../../shared/run/index';
import { secondsOption } from '../cli/commands/runCliSupport';
import { parseCaseFile } from '../testcases/testCaseFile';
import { createDispatcher } from '../api/dispatcher';
import type { ApiHandlers } from '../api/handlers';

const caseFile = (seconds: number) => JSON.stringify({ version: 2, cases: [{ name: 'quick', tool: 'echo', args: {}, timeout_seconds: seconds, expect: { error: true } }] });

describe("a run's time limit has one rule wherever it is given: 0.1 s to 3600 s", () => {
  it('takes 0.1 and 3600 everywhere', () => {
    expect(readRunSection({ timeoutSeconds: 0.1 }).problems).toEqual([]);
    expect(secondsOption('--timeout', '0.1')).toBe(0.1);
    expect(secondsOption('--timeout', '3600')).toBe(3600);
    expect(parseCaseFile(caseFile(0.1), 't.tests.json').cases[0]!.testCase.request.timeoutSeconds).toBe(0.1);
  });

  it('refuses 0.05 everywhere, saying the rule', async () => {
    expect(TIMEOUT_RULE).toBe('a number of seconds from 0.1 to 3600');
    expect(readRunSection({ timeoutSeconds: 0.05 }).problems).toEqual([`'run.timeoutSeconds' must be ${TIMEOUT_RULE}`]);
    expect(() => secondsOption('--timeout', '0.05')).toThrow(`--timeout must be ${TIMEOUT_RULE}`);
    expect(() => parseCaseFile(caseFile(0.05), 't.tests.json')).toThrow('/cases/0/timeout_seconds: Expected number to be greater or equal to 0.1');
    // The API's run request: the contract refuses it before any handler.
    const dispatch = createDispatcher({ 'tool.run': async () => ({}) } as unknown as ApiHandlers);
    const refused = await dispatch('tool.run', { path: null, text: '', runId: 'r', run: { target: { kind: 'toolbox', tool: 'echo' }, argsJson: '{}', timeoutSeconds: 0.05 } });
    expect(refused).toMatchObject({ ok: false, error: { code: 'invalid_request' } });
  });
});
