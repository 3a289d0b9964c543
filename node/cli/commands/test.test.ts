import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { TestCaseFile } from '../../../shared/api/testRunApi';
import { appRoot } from '../../paths';
import { runCli } from '../main';

const pythonDir = path.join(appRoot(), 'fixtures', 'python');
const tmp = mkdtempSync(path.join(os.tmpdir(), 'tbe-test-cmd-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

async function cli(...args: string[]) {
  const out = { stdout: '', stderr: '' };
  const code = await runCli(args, {
    stdout: (t) => void (out.stdout += t),
    stderr: (t) => void (out.stderr += t),
    cwd: tmp,
    env: { PATH: process.env.PATH, HOME: process.env.HOME, PYTHONPATH: pythonDir },
  });
  return { code, ...out };
}

const toolbox = (name: string, greetClass: string) => {
  const file = path.join(tmp, `${name}.hocon`);
  writeFileSync(
    file,
    [
      `greet { class = "${greetClass}", description = "Greets.", parameters { type = object, properties { name { type = string } }, required = [name] } }`,
      'raising { class = "fixture_tools.raising.Raising", description = "Raises." }',
      'count_calls { class = "fixture_tools.sly.CountCalls", description = "Counts." }',
    ].join('\n'),
  );
  return file;
};
const cases = (file: string, content: TestCaseFile) => writeFileSync(file, JSON.stringify(content));

const suite: TestCaseFile = {
  version: 1,
  cases: [
    { name: 'greets Ada', tool: 'greet', args: { name: 'Ada' }, expect: { content: 'Hello, Ada!' } },
    { name: 'raising raises', tool: 'raising', args: {}, expect: { error: true } },
    { name: 'counts from sly_data', tool: 'count_calls', args: { tag: 't' }, sly_data: { calls: 4 }, expect: { content: '5' } },
  ],
};

describe('toolbox-editor test', () => {
  it('runs every case beside the toolbox and exits 0 when all pass', async () => {
    const file = toolbox('passing', 'fixture_tools.echo.Greet');
    cases(path.join(tmp, 'passing.tests.json'), suite);
    const run = await cli('test', file);
    expect(run.stderr).toBe('');
    expect(run.stdout).toMatch(/^ok {4}greets Ada \(\d+ ms\)\nok {4}raising raises \(\d+ ms\)\nok {4}counts from sly_data \(\d+ ms\)\n3 passed, 0 failed \(passing\.tests\.json\)\n$/);
    expect(run.code).toBe(0);
  });

  it('exits 1 and says how a case failed once the tool behaves differently', async () => {
    const file = toolbox('changed', 'fixture_tools.echo.Echo');
    cases(path.join(tmp, 'changed.tests.json'), suite);
    const run = await cli('test', file);
    expect(run.code).toBe(1);
    expect(run.stdout).toContain('FAIL  greets Ada');
    expect(run.stdout).toContain('expected "Hello, Ada!", got "{\\"echo\\": {\\"name\\": \\"Ada\\"}}"');
    expect(run.stdout).toContain('2 passed, 1 failed');
  });

  it('fails a case whose arguments no longer match the parameters, and runs only the cases asked for', async () => {
    const file = toolbox('only', 'fixture_tools.echo.Greet');
    const casesFile = path.join(tmp, 'elsewhere.json');
    cases(casesFile, { version: 1, cases: [{ name: 'no name', tool: 'greet', args: {}, expect: { content: 'Hello, world!' } }, suite.cases[1]!] });
    const run = await cli('test', file, '--cases', casesFile, '--only', 'no name');
    expect(run.code).toBe(1);
    expect(run.stdout).toMatch(/FAIL {2}no name .*\n.*got an error: .*name/);
    expect(run.stdout).toContain('0 passed, 1 failed');
    expect(run.stdout).not.toContain('raising');
  });

  it('exits 1 with a plain message when there are no cases, or the file is damaged; 2 on a usage error', async () => {
    const file = toolbox('none', 'fixture_tools.echo.Greet');
    const missing = await cli('test', file);
    expect(missing).toMatchObject({ code: 1, stdout: '' });
    expect(missing.stderr).toContain(`no test cases at ${path.join(tmp, 'none.tests.json')}`);

    writeFileSync(path.join(tmp, 'none.tests.json'), '{"version": 1}');
    const damaged = await cli('test', file);
    expect(damaged.code).toBe(1);
    expect(damaged.stderr).toContain('is not a test case file');

    expect((await cli('test')).code).toBe(2);
    cases(path.join(tmp, 'none.tests.json'), suite);
    expect(await cli('test', file, '--only', 'nope')).toMatchObject({ code: 2, stderr: expect.stringContaining("no case named 'nope'") });
  });
});
