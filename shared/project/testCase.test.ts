import { describe, expect, it } from 'vitest';
import { resolveHocon } from '../hocon/index';
import { checkTestCaseAgent } from './testCase';

describe('checkTestCaseAgent', () => {
  const networks = new Set(['registries/basic/hello.hocon']);
  const check = (text: string) => checkTestCaseAgent(resolveHocon(text).value, 'registries/manifest.hocon', (p) => networks.has(p));

  it('accepts an agent the manifest\'s folder holds, and warns at the agent of one it does not', () => {
    expect(check('{"agent": "basic/hello", "interactions": []}')).toEqual([]);
    expect(check('{"agent": "basic/gone", "interactions": []}')).toMatchObject([
      { rule: 'test-case-agent', severity: 'warning', line: 1, column: 11, message: "The test case's agent 'basic/gone' is no agent network of this project (looked for registries/basic/gone.hocon)." },
    ]);
  });
});
