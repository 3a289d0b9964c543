import { afterEach, describe, expect, it } from 'vitest';
import path from 'node:path';
import { codedSpec, FixtureRunners, fixturesPythonDir, langchainSpec, runOf } from './testFixtures';

const runners = new FixtureRunners();
afterEach(() => runners.disposeAll());

const echo = codedSpec('echo', 'fixture_tools.echo.Echo');

describe('ToolRunner: coded tools', () => {
  it('calls invoke through the NotImplementedError fallback and returns JSON text', async () => {
    const run = await runners.make().call(echo, runOf({ a: 1, b: ['x'] }));
    expect(run.isError).toBe(false);
    expect(run.contentType).toBe('json');
    expect(JSON.parse(run.content)).toEqual({ echo: { a: 1, b: ['x'] } });
    expect(run.durationMs).toBeGreaterThan(0);
  });

  it("gives a coded tool the args neuro-san adds (origin, origin_str, progress_reporter)", async () => {
    const run = await runners.make().call(codedSpec('who', 'fixture_tools.echo.WhoAmI'), runOf({}));
    expect(run.isError).toBe(false);
    expect(JSON.parse(run.content)).toEqual({ origin_str: 'who', origin: [{ tool: 'who', instantiation_index: 1 }] });
  });

  it('passes a returned string through as is', async () => {
    const run = await runners.make().call(codedSpec('greet', 'fixture_tools.echo.Greet'), runOf({ name: 'Ada' }));
    expect(run).toMatchObject({ content: 'Hello, Ada!', contentType: 'text', isError: false });
  });

  it('awaits async_invoke on the event loop, and runs a synchronous invoke on another thread', async () => {
    const runner = runners.make();
    const asyncRun = await runner.call(codedSpec('a', 'fixture_tools.async_tool.AsyncTool'), runOf({ n: 21 }));
    expect(JSON.parse(asyncRun.content)).toEqual({ doubled: 42, thread: 'MainThread' });
    const syncRun = await runner.call(codedSpec('s', 'fixture_tools.async_tool.SyncThread'), runOf({}));
    expect(JSON.parse(syncRun.content).thread).not.toBe('MainThread');
  });

  it('reports a raised exception as an error with its message and traceback, and the worker lives on', async () => {
    const runner = runners.make();
    const run = await runner.call(codedSpec('r', 'fixture_tools.raising.Raising'), runOf({ what: 'tuesdays' }));
    expect(run).toMatchObject({ isError: true, errorKind: 'tool', content: 'ValueError: cannot handle tuesdays' });
    expect(run.traceback).toContain('raising.py');
    const pid = runner.workerPid;
    const exit = await runner.call(codedSpec('x', 'fixture_tools.raising.Exiting'), runOf({}));
    expect(exit).toMatchObject({ isError: true, content: 'SystemExit: 4' });
    expect(runner.workerPid).toBe(pid);
  });

  it('renders a value JSON cannot hold with repr', async () => {
    const run = await runners.make().call(codedSpec('u', 'fixture_tools.outputs.Unserializable'), runOf({}));
    expect(run).toMatchObject({ content: '{1, 2, 3}', contentType: 'repr', isError: false });
  });

  it('captures stdout, stderr and logging separately, raw fd 1 included, and keeps them off the protocol', async () => {
    const run = await runners.make().call(codedSpec('p', 'fixture_tools.printing.Printing'), runOf({}));
    expect(run.content).toBe('printed');
    expect(run.stdout).toBe('to stdout\nraw fd 1\n');
    expect(run.stderr).toBe('to stderr\n');
    expect(run.logging).toBe('INFO fixture.printing: to logging\n');
  });

  it('gives a tool that reads stdin end-of-file rather than the protocol stream', async () => {
    const run = await runners.make().call(codedSpec('in', 'fixture_tools.printing.ReadsStdin'), runOf({}));
    expect(JSON.parse(run.content)).toEqual({ stdin: '' });
  });

  it('returns sly_data after the call, mutations included, non-JSON values as repr', async () => {
    const runner = runners.make();
    const spec = codedSpec('sly', 'fixture_tools.sly.CountCalls');
    const run = await runner.call(spec, runOf({ tag: 'first' }, { slyData: { calls: 4, remove_me: true, keep: 'k' } }));
    expect(run.content).toBe('5');
    expect(run.slyData).toMatchObject({ calls: 5, seen: 'first', keep: 'k' });
    expect(run.slyData).not.toHaveProperty('remove_me');
    expect(String(run.slyData?.opaque)).toMatch(/^<object object at/);
  });

  it('finds a coded tool through AGENT_TOOL_PATH, walking up from the agent network package', async () => {
    const runner = runners.make({ agentToolPath: path.join(fixturesPythonDir(), 'agent_tools'), agentNetwork: 'team/sub' });
    const run = await runner.call(codedSpec('w', 'walkup_tool.WalkUp'), runOf({}));
    expect(run.isError).toBe(false);
    expect(JSON.parse(run.content)).toEqual({ module: 'agent_tools.team.walkup_tool' });
  });

  it('accepts AGENT_TOOL_PATH as a module path too, and without it the class is not found', async () => {
    const found = await runners
      .make({ agentToolPath: 'agent_tools.team' })
      .call(codedSpec('w', 'walkup_tool.WalkUp'), runOf({}));
    expect(found.isError).toBe(false);
    const missing = await runners.make().call(codedSpec('w', 'walkup_tool.WalkUp'), runOf({}));
    expect(missing).toMatchObject({ isError: true, errorKind: 'load' });
    expect(missing.content).toContain('Class walkup_tool.WalkUp not found in PYTHONPATH');
    expect(missing.content).toContain('Tried modules: walkup_tool, neuro_san.coded_tools.walkup_tool');
  });

  it('shows the import traceback when the tool module itself fails to import', async () => {
    const run = await runners.make().call(codedSpec('b', 'fixture_tools.broken_import.Broken'), runOf({}));
    expect(run).toMatchObject({ isError: true, errorKind: 'load' });
    // Said first, where every surface shows it: the module is there, a package it imports is not (import_failure.py).
    const [first] = run.content.split('\n');
    expect(first).toMatch(
      /^Failed to create Agent\/tool 'b': Class fixture_tools\.broken_import\.Broken cannot be loaded: \S*fixture_tools\/broken_import\.py, line 2, imports 'definitely_not_installed_module', which is not installed for \S*python\S*\.$/,
    );
    // Then neuro-san's own words and the traceback.
    expect(run.content).toContain('\n\nClass fixture_tools.broken_import.Broken not found in PYTHONPATH');
    expect(run.content).toContain("No module named 'definitely_not_installed_module'");
  });

  it('cuts content and captured output over the limit, with a marker', async () => {
    const runner = runners.make({ maxOutputBytes: 1000 });
    const run = await runner.call(codedSpec('big', 'fixture_tools.outputs.Big'), runOf({ size: 5000 }));
    expect(run.content).toBe(`${'x'.repeat(1000)}\n…[output truncated: 4000 more bytes]`);
    expect(run.stdout.startsWith('y'.repeat(1000))).toBe(true);
    expect(run.stdout).toContain('[output truncated: 4001 more bytes]');
  });

  it('cuts sly_data over the limit: its biggest values are replaced by a note, the small ones stay', async () => {
    const runner = runners.make({ maxOutputBytes: 1000 });
    const run = await runner.call(codedSpec('sly', 'fixture_tools.outputs.BigSlyData'), runOf({ size: 5000 }, { slyData: { user: 'u' } }));
    expect(run.content).toBe('done');
    expect(run.slyData).toEqual({ user: 'u', big: '<5002 bytes of JSON, not shown: sly_data is cut at 1000 bytes>', small: 'kept' });
  });

  it('captures bytes a tool writes to sys.stdout.buffer and sys.stderr.buffer', async () => {
    const run = await runners.make().call(codedSpec('bytes', 'fixture_tools.outputs.Bytes'), runOf({}));
    expect(run).toMatchObject({ isError: false, content: 'written' });
    expect(run.stdout).toBe('café to stdout\n');
    expect(run.stderr).toContain('bytes to stderr\n');
  });

  it('cuts at 1 MB by default', async () => {
    const run = await runners.make().call(codedSpec('big', 'fixture_tools.outputs.Big'), runOf({ size: 1024 * 1024 + 10 }));
    expect(run.content.length).toBeLessThan(1024 * 1024 + 100);
    expect(run.content).toMatch(/\[output truncated: 10 more bytes\]$/);
  });
});

describe('ToolRunner: LangChain-style tools', () => {
  const search = langchainSpec('search', 'fake_langchain.search.SearchResults', {
    max_results: 2,
    api_wrapper: { class: 'fake_langchain.search.SearchApiWrapper', args: { endpoint: 'https://x.test', k: 5 } },
  });

  it('builds nested {class, args} first and prefers the from…api_wrapper classmethod', async () => {
    const run = await runners.make().call(search, runOf({ query: 'cats' }));
    expect(JSON.parse(run.content)).toEqual({
      built_by: 'from_api_wrapper',
      wrapper: 'SearchApiWrapper',
      results: ['https://x.test/cats/0', 'https://x.test/cats/1'],
    });
  });

  it('describes a LangChain tool: name, description, argument schema', async () => {
    const described = await runners.make().describe(search);
    expect(described).toMatchObject({
      ok: true,
      description: {
        kind: 'langchain',
        name: 'search',
        toolName: 'fake_search',
        description: 'Searches the fake web.',
        argsSchema: { type: 'object', required: ['query'] },
      },
    });
  });

  it('awaits an async invoke and reads a pydantic-style schema', async () => {
    const runner = runners.make();
    const plain = langchainSpec('plain', 'fake_langchain.search.PlainTool', { prefix: '> ' });
    expect((await runner.call(plain, runOf({ text: 'hi' }))).content).toBe('> HI');
    // A request for a toolkit's tool of a tool that is no toolkit never calls the tool.
    const notToolkit = await runner.call(plain, runOf({ text: 'hi' }, { toolkitTool: 'other' }));
    expect(notToolkit).toMatchObject({ isError: true, errorKind: 'load', content: "'plain' is not a toolkit: it has no tool 'other'" });
    const described = await runner.describe(plain);
    expect(described.ok && described.description.kind === 'langchain' && described.description.argsSchema).toEqual({
      type: 'object',
      properties: { text: { type: 'string' } },
    });
  });

  it('refuses constructor arguments the class does not take, in neuro-san words', async () => {
    const bad = langchainSpec('plain', 'fake_langchain.search.PlainTool', { prefx: '> ' });
    const run = await runners.make().call(bad, runOf({ text: 'hi' }));
    expect(run).toMatchObject({ isError: true, errorKind: 'load' });
    expect(run.content).toBe(
      "Failed to create Agent/tool 'plain': Arguments ['prefx'] for 'PlainTool' do not match any attributes of the " +
        'class or any arguments of the method.',
    );
  });

  it('treats an instance with get_tools() as a toolkit: describes its tools and calls one by name', async () => {
    const runner = runners.make();
    const notes = langchainSpec('notes', 'fake_langchain.toolkit.NotesToolkit', { notebook: 'work' });
    const described = await runner.describe(notes);
    expect(described.ok && described.description).toMatchObject({
      kind: 'toolkit',
      tools: [
        { name: 'notes_add_note', toolName: 'add_note', description: 'Adds a note.' },
        { name: 'notes_list_notes', toolName: 'list_notes' },
      ],
    });
    expect((await runner.call(notes, runOf({ text: 'one' }, { toolkitTool: 'add_note' }))).content).toBe('work: 1 note(s)');
    expect((await runner.call(notes, runOf({}, { toolkitTool: 'list_notes' }))).content).toBe('["one"]');
    const whole = await runner.call(notes, runOf({}));
    expect(whole).toMatchObject({ isError: true, errorKind: 'load' });
    expect(whole.content).toContain('notes_add_note, notes_list_notes');
  });

  it('describes a coded tool from its class', async () => {
    const described = await runners.make().describe(codedSpec('a', 'fixture_tools.async_tool.AsyncTool'));
    expect(described).toMatchObject({
      ok: true,
      description: { kind: 'coded', className: 'fixture_tools.async_tool.AsyncTool', asyncInvoke: true },
    });
  });
});
