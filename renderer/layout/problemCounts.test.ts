import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, fakeDocument, fakeWindow } from '../testSupport/fakeStores';
import { createAnalysisStore } from '../state/analysisStore';
import { openAnalysis } from '../state/openAnalysis';
import { problemCounts } from './problemCounts';

const diagnostic = (severity: 'error' | 'warning' | 'hint') => ({ severity, message: 'm', rule: 'r', file: '/work/a.hocon', line: 1, column: 1 });
const answer = (file: string, diagnostics: unknown[]) => ({ file, tools: [], diagnostics });

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe("the status bar's problem counts", () => {
  it("say 'checking' for a newly opened file until its own analysis comes, never the previous file's counts", async () => {
    const { api, callsOf } = fakeApi();
    const useDocument = fakeDocument({ path: '/work/a.hocon', text: 'a {}' });
    const useAnalysis = createAnalysisStore(api, useDocument, fakeWindow().texts, fakeWindow().edits);
    const counts = () => problemCounts(openAnalysis(useAnalysis.getState(), useDocument.getState()));

    useDocument.setState({ text: 'a { x }', loadGeneration: 1 });
    expect(counts()).toEqual({ kind: 'checking' });
    await vi.advanceTimersByTimeAsync(0);
    callsOf('toolbox.analyze')[0]!.resolve(answer('/work/a.hocon', [diagnostic('error'), diagnostic('warning'), diagnostic('hint'), diagnostic('hint'), { ...diagnostic('error'), group: 'environment' }]));
    await vi.advanceTimersByTimeAsync(0);
    // Hints (style advice) are counted apart, never as warnings.
    expect(counts()).toMatchObject({ kind: 'counts', errors: 1, warnings: 1, hints: 2, text: '1 error, 1 warning, 2 hints' });

    // Another file of the project: a.hocon's analysis is still held, but it is not b.hocon's.
    useDocument.setState({ path: '/work/b.hocon', text: 'b {}', savedText: 'b {}', loadGeneration: 2 });
    expect(counts()).toEqual({ kind: 'checking' });
    await vi.advanceTimersByTimeAsync(0);
    expect(counts()).toEqual({ kind: 'checking' });
    callsOf('toolbox.analyze')[1]!.resolve(answer('/work/b.hocon', []));
    await vi.advanceTimersByTimeAsync(0);
    expect(counts()).toMatchObject({ kind: 'counts', text: '0 errors, 0 warnings' });

    // Typing keeps the file's last counts while the next answer is computed (no flicker on every keystroke).
    useDocument.setState({ text: 'b { y }' });
    expect(counts()).toMatchObject({ kind: 'counts', text: '0 errors, 0 warnings' });
  });

  it('say the file was not checked when its analysis failed, and nothing with no file open', async () => {
    const { api, callsOf } = fakeApi();
    const useDocument = fakeDocument({ path: '/work/a.hocon', text: 'a {}' });
    const useAnalysis = createAnalysisStore(api, useDocument, fakeWindow().texts, fakeWindow().edits);
    useDocument.setState({ text: 'a { x }', loadGeneration: 1 });
    await vi.advanceTimersByTimeAsync(0);
    callsOf('toolbox.analyze')[0]!.reject(new Error('the server is gone'));
    await vi.advanceTimersByTimeAsync(0);
    expect(problemCounts(openAnalysis(useAnalysis.getState(), useDocument.getState()))).toEqual({ kind: 'failed', why: 'the server is gone' });

    useDocument.setState({ status: 'empty', path: null, text: '', loadGeneration: 2 });
    expect(problemCounts(openAnalysis(useAnalysis.getState(), useDocument.getState()))).toEqual({ kind: 'none' });
  });
});
