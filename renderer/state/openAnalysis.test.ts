import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, fakeDocument, fakeWindow } from '../testSupport/fakeStores';
import { createAnalysisStore } from './analysisStore';
import { analysisOf, currentAnalysis, openAnalysis } from './openAnalysis';

const answer = (file: string, ...names: string[]) => ({ file, tools: names.map((name) => ({ name, origin: 'user' })), diagnostics: [] });

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

function setup() {
  const { api, callsOf } = fakeApi();
  const useDocument = fakeDocument({ path: '/work/a.hocon', text: 'alpha {}' });
  const useAnalysis = createAnalysisStore(api, useDocument, fakeWindow().texts, fakeWindow().edits);
  const open = () => openAnalysis(useAnalysis.getState(), useDocument.getState());
  const toolNames = () => analysisOf(open())?.tools.map((t) => t.name) ?? null;
  /** Answers the n-th analysis request (it is sent on a zero timer). */
  const answerRequest = async (n: number, body: ReturnType<typeof answer> | Error) => {
    await vi.advanceTimersByTimeAsync(0);
    const call = callsOf('toolbox.analyze')[n];
    if (!call) throw new Error(`no analysis request #${n}`);
    if (body instanceof Error) call.reject(body);
    else call.resolve(body);
    await vi.advanceTimersByTimeAsync(0);
  };
  return { useDocument, useAnalysis, open, toolNames, answerRequest, callsOf };
}

describe("the open file's analysis, as the panes show it", () => {
  it("is never the previous file's tools: 'checking' from the switch until the new file's answer, then its own", async () => {
    const { useDocument, useAnalysis, open, toolNames, answerRequest } = setup();
    useDocument.setState({ text: 'alpha { x }', loadGeneration: 1 });
    await answerRequest(0, answer('/work/a.hocon', 'alpha'));
    expect(toolNames()).toEqual(['alpha']);

    useDocument.setState({ path: '/work/b.hocon', text: 'beta {}', savedText: 'beta {}', loadGeneration: 2 });
    // The store still holds a.hocon's analysis (and its selected tool), but no pane may show it as b.hocon's.
    expect(useAnalysis.getState().analysis?.tools.map((t) => t.name)).toEqual(['alpha']);
    expect(open()).toEqual({ kind: 'checking' });
    expect(currentAnalysis({ useAnalysis, useDocument })).toBeNull();

    await answerRequest(1, answer('/work/b.hocon', 'beta'));
    expect(toolNames()).toEqual(['beta']);
    expect(currentAnalysis({ useAnalysis, useDocument })?.tools.map((t) => t.name)).toEqual(['beta']);
  });

  it('stays shown while the same file is typed in (no pane blinks on a keystroke), and after a Save As', async () => {
    const { useDocument, open, toolNames, answerRequest } = setup();
    useDocument.setState({ text: 'alpha { x }', loadGeneration: 1 });
    await answerRequest(0, answer('/work/a.hocon', 'alpha'));
    const shown = open();

    useDocument.setState({ text: 'alpha { xy }' });
    expect(open()).toEqual(shown);
    useDocument.setState({ path: '/work/renamed.hocon' });
    expect(toolNames()).toEqual(['alpha']);
  });

  it('is asked for again when the same file is opened again unchanged, instead of waiting for ever', async () => {
    const { useDocument, open, toolNames, answerRequest, callsOf } = setup();
    useDocument.setState({ text: 'alpha { x }', loadGeneration: 1 });
    await answerRequest(0, answer('/work/a.hocon', 'alpha'));

    // A click on the open file in the project view, or a reload that finds the same text: a new load of the same text.
    useDocument.setState({ loadGeneration: 2 });
    expect(open()).toEqual({ kind: 'checking' });
    await answerRequest(1, answer('/work/a.hocon', 'alpha'));
    expect(callsOf('toolbox.analyze')).toHaveLength(2);
    expect(toolNames()).toEqual(['alpha']);
  });

  it("says a file could not be checked, but not of the next file opened", async () => {
    const { useDocument, open, answerRequest } = setup();
    useDocument.setState({ text: 'alpha { x }', loadGeneration: 1 });
    await answerRequest(0, new Error('the server is gone'));
    expect(open()).toEqual({ kind: 'failed', why: 'the server is gone' });

    useDocument.setState({ path: '/work/b.hocon', text: 'beta {}', loadGeneration: 2 });
    expect(open()).toEqual({ kind: 'checking' });

    useDocument.setState({ status: 'empty', path: null, text: '', loadGeneration: 3 });
    expect(open()).toEqual({ kind: 'none' });
  });
});
