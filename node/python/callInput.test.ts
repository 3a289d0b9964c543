import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import type { HistoryEntry, TestCasesRun } from '../../shared/api/testRunApi';
import type { ToolRunResultDto } from '../../shared/api/toolboxApi';
import { createDispatcher } from '../api/dispatcher';
import type { ApiService } from '../api/handlers';
import { runCliIn, workspace } from '../testSupport/cliRun';
import { fixturesPythonDir } from './testFixtures';
import { browserModeService } from '../testSupport/apiCalls';

// In neuro-san an LLM's tool-call arguments are JSON that Python's json reads: the tool gets 1.0 as a float and
// 12345678901234567890 as that int. A test run must give the tool the same, whichever way the input is typed.
const typed = '{"x": 1.0, "big": 12345678901234567890}';
const asPythonSeesIt = { x: ['1.0', 'float'], big: ['12345678901234567890', 'int'] };

const toolboxText = [
  'coded_repr {',
  '  class = "fixture_tools.reprs.InputRepr"',
  '  description = "Reports its arguments"',
  '  parameters { type = object, properties { x { type = number }, big { type = integer } } }',
  '}',
  'langchain_repr { class = "fake_langchain.reprs.InputRepr" }',
].join('\n');

const dir = workspace({ 'toolbox_info.hocon': toolboxText }, 'tbe-call-input-');
const toolbox = path.join(dir, 'toolbox_info.hocon');
const env = { PATH: process.env.PATH, HOME: process.env.HOME, PYTHONPATH: fixturesPythonDir() };
afterAll(() => rmSync(dir, { recursive: true, force: true }));

let service: ApiService | undefined;
afterEach(() => service?.dispose());

/** The API as both transports serve it (IPC and browser mode's HTTP go through this dispatcher). */
function api() {
  service = browserModeService(dir, { env });
  const dispatch = createDispatcher(service.handlers);
  return async <T>(method: string, payload: unknown): Promise<T> => {
    // As the HTTP bridge carries it: JSON over the wire.
    const result = await dispatch(method, JSON.parse(JSON.stringify(payload)));
    if (!result.ok) throw Object.assign(new Error(result.error.message), { code: result.error.code });
    return result.value as T;
  };
}

let runs = 0;
const run = (call: ReturnType<typeof api>, tool: string, argsJson: string) =>
  call<ToolRunResultDto>('tool.run', { path: toolbox, text: toolboxText, runId: `run-${++runs}`, run: { target: { kind: 'toolbox', tool }, argsJson } });

describe('a tool gets its call input as typed, as neuro-san gives it the LLM\'s arguments', () => {
  it('through the API: a float stays a float and a big integer exact, for coded and LangChain tools', async () => {
    const call = api();
    for (const tool of ['coded_repr', 'langchain_repr']) {
      const result = await run(call, tool, typed);
      expect(result.isError, result.content).toBe(false);
      expect(JSON.parse(result.content)).toEqual(asPythonSeesIt);
    }
    // Keys in the order written, even integer-like ones a JavaScript object would move first.
    const ordered = await run(call, 'langchain_repr', '{"b": 1, "2": 2.5e0}');
    expect(ordered.content).toBe('{"b": ["1", "int"], "2": ["2.5", "float"]}');
  });

  it('through the API: the value is checked against parameters, and text that is not JSON is refused saying where', async () => {
    const call = api();
    const refused = await run(call, 'coded_repr', '{"x": "one", "big": 1.5}');
    expect(refused).toMatchObject({ isError: true, errorKind: 'validation' });
    expect(refused.argumentProblems).toHaveLength(2);
    const broken = await run(call, 'coded_repr', '{"x": 1.0,\n "big" 2}');
    expect(broken).toMatchObject({ isError: true, errorKind: 'validation', content: "The arguments are not valid JSON at line 2, column 8: Expecting ':' delimiter" });
    // The run request is the only shape a run has: arguments given any other way are refused before anything runs.
    const other = call('tool.run', { path: toolbox, text: toolboxText, runId: 'other', run: { target: { kind: 'toolbox', tool: 'coded_repr' }, argsJson: typed, args: {} } });
    await expect(other).rejects.toMatchObject({ code: 'invalid_request' });
  });

  it('through `toolbox-editor call --args`', async () => {
    for (const tool of ['coded_repr', 'langchain_repr']) {
      const result = await runCliIn(dir, ['call', 'toolbox_info.hocon', tool, '--args', typed, '--no-default'], env);
      expect(result.stderr).toBe('');
      expect(JSON.parse(result.stdout)).toEqual(asPythonSeesIt);
    }
    const broken = await runCliIn(dir, ['call', 'toolbox_info.hocon', 'coded_repr', '--args', '{"x": 1.0 "big": 2}'], env);
    expect(broken.code).toBe(2);
    expect(broken.stderr).toContain("--args is not valid JSON at line 1, column 11: Expecting ',' delimiter");
  });

  it('from the history to a saved test case: the text is kept, and the app and `toolbox-editor test` run it as typed', async () => {
    const call = api();
    const multiLine = '{\n  "x": 1.0,\n  "big": 12345678901234567890\n}';
    const result = await run(call, 'coded_repr', multiLine);
    const { entries } = await call<{ entries: HistoryEntry[] }>('history.list', { path: toolbox, tool: 'coded_repr' });
    expect(entries[0]!.request).toEqual({ target: { kind: 'toolbox', tool: 'coded_repr' }, argsJson: multiLine });

    // What the pane's "Save as test case" sends: the run's request, unchanged.
    const testCase = { name: 'exact numbers', request: entries[0]!.request, expect: { content: result.content } };
    await call('testcases.save', { path: toolbox, testCase });
    const file = path.join(dir, 'toolbox_info.tests.json');
    // The file shows the args as typed, indented to sit in it.
    expect(readFileSync(file, 'utf8')).toContain('      "args": {\n        "x": 1.0,\n        "big": 12345678901234567890\n      },\n');

    const inApp = await call<TestCasesRun>('testcases.run', { path: toolbox, text: toolboxText });
    expect(inApp.outcomes.map((o) => [o.name, o.outcome, o.reason])).toEqual([['exact numbers', 'passed', undefined]]);
    const inCi = await runCliIn(dir, ['test', 'toolbox_info.hocon'], env);
    expect(inCi.stdout).toContain('1 passed, 0 failed');
    expect(inCi.code).toBe(0);

    // A file written by hand (or by an older version) is read as written, too.
    const byHand = { name: 'exact numbers', tool: 'coded_repr', args: 'PLACEHOLDER', expect: { content: result.content } };
    writeFileSync(file, JSON.stringify({ version: 1, cases: [byHand] }).replace('"PLACEHOLDER"', '{"x":1.0,"big":12345678901234567890}'));
    expect((await runCliIn(dir, ['test', 'toolbox_info.hocon'], env)).code).toBe(0);
  });
});
