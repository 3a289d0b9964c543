import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, fakeDocument, fakeWindow } from '../testSupport/fakeStores';
import { ANALYZE_DEBOUNCE_MS, createAnalysisStore } from './analysisStore';

const answer = (name: string) => ({ file: '/work/toolbox_info.hocon', tools: [{ name, origin: 'user' }], diagnostics: [] });
const sentText = (request: Record<string, unknown>) => request.text;

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('the analysis store', () => {
  it('keeps one request in flight and then analyses only the latest text', async () => {
    const { api, callsOf } = fakeApi();
    const useDocument = fakeDocument();
    const useAnalysis = createAnalysisStore(api, useDocument, fakeWindow().texts, fakeWindow().edits);

    useDocument.setState({ text: 'a { class = x.Y }' });
    await vi.advanceTimersByTimeAsync(ANALYZE_DEBOUNCE_MS);
    expect(callsOf('toolbox.analyze')).toHaveLength(1);

    // Typing while the first is in flight sends nothing yet...
    useDocument.setState({ text: 'ab { class = x.Y }' });
    await vi.advanceTimersByTimeAsync(ANALYZE_DEBOUNCE_MS);
    useDocument.setState({ text: 'abc { class = x.Y }' });
    await vi.advanceTimersByTimeAsync(ANALYZE_DEBOUNCE_MS);
    expect(callsOf('toolbox.analyze')).toHaveLength(1);

    // ...and when it answers, the latest text goes at once, once.
    callsOf('toolbox.analyze')[0]!.resolve(answer('a'));
    await vi.advanceTimersByTimeAsync(0);
    expect(useAnalysis.getState()).toMatchObject({ analyzedText: 'a { class = x.Y }', selectedTool: 'a' });
    expect(callsOf('toolbox.analyze')).toHaveLength(2);
    expect(sentText(callsOf('toolbox.analyze')[1]!.request)).toBe('abc { class = x.Y }');

    callsOf('toolbox.analyze')[1]!.resolve(answer('abc'));
    await vi.advanceTimersByTimeAsync(0);
    expect(useAnalysis.getState()).toMatchObject({ analyzedText: 'abc { class = x.Y }', selectedTool: 'abc' });
  });

  it("asks for an opened file's analysis at once, before the window lays its text out", () => {
    const { api, callsOf } = fakeApi();
    const useDocument = fakeDocument({ status: 'empty' });
    createAnalysisStore(api, useDocument, fakeWindow().texts, fakeWindow().edits);
    useDocument.setState({ status: 'ready', path: '/work/big.hocon', text: 'a { class = x.Y }', loadGeneration: 1 });
    // No timer has run: the request left within the store update that opened the file.
    expect(callsOf('toolbox.analyze')).toHaveLength(1);
  });

  it('keeps a tool added and selected while the analysis of the text before it was on its way', async () => {
    const { api, callsOf } = fakeApi();
    const useDocument = fakeDocument({ status: 'empty' });
    const useAnalysis = createAnalysisStore(api, useDocument, fakeWindow().texts, fakeWindow().edits);
    // Opened (its analysis asked at once), then a tool added and selected, as the project view's "Add to the toolbox".
    useDocument.setState({ status: 'ready', text: 'a { class = x.Y }', loadGeneration: 1 });
    useDocument.setState({ text: 'a { class = x.Y }\nnew_tool { class = x.Z }' });
    useAnalysis.getState().select('new_tool');
    callsOf('toolbox.analyze')[0]!.resolve(answer('a'));
    await vi.advanceTimersByTimeAsync(ANALYZE_DEBOUNCE_MS);
    expect(useAnalysis.getState().selectedTool).toBe('new_tool');
    expect(callsOf('toolbox.analyze')).toHaveLength(2);
    callsOf('toolbox.analyze')[1]!.resolve({ ...answer('a'), tools: [{ name: 'a', origin: 'user' }, { name: 'new_tool', origin: 'user' }] });
    await vi.advanceTimersByTimeAsync(0);
    expect(useAnalysis.getState().selectedTool).toBe('new_tool');

    // Gone from the text as it is now: the selection moves to the first tool.
    useDocument.setState({ text: 'a { class = x.Y }' });
    await vi.advanceTimersByTimeAsync(ANALYZE_DEBOUNCE_MS);
    callsOf('toolbox.analyze')[2]!.resolve(answer('a'));
    await vi.advanceTimersByTimeAsync(0);
    expect(useAnalysis.getState().selectedTool).toBe('a');
  });

  it('drops the answer for a file that is no longer open', async () => {
    const { api, callsOf } = fakeApi();
    const useDocument = fakeDocument();
    const useAnalysis = createAnalysisStore(api, useDocument, fakeWindow().texts, fakeWindow().edits);
    useDocument.setState({ text: 'old { class = x.Y }' });
    await vi.advanceTimersByTimeAsync(ANALYZE_DEBOUNCE_MS);

    useDocument.setState({ path: '/work/other.hocon', text: 'new { class = x.Y }', loadGeneration: 1 });
    callsOf('toolbox.analyze')[0]!.resolve(answer('old'));
    await vi.advanceTimersByTimeAsync(0);
    expect(useAnalysis.getState().analysis).toBeNull();

    expect(callsOf('toolbox.analyze')).toHaveLength(2);
    callsOf('toolbox.analyze')[1]!.resolve(answer('new'));
    await vi.advanceTimersByTimeAsync(0);
    expect(useAnalysis.getState()).toMatchObject({ analyzedText: 'new { class = x.Y }', selectedTool: 'new' });
  });

  it('says why an analysis failed', async () => {
    const { api, callsOf } = fakeApi();
    const useDocument = fakeDocument();
    const useAnalysis = createAnalysisStore(api, useDocument, fakeWindow().texts, fakeWindow().edits);
    useDocument.setState({ text: 'a = 1' });
    await vi.advanceTimersByTimeAsync(ANALYZE_DEBOUNCE_MS);
    callsOf('toolbox.analyze')[0]!.reject(new Error('the server is gone'));
    await vi.advanceTimersByTimeAsync(0);
    expect(useAnalysis.getState().error).toBe('the server is gone');
  });
});
