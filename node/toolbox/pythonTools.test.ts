import { afterEach, describe, expect, it } from 'vitest';
import { toolboxTarget, type RunRequest } from '../../shared/run/index';
import { codedSpec, FixtureRunners, langchainSpec } from '../python/testFixtures';
import { toolBoxFromSpecs } from './pythonTools';

const runners = new FixtureRunners();
afterEach(() => runners.disposeAll());

const counted = codedSpec('count', 'fixture_tools.sly.CountCalls', {
  type: 'object',
  properties: { tag: { type: 'string' } },
  required: ['tag'],
});

const ask = (tool: string, argsJson = '{}', extra: Partial<RunRequest> & { toolkitTool?: string } = {}): RunRequest => {
  const { toolkitTool, ...rest } = extra;
  return { target: toolboxTarget(tool, toolkitTool), argsJson, ...rest };
};

describe('ToolBox with Python tools', () => {
  it('runs coded tools by name, with sly_data in and out', async () => {
    const box = toolBoxFromSpecs([codedSpec('echo', 'fixture_tools.echo.Echo'), counted], runners.make());
    expect(box.tools().map((t) => t.name)).toEqual(['echo', 'count']);
    const echo = await box.call(ask('echo', '{"x":1}'));
    expect(echo).toMatchObject({ name: 'echo', isError: false, contentType: 'json', content: '{"echo": {"x": 1}}' });
    const count = await box.call(ask('count', '{"tag": "t"}', { slyData: { calls: 1 } }));
    expect(count).toMatchObject({ content: '2', slyData: { calls: 2, seen: 't' } });
  });

  it('reports arguments that do not match parameters, unless asked to send them anyway', async () => {
    const box = toolBoxFromSpecs([counted], runners.make());
    const refused = await box.call(ask('count', '{"tag": 5}'));
    expect(refused).toMatchObject({ isError: true, errorKind: 'validation', validationErrors: ['/tag must be string'] });
    expect(refused.content).toContain('send anyway');
    const sent = await box.call(ask('count', '{"tag": 5}', { sendInvalidArgs: true }));
    expect(sent).toMatchObject({ isError: false, content: '1', validationErrors: ['/tag must be string'] });
    expect(sent.slyData).toMatchObject({ seen: 5 });
  });

  it("gives the tool's error, and a timeout, as results", async () => {
    const box = toolBoxFromSpecs([codedSpec('r', 'fixture_tools.raising.Raising'), codedSpec('s', 'fixture_tools.sleeping.Sleeping')], runners.make());
    expect(await box.call(ask('r', '{"what": "it"}'))).toMatchObject({ isError: true, content: 'ValueError: cannot handle it' });
    expect(await box.call(ask('s', '{"seconds": 20}', { timeoutSeconds: 0.2 }))).toMatchObject({ isError: true, content: 'timed out after 0.2 s' });
    expect(await box.call(ask('missing'))).toMatchObject({ isError: true, errorKind: 'not_found', content: 'tool not found: missing (tools: r, s)' });
  });

  it("names a toolkit's tool by the request's target, without loading classes first; a class that is missing is a load error", async () => {
    const box = toolBoxFromSpecs([langchainSpec('notes', 'fake_langchain.toolkit.NotesToolkit'), langchainSpec('ghost', 'fake_langchain.nothing.Ghost')], runners.make());
    expect((await box.call(ask('notes', '{"text": "hi"}', { toolkitTool: 'add_note' }))).content).toBe('default: 1 note(s)');
    const whole = await box.call(ask('notes'));
    expect(whole).toMatchObject({ isError: true, errorKind: 'load' });
    expect(whole.content).toContain('call one of its tools: notes_add_note, notes_list_notes');
    const ghost = await box.call(ask('ghost'));
    expect(ghost).toMatchObject({ isError: true, errorKind: 'load' });
    expect(ghost.content).toContain('Class fake_langchain.nothing.Ghost not found in PYTHONPATH');
  });
});
