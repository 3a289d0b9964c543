import { afterEach, describe, expect, it } from 'vitest';
import { codedSpec, FixtureRunners, langchainSpec } from '../python/testFixtures';
import { describedToolBox, toolBoxFromSpecs } from './pythonTools';

const runners = new FixtureRunners();
afterEach(() => runners.disposeAll());

const counted = codedSpec('count', 'fixture_tools.sly.CountCalls', {
  type: 'object',
  properties: { tag: { type: 'string' } },
  required: ['tag'],
});

describe('ToolBox with Python tools', () => {
  it('runs coded tools by name, with sly_data in and out', async () => {
    const box = toolBoxFromSpecs([codedSpec('echo', 'fixture_tools.echo.Echo'), counted], runners.make());
    expect(box.tools().map((t) => t.name)).toEqual(['echo', 'count']);
    const echo = await box.call({ id: 'c1', name: 'echo', arguments: '{"x":1}' });
    expect(echo).toMatchObject({ toolCallId: 'c1', isError: false, contentType: 'json', content: '{"echo": {"x": 1}}' });
    const count = await box.call({ name: 'count', arguments: { tag: 't' } }, { slyData: { calls: 1 } });
    expect(count).toMatchObject({ content: '2', slyData: { calls: 2, seen: 't' } });
  });

  it('reports arguments that do not match parameters, unless asked to send them anyway', async () => {
    const box = toolBoxFromSpecs([counted], runners.make());
    const refused = await box.call({ name: 'count', arguments: { tag: 5 } });
    expect(refused).toMatchObject({ isError: true, errorKind: 'validation', validationErrors: ['/tag must be string'] });
    expect(refused.content).toContain('send anyway');
    const sent = await box.call({ name: 'count', arguments: { tag: 5 } }, { sendInvalid: true });
    expect(sent).toMatchObject({ isError: false, content: '1', validationErrors: ['/tag must be string'] });
    expect(sent.slyData).toMatchObject({ seen: 5 });
  });

  it('gives the tool\'s error, and a timeout, as results', async () => {
    const box = toolBoxFromSpecs(
      [codedSpec('r', 'fixture_tools.raising.Raising'), codedSpec('s', 'fixture_tools.sleeping.Sleeping')],
      runners.make(),
    );
    expect(await box.call({ name: 'r', arguments: { what: 'it' } })).toMatchObject({
      isError: true,
      content: 'ValueError: cannot handle it',
    });
    expect(await box.call({ name: 's', arguments: { seconds: 20 } }, { timeoutMs: 200 })).toMatchObject({
      isError: true,
      content: 'timed out after 0.2 s',
    });
    expect(await box.call({ name: 'missing' })).toMatchObject({ isError: true, content: 'tool not found: missing (tools: r, s)' });
  });

  it('after loading classes: a LangChain tool takes its schema from the class; a toolkit becomes <entry>_<tool>', async () => {
    const runner = runners.make();
    const specs = [
      codedSpec('echo', 'fixture_tools.echo.Echo'),
      langchainSpec('notes', 'fake_langchain.toolkit.NotesToolkit'),
      langchainSpec('search', 'fake_langchain.search.SearchResults'),
      langchainSpec('ghost', 'fake_langchain.nothing.Ghost'),
    ];
    const { toolbox, descriptions } = await describedToolBox(specs, runner);
    expect(toolbox.tools().map((t) => t.name)).toEqual(['echo', 'notes_add_note', 'notes_list_notes', 'search', 'ghost']);
    expect(toolbox.get('search')).toMatchObject({ description: 'Searches the fake web.', inputSchema: { required: ['query'] } });
    expect(descriptions.get('ghost')).toMatchObject({ ok: false, errorKind: 'load' });

    expect((await toolbox.call({ name: 'notes_add_note', arguments: { text: 'hi' } })).content).toBe('default: 1 note(s)');
    const invalid = await toolbox.call({ name: 'search', arguments: {} });
    expect(invalid).toMatchObject({ isError: true, errorKind: 'validation' });
    const ghost = await toolbox.call({ name: 'ghost', arguments: {} });
    expect(ghost.content).toContain('Class fake_langchain.nothing.Ghost not found in PYTHONPATH');
  });
});
