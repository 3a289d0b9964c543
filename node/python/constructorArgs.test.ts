import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { loadToolSpecs } from '../toolbox/loadToolSpecs';
import { FixtureRunners, runOf } from './testFixtures';

const runners = new FixtureRunners();
afterEach(() => runners.disposeAll());
const tmp = mkdtempSync(path.join(os.tmpdir(), 'tbe-args-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

/** What the tool's constructor received: `{arg: [repr, type name]}`, from a toolbox written as HOCON. */
async function argsAsPythonSees(args: string): Promise<Record<string, [string, string]>> {
  const file = path.join(tmp, 'toolbox.hocon');
  writeFileSync(file, `probe { class = "fake_langchain.reprs.ArgsRepr", args { ${args} } }\n`);
  const { specs } = await loadToolSpecs(file, { cwd: tmp, env: {}, withDefaults: false });
  // The editor's own checks keep JavaScript numbers; only the worker reads the exact text.
  expect(Object.values(specs[0]!.args!).some((v) => typeof v === 'string')).toBe(false);
  const run = await runners.make().call(specs[0]!, runOf({}));
  expect(run.isError, run.content).toBe(false);
  return JSON.parse(run.content) as Record<string, [string, string]>;
}

describe('constructor args reach Python as pyhocon gives them to neuro-san', () => {
  it('integers beyond 2^53 exactly', async () => {
    const seen = await argsAsPythonSees('big = 12345678901234567890, negative = -9223372036854775809, small = 42');
    expect(seen).toEqual({
      big: ['12345678901234567890', 'int'],
      negative: ['-9223372036854775809', 'int'],
      small: ['42', 'int'],
    });
  });

  it('floats written with a point or an exponent as floats, even when whole', async () => {
    const seen = await argsAsPythonSees('one = 1.0, thousand = 1e3, half = 0.5, minus_zero = -0.0, huge = 1e21, overflow = 1e400, list = [2.0, 2]');
    expect(seen).toEqual({
      one: ['1.0', 'float'],
      thousand: ['1000.0', 'float'],
      half: ['0.5', 'float'],
      minus_zero: ['-0.0', 'float'],
      huge: ['1e+21', 'float'],
      overflow: ['inf', 'float'],
      list: ['[2.0, 2]', 'list'],
    });
  });
});
