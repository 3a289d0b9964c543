import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { create } from 'zustand';
import type { BaseStores } from '../workspace';
import { fakeApi, fakeDocument, fakeWindow } from '../testSupport/fakeStores';
import { createTestRunStore, SHOW_CANCEL_AFTER_MS, toolKey } from './testRunStore';

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

function setup(text = 'echo { class = fixture_tools.echo.Echo, description = Echoes }') {
  const { api, callsOf } = fakeApi();
  const useDocument = fakeDocument({ text });
  // The analysis of the text as it is: only its tools' names matter here.
  const useAnalysis = create(() => ({ analysis: { tools: [...text.matchAll(/^(\w+) \{/gm)].map((m) => ({ name: m[1] })) }, selectedTool: null as string | null }));
  const edit = (next: string) => {
    useDocument.setState({ text: next });
    useAnalysis.setState({ analysis: { tools: [...next.matchAll(/^(\w+) \{/gm)].map((m) => ({ name: m[1] })) } });
  };
  const useTestRun = createTestRunStore({ api, useDocument, ...fakeWindow(), useAnalysis } as unknown as BaseStores);
  return { useTestRun, useDocument, edit, callsOf, key: toolKey(useDocument.getState().path, 'echo') };
}

describe('the test-run store', () => {
  it('shows Cancel only once a run has lasted a moment, and keeps the result per tool', async () => {
    const { useTestRun, callsOf, key } = setup();
    const request = { target: { kind: 'toolbox' as const, tool: 'echo' }, argsJson: '{"n": 1.0}' };
    const done = useTestRun.getState().run(request);
    expect(useTestRun.getState().running).toMatchObject({ key, showCancel: false });
    // The request goes as the pane made it.
    expect(callsOf('tool.run')[0]!.request).toMatchObject({ run: request });

    await vi.advanceTimersByTimeAsync(SHOW_CANCEL_AFTER_MS - 1);
    expect(useTestRun.getState().running?.showCancel).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(useTestRun.getState().running?.showCancel).toBe(true);

    useTestRun.getState().cancel();
    expect(callsOf('tool.cancel')[0]!.request).toEqual({ runId: useTestRun.getState().running!.runId });

    callsOf('tool.run')[0]!.resolve({ isError: true, errorKind: 'cancelled', content: 'cancelled' });
    await vi.advanceTimersByTimeAsync(0);
    // The result shows once the history holds its run (the newest entry is the run shown).
    expect(useTestRun.getState().results[key]).toBeUndefined();
    const entry = { at: '2026-01-01T00:00:00Z', request, result: { isError: true, errorKind: 'cancelled', content: 'cancelled' } };
    callsOf('history.list')[0]!.resolve({ entries: [entry] });
    await vi.advanceTimersByTimeAsync(0);
    expect(useTestRun.getState().running).toBeNull();
    expect(useTestRun.getState().results[key]?.result).toMatchObject({ errorKind: 'cancelled' });
    expect(useTestRun.getState().history[key]).toEqual([entry]);
    // Then the run settings as they are now (the file may have changed).
    callsOf('run.settings')[0]!.resolve({ settings: {}, commandLineOptions: [] });
    await done;
  });

  it('a run that cannot be made ends and says why', async () => {
    const { useTestRun, callsOf } = setup();
    const done = useTestRun.getState().run({ target: { kind: 'toolbox', tool: 'echo' }, argsJson: '{}' });
    callsOf('tool.run')[0]!.reject(new Error('the server is gone'));
    await vi.advanceTimersByTimeAsync(SHOW_CANCEL_AFTER_MS * 2);
    expect(useTestRun.getState().running).toBeNull();
    expect(useTestRun.getState().notice).toEqual({ text: 'The run could not be made: the server is gone', error: true });
    callsOf('run.settings')[0]!.resolve({ settings: {}, commandLineOptions: [] });
    await done;
  });

  it("an MCP server's tool keeps its own name in the runs read back (what Copy as CLI and Save as test case use)", async () => {
    const { useTestRun, useDocument, callsOf } = setup();
    const url = 'http://127.0.0.1:9/mcp';
    const request = { target: { kind: 'mcp' as const, url, tool: 'echo' }, argsJson: '{}' };
    const key = `mcp ${url} echo`;
    const done = useTestRun.getState().loadHistory(key);
    expect(callsOf('history.list').map((c) => c.request)).toEqual([{ path: '/work/toolbox_info.hocon', tool: key }]);
    callsOf('history.list')[0]!.resolve({ entries: [{ at: '2026-01-01T00:00:00Z', request, result: { isError: false, content: 'Echo' } }] });
    await done;
    expect(useTestRun.getState().history[toolKey(useDocument.getState().path, key)]?.[0]?.request).toEqual(request);
  });

  it("a history that cannot be read says why in the tool's history, and Clear all forgets every tool's runs", async () => {
    const { useTestRun, callsOf, key } = setup();
    const loading = useTestRun.getState().loadHistory('echo');
    callsOf('history.list')[0]!.reject(new Error('too large to read: "Clear all" under History'));
    await loading;
    expect(useTestRun.getState().historyProblem[key]).toBe('too large to read: "Clear all" under History');
    const clearing = useTestRun.getState().clearHistory('echo', true);
    expect(callsOf('history.clear').map((c) => c.request)).toEqual([{ path: '/work/toolbox_info.hocon', tool: null }]);
    callsOf('history.clear')[0]!.resolve({});
    await vi.advanceTimersByTimeAsync(0);
    callsOf('history.list')[1]!.resolve({ entries: [] });
    await clearing;
    expect(useTestRun.getState().historyProblem[key]).toBeUndefined();
    expect(useTestRun.getState().history[key]).toEqual([]);
  });

  it("choosing a toolbox entry ends an MCP tool's turn and its notice, and keeps the notice when no MCP tool was picked", () => {
    const { useTestRun } = setup();
    useTestRun.getState().setNotice({ text: 'about the entry', error: false });
    useTestRun.getState().pickMcpTool(null);
    expect(useTestRun.getState().notice?.text).toBe('about the entry');
    useTestRun.getState().pickMcpTool({ url: 'http://127.0.0.1:9/mcp', tool: 'echo' });
    expect(useTestRun.getState().notice).toBeNull();
    useTestRun.getState().setNotice({ text: 'about echo', error: false });
    useTestRun.getState().pickMcpTool(null);
    expect(useTestRun.getState()).toMatchObject({ mcpTool: null, notice: null });
  });

  describe("a tool renamed in the tool list: its cases and runs follow the name the saved file has", () => {
    const saved = 'my_tool { class = m.T }\nother { class = m.O }\n';
    const renamed = 'finder { class = m.T }\nother { class = m.O }\n';
    const withCases = (useTestRun: ReturnType<typeof setup>['useTestRun']) =>
      useTestRun.setState({
        cases: {
          file: '/work/toolbox_info.tests.json',
          version: 2,
          cases: [{ name: 'finds Bo', request: { target: { kind: 'toolbox', tool: 'my_tool' }, argsJson: '{}' }, expect: { content: 'Bo' } }],
        },
      });

    it('moves nothing until the file is saved with the new name, and shows them under it meanwhile', async () => {
      const { useTestRun, useDocument, edit, callsOf } = setup(saved);
      withCases(useTestRun);
      edit(renamed);
      useTestRun.getState().recordRename('my_tool', 'finder');
      expect(useTestRun.getState().notice?.text).toBe(
        "Its 1 saved test case and its runs move to 'finder' in toolbox_info.tests.json when you save the toolbox (undo the rename, or close without saving, and they stay with 'my_tool').",
      );
      expect(callsOf('testcases.renameTool')).toEqual([]);
      expect(useTestRun.getState().renamesShown()).toEqual(new Map([['my_tool', 'finder']]));
      // Its cases run against the new name; a case saved meanwhile names the tool as the file on disk does.
      void useTestRun.getState().runCases();
      expect(callsOf('testcases.run')[0]!.request).toMatchObject({ renamedTools: { my_tool: 'finder' } });
      void useTestRun.getState().saveCase({ name: 'new', request: { target: { kind: 'toolbox', tool: 'finder' }, argsJson: '{}' }, expect: { error: true } });
      expect(callsOf('testcases.save')[0]!.request).toMatchObject({ testCase: { request: { target: { tool: 'my_tool' } } } });

      // Saved with the new name: now they move.
      useDocument.setState({ savedText: renamed });
      expect(callsOf('testcases.renameTool').map((c) => c.request)).toEqual([{ path: '/work/toolbox_info.hocon', tool: 'my_tool', newName: 'finder' }]);
    });

    it("reads a renamed tool's runs under both names and shows them under the new one", async () => {
      const { useTestRun, useDocument, edit, callsOf } = setup(saved);
      edit(renamed);
      useTestRun.getState().recordRename('my_tool', 'finder');
      const done = useTestRun.getState().loadHistory('finder');
      expect(callsOf('history.list').map((c) => c.request.tool)).toEqual(['finder', 'my_tool']);
      const run = (tool: string, at: string) => ({ at, request: { target: { kind: 'toolbox', tool }, argsJson: '{}' }, result: { isError: false, content: at } });
      callsOf('history.list')[0]!.resolve({ entries: [run('finder', '2026-01-02T00:00:00Z')] });
      callsOf('history.list')[1]!.resolve({ entries: [run('my_tool', '2026-01-01T00:00:00Z')] });
      await done;
      expect(useTestRun.getState().history[toolKey(useDocument.getState().path, 'finder')]?.map((e) => [e.at, e.request.target.tool])).toEqual([
        ['2026-01-02T00:00:00Z', 'finder'],
        ['2026-01-01T00:00:00Z', 'finder'],
      ]);
    });

    it('an undo before the save takes the rename back: nothing moves; nor when the file is closed or read again', async () => {
      const { useTestRun, useDocument, edit, callsOf } = setup(saved);
      withCases(useTestRun);
      edit(renamed);
      useTestRun.getState().recordRename('my_tool', 'finder');
      edit(saved); // the undo
      expect(useTestRun.getState().renamesShown()).toEqual(new Map());
      useDocument.setState({ savedText: saved + '# more\n', text: saved + '# more\n' });
      expect(callsOf('testcases.renameTool')).toEqual([]);

      edit(renamed);
      useTestRun.getState().recordRename('my_tool', 'finder');
      useDocument.setState({ loadGeneration: 1, text: saved, savedText: saved }); // closed, or read again from the disk
      expect(useTestRun.getState().renames).toEqual([]);
    });

    it('an undo after the save moves them back at the next save', async () => {
      const { useTestRun, useDocument, edit, callsOf } = setup(saved);
      edit(renamed);
      useTestRun.getState().recordRename('my_tool', 'finder');
      useDocument.setState({ savedText: renamed });
      edit(saved);
      expect(useTestRun.getState().renamesShown()).toEqual(new Map([['finder', 'my_tool']]));
      useDocument.setState({ savedText: saved });
      await vi.advanceTimersByTimeAsync(0);
      callsOf('testcases.renameTool')[0]!.resolve({ file: '/work/toolbox_info.tests.json', moved: 1 });
      await vi.advanceTimersByTimeAsync(0);
      expect(callsOf('testcases.renameTool').map((c) => [c.request.tool, c.request.newName])).toEqual([
        ['my_tool', 'finder'],
        ['finder', 'my_tool'],
      ]);
    });
  });
});
