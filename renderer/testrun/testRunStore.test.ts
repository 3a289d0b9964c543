import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { BaseStores } from '../workspace';
import { fakeApi, fakeDocument, fakeWindow } from '../testSupport/fakeStores';
import { createTestRunStore, SHOW_CANCEL_AFTER_MS, toolKey } from './testRunStore';

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

function setup() {
  const { api, callsOf } = fakeApi();
  const useDocument = fakeDocument({ text: 'echo { class = fixture_tools.echo.Echo, description = Echoes }' });
  const useTestRun = createTestRunStore({ api, useDocument, ...fakeWindow() } as unknown as BaseStores);
  return { useTestRun, callsOf, key: toolKey(useDocument.getState().path, 'echo') };
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
    expect(useTestRun.getState().running).toBeNull();
    expect(useTestRun.getState().results[key]?.result).toMatchObject({ errorKind: 'cancelled' });
    // After the run: its history, and the run settings as they are now (the file may have changed).
    callsOf('history.list')[0]!.resolve({ entries: [] });
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
    callsOf('history.list')[0]!.resolve({ entries: [] });
    callsOf('run.settings')[0]!.resolve({ settings: {}, commandLineOptions: [] });
    await done;
  });
});
