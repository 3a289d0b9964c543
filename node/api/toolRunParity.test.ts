import { rmSync } from 'node:fs';
import path from 'node:path';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import type { ToolRunResultDto } from '../../shared/api/toolboxApi';
import type { RunTarget } from '../../shared/run/index';
import { fixturesPythonDir } from '../python/testFixtures';
import { runCliIn, workspace } from '../testSupport/cliRun';
import type { ApiService } from './handlers';
import { apiCaller, browserModeService } from '../testSupport/apiCalls';

// The app's `tool.run` and `toolbox-editor call` run a tool the same way (one RunRequest through ToolBox.call): the
// same call gets the same answer, in the same words, from both — a toolkit's tool included, named the one way.
const toolboxText = [
  'greet { class = "fixture_tools.echo.Greet", description = "Greets.", parameters { type = object, properties { name { type = string } }, required = [name] } }',
  'no_module { class = "Greet", description = "Its class names no module." }',
  // neuro-san gives a LangChain tool's LLM the class's schema, not `parameters`: these are not checked.
  'lc_repr { class = "fake_langchain.reprs.InputRepr", parameters { type = object, required = [q] } }',
  'notes { class = "fake_langchain.toolkit.NotesToolkit", args { notebook = "work" } }',
].join('\n');

const dir = workspace({ 'toolbox_info.hocon': toolboxText }, 'tbe-run-parity-');
const env = { PATH: process.env.PATH, HOME: process.env.HOME, PYTHONPATH: fixturesPythonDir() };
afterAll(() => rmSync(dir, { recursive: true, force: true }));

let service: ApiService | undefined;
afterEach(() => service?.dispose());

let runs = 0;
async function inApp(target: RunTarget, argsJson: string) {
  service ??= browserModeService(dir, { env });
  const run = await apiCaller(service)<ToolRunResultDto>('tool.run', { path: path.join(dir, 'toolbox_info.hocon'), text: toolboxText, runId: `r${++runs}`, run: { target, argsJson } });
  return { content: run.content, isError: run.isError, errorKind: run.errorKind, problems: run.argumentProblems };
}

async function inCli(words: string[], argsJson: string) {
  const run = await runCliIn(dir, ['call', 'toolbox_info.hocon', ...words, '--args', argsJson, '--json'], env);
  const report = JSON.parse(run.stdout) as { content: string; isError: boolean; errorKind?: string; validationErrors?: string[] };
  expect(run.code).toBe(report.isError ? 1 : 0);
  return { content: report.content, isError: report.isError, errorKind: report.errorKind, problems: report.validationErrors };
}

const entry = (tool: string, toolkitTool?: string): RunTarget => (toolkitTool ? { kind: 'toolbox', tool, toolkitTool } : { kind: 'toolbox', tool });

describe('one way to run a tool: the app and the CLI answer alike', () => {
  it.each([
    ['a tool that is not there', entry('nope'), [['nope']], '{}', { errorKind: 'not_found', content: /^tool not found: nope \(tools in toolbox_info\.hocon: .*greet, lc_repr, notes, no_module\)$/ }],
    ['arguments that break parameters', entry('greet'), [['greet']], '{"name": 7}', { errorKind: 'validation', content: /^The arguments for 'greet' do not match its parameters:\n- \/name must be string\n/ }],
    ['an entry neuro-san refuses', entry('no_module'), [['no_module']], '{}', { errorKind: 'load', content: /^Value in 'class' of coded tool 'no_module' must be of the form/ }],
    ['a LangChain tool called without its `parameters`', entry('lc_repr'), [['lc_repr']], '{"x": 1.0}', { errorKind: undefined, content: /^\{"x": \["1\.0", "float"\]\}$/ }],
    ["a toolkit's tool", entry('notes', 'add_note'), [['notes', '--toolkit-tool', 'add_note'], ['notes_add_note']], '{"text": "a"}', { errorKind: undefined, content: /^work: 1 note\(s\)$/ }],
    ['a toolkit without one of its tools', entry('notes'), [['notes']], '{}', { errorKind: 'load', content: /^'notes' is a toolkit; call one of its tools: notes_add_note, notes_list_notes$/ }],
    ["a toolkit's tool it does not have", entry('notes', 'erase'), [['notes', '--toolkit-tool', 'erase'], ['notes_erase']], '{}', { errorKind: 'load', content: /^toolkit 'notes' has no tool 'erase' \(it has: notes_add_note, notes_list_notes\)$/ }],
  ])('%s', async (_what, target, cliWords, argsJson, expected) => {
    const app = await inApp(target, argsJson);
    expect(app.errorKind).toBe(expected.errorKind);
    expect(app.content).toMatch(expected.content);
    for (const words of cliWords) expect(await inCli(words, argsJson)).toEqual(app);
  });
});
