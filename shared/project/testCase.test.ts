import { describe, expect, it } from 'vitest';
import { resolveHocon } from '../hocon/index';
import { checkTestCaseAgent } from './testCase';

describe('checkTestCaseAgent', () => {
  const served = new Set(['basic/hello']);
  const check = (text: string) => checkTestCaseAgent(resolveHocon(text).value, (name) => served.has(name));

  it('accepts an agent a manifest serves, and warns at the agent of one no manifest lists', () => {
    expect(check('{"agent": "basic/hello", "interactions": []}')).toEqual([]);
    expect(check('{"agent": "basic/gone", "interactions": []}')).toMatchObject([
      {
        rule: 'test-case-agent',
        severity: 'warning',
        line: 1,
        column: 11,
        message: "The test case's agent 'basic/gone' is no agent network of this project: no manifest lists basic/gone.hocon, and there is no registries/basic/gone.hocon.",
      },
    ]);
  });
});
