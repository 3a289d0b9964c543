import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parse as parseJunit } from 'junit2json';
import { afterAll, describe, expect, it } from 'vitest';
import { appRoot } from '../../paths';
import { runCli } from '../main';

const pythonDir = path.join(appRoot(), 'fixtures', 'python');
const tmp = mkdtempSync(path.join(os.tmpdir(), 'tbe-test-cmd-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

async function cli(args: string[], options: { cwd?: string; env?: Record<string, string | undefined> } = {}) {
  const out = { stdout: '', stderr: '' };
  const code = await runCli(args, {
    stdout: (t) => void (out.stdout += t),
    stderr: (t) => void (out.stderr += t),
    cwd: options.cwd ?? tmp,
    env: options.env ?? { PATH: process.env.PATH, HOME: process.env.HOME, PYTHONPATH: pythonDir },
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
const cases = (file: string, content: unknown) => writeFileSync(file, JSON.stringify(content));

const suite = {
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
    const run = await cli(['test', file]);
    expect(run.stderr).toBe('');
    expect(run.stdout).toMatch(/^ok {4}greets Ada \(\d+ ms\)\nok {4}raising raises \(\d+ ms\)\nok {4}counts from sly_data \(\d+ ms\)\n3 passed, 0 failed \(passing\.tests\.json\)\n$/);
    expect(run.code).toBe(0);
  });

  it('exits 1 and says how a case failed once the tool behaves differently', async () => {
    const file = toolbox('changed', 'fixture_tools.echo.Echo');
    cases(path.join(tmp, 'changed.tests.json'), suite);
    const run = await cli(['test', file]);
    expect(run.code).toBe(1);
    expect(run.stdout).toContain('FAIL  greets Ada');
    expect(run.stdout).toContain('expected "Hello, Ada!", got "{\\"echo\\": {\\"name\\": \\"Ada\\"}}"');
    expect(run.stdout).toContain('2 passed, 1 failed');
  });

  it('a case expecting an error, against a tool whose class is gone or a tool that was deleted, could not run: never a pass', async () => {
    const file = path.join(tmp, 'gone.hocon');
    writeFileSync(file, 'raising { class = "fixture_tools.no_such_module.Raising", description = "Raises." }\n');
    cases(path.join(tmp, 'gone.tests.json'), {
      version: 1,
      cases: [
        { name: 'class gone', tool: 'raising', args: {}, expect: { error: true } },
        { name: 'tool deleted', tool: 'greet', args: {}, expect: { error: true } },
      ],
    });
    const run = await cli(['test', file]);
    expect(run.code).toBe(1);
    expect(run.stdout).toMatch(/^ERROR class gone \(\d+ ms\)\n {6}could not run raising: Could not find class "Raising"\n {6}in module "fixture_tools\.no_such_module"\n/);
    expect(run.stdout).toMatch(/\nERROR tool deleted \(\d+ ms\)\n {6}could not run greet: tool not found: greet \(tools in gone\.hocon: get_current_date_time, raising\)\n/);
    expect(run.stdout).toContain('0 passed, 0 failed, 2 could not run (gone.tests.json)');
  });

  it('does not send arguments that no longer match the parameters (the case could not run), and runs only the cases asked for', async () => {
    const file = toolbox('only', 'fixture_tools.echo.Greet');
    const casesFile = path.join(tmp, 'elsewhere.json');
    cases(casesFile, { version: 1, cases: [{ name: 'no name', tool: 'greet', args: {}, expect: { content: 'Hello, world!' } }, suite.cases[1]] });
    const run = await cli(['test', file, '--cases', casesFile, '--only', 'no name']);
    expect(run.code).toBe(1);
    expect(run.stdout).toMatch(/ERROR no name .*\n.*could not run greet: The arguments for 'greet' do not match its parameters:\n {6}- \(arguments\) must have required property 'name'/);
    expect(run.stdout).toContain('0 passed, 0 failed, 1 could not run');
    expect(run.stdout).not.toContain('raising');
  });

  it('--junit writes JUnit XML a JUnit parser reads: a testcase per case, a failure per failed one, an error per one that could not run', async () => {
    const file = toolbox('junit', 'fixture_tools.echo.Echo');
    cases(path.join(tmp, 'junit.tests.json'), {
      version: 2,
      cases: [
        ...suite.cases,
        { name: 'gone <&"quoted">', tool: 'gone', args: {}, expect: { error: true } },
        { name: 'json path', tool: 'greet', args: { name: 'Bo' }, expect: { json_path: { path: '$.echo.name', value: 'Bo' } } },
      ],
    });
    const run = await cli(['test', file, '--junit', 'reports/junit.xml']);
    expect(run.code).toBe(1);
    expect(run.stderr).toBe('toolbox-editor test: wrote reports/junit.xml\n');
    const report = await parseJunit(readFileSync(path.join(tmp, 'reports', 'junit.xml'), 'utf8'));
    expect(report).toMatchObject({ tests: 5, failures: 1, errors: 1 });
    const testSuite = (report as { testsuite: { name: string; tests: number; failures: number; errors: number; testcase: { name: string; classname: string; failure?: { message: string }[]; error?: { message: string; type: string }[] }[] }[] }).testsuite[0]!;
    expect(testSuite).toMatchObject({ name: 'junit.tests.json', tests: 5, failures: 1, errors: 1 });
    expect(testSuite.testcase.map((c) => [c.name, c.classname, c.failure ? 'failure' : c.error ? 'error' : 'ok'])).toEqual([
      ['greets Ada', 'greet', 'failure'],
      ['raising raises', 'raising', 'ok'],
      ['counts from sly_data', 'count_calls', 'ok'],
      ['gone <&"quoted">', 'gone', 'error'],
      ['json path', 'greet', 'ok'],
    ]);
    expect(testSuite.testcase[0]!.failure![0]!.message).toBe('expected "Hello, Ada!", got "{\\"echo\\": {\\"name\\": \\"Ada\\"}}"');
    expect(testSuite.testcase[3]!.error![0]).toMatchObject({ type: 'could not run', message: expect.stringMatching(/^tool not found: gone/) });

    const json = await cli(['test', file, '--json']);
    expect(json.code).toBe(1);
    const parsed = JSON.parse(json.stdout) as { passed: number; failed: number; couldNotRun: number; cases: { name: string; outcome: string }[] };
    expect(parsed).toMatchObject({ file: 'junit.tests.json', passed: 3, failed: 1, couldNotRun: 1 });
    expect(parsed.cases.map((c) => c.outcome)).toEqual(['failed', 'passed', 'passed', 'could not run', 'passed']);
  });

  it("uses the project's run settings: from another folder, with no options, the classes are found", async () => {
    const project = path.join(tmp, 'project');
    mkdirSync(path.join(project, 'src', 'my_tools'), { recursive: true });
    writeFileSync(path.join(project, 'src', 'my_tools', '__init__.py'), '');
    writeFileSync(path.join(project, 'src', 'my_tools', 'shout.py'), 'import os\n\nclass Shout:\n    def invoke(self, args, sly_data):\n        return args["text"].upper() + os.environ.get("SUFFIX", "?") + " in " + os.path.basename(os.getcwd())\n');
    writeFileSync(path.join(project, 'tb.hocon'), 'shout { class = "my_tools.shout.Shout", description = "Shouts." }\n');
    cases(path.join(project, 'tb.tests.json'), { version: 1, cases: [{ name: 'shouts', tool: 'shout', args: { text: 'hi' }, expect: { content: 'HI! in project' } }] });
    const elsewhere = mkdtempSync(path.join(os.tmpdir(), 'tbe-elsewhere-'));
    try {
      const bare = { PATH: process.env.PATH, HOME: process.env.HOME };
      // Without the settings the module is not on the path.
      const without = await cli(['test', path.join(project, 'tb.hocon')], { cwd: elsewhere, env: bare });
      expect(without.stdout).toContain('could not run shout: Could not find class "Shout"\n      in module "my_tools.shout"');
      writeFileSync(path.join(project, '.toolbox-editor.json'), JSON.stringify({ run: { pythonPath: ['src'], env: { SUFFIX: '!' } } }));
      const run = await cli(['test', path.join(project, 'tb.hocon')], { cwd: elsewhere, env: bare });
      expect(run.stdout).toMatch(/^ok {4}shouts/);
      expect(run.code).toBe(0);
    } finally {
      rmSync(elsewhere, { recursive: true, force: true });
    }
  });

  it('exits 1 with a plain message when there are no cases, or the file is damaged; 2 on a usage error', async () => {
    const file = toolbox('none', 'fixture_tools.echo.Greet');
    const missing = await cli(['test', file]);
    expect(missing).toMatchObject({ code: 1, stdout: '' });
    expect(missing.stderr).toContain(`no test cases at ${path.join(tmp, 'none.tests.json')}`);

    writeFileSync(path.join(tmp, 'none.tests.json'), '{"version": 1}');
    const damaged = await cli(['test', file]);
    expect(damaged.code).toBe(1);
    expect(damaged.stderr).toContain('is not a test case file');

    expect((await cli(['test'])).code).toBe(2);
    cases(path.join(tmp, 'none.tests.json'), suite);
    expect(await cli(['test', file, '--only', 'nope'])).toMatchObject({ code: 2, stderr: expect.stringContaining("no case named 'nope'") });
  });

  it('every case could not run when the toolbox cannot be read, and says why', async () => {
    const file = path.join(tmp, 'broken.hocon');
    writeFileSync(file, 'greet { class = \n');
    cases(path.join(tmp, 'broken.tests.json'), suite);
    const run = await cli(['test', file]);
    expect(run.code).toBe(1);
    expect(run.stdout).toContain('0 passed, 0 failed, 3 could not run');
    expect(run.stdout).toContain(`could not run greet: ${file} cannot be read: `);
  });
});
