import { create } from 'zustand';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AnalysisStoreHook } from '../state/analysisStore';
import type { BaseStores } from '../workspace';
import { fakeApi, fakeDocument, fakeWindow } from '../testSupport/fakeStores';
import { ANALYSIS_WAIT_MS, BIG_DOCUMENT_CHARS, BIG_DOCUMENT_PAUSE_MS, createCatalogStore } from './catalogStore';

const rendered = (text: string) => ({ text, contract: [], diagnostics: [] });

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

function setup(text = '') {
  const { api, callsOf } = fakeApi();
  const useDocument = fakeDocument({ text });
  const useAnalysis = create(() => ({ analyzedText: null as string | null })) as unknown as AnalysisStoreHook & { setState(s: { analyzedText: string }): void };
  const useCatalog = createCatalogStore({ api, useDocument, useAnalysis, ...fakeWindow() } as unknown as BaseStores);
  const renders = () => callsOf('catalog.render');
  return { useDocument, useAnalysis, useCatalog, renders };
}

describe('the catalog store', () => {
  it('renders a change at once, and the changes made meanwhile together once that render lands', async () => {
    const { useDocument, useCatalog, renders } = setup('a = 1');
    await vi.advanceTimersByTimeAsync(0);
    const atOpen = renders().length; // the current and the saved text
    useDocument.setState({ text: 'a = 12' });
    await vi.advanceTimersByTimeAsync(0);
    expect(renders()).toHaveLength(atOpen + 1);

    useDocument.setState({ text: 'a = 123' });
    useDocument.setState({ text: 'a = 1234' });
    await vi.advanceTimersByTimeAsync(100);
    expect(renders()).toHaveLength(atOpen + 1);

    renders()[atOpen]!.resolve(rendered('one'));
    await vi.advanceTimersByTimeAsync(0);
    expect(useCatalog.getState().current).toMatchObject({ text: 'one' });
    // The preview shows 'a = 12' while the editor holds 'a = 1234': not current until the next render lands.
    expect(useCatalog.getState().renderedText).toBe('a = 12');
    expect(renders()).toHaveLength(atOpen + 2);
    expect(renders()[atOpen + 1]!.request.text).toBe('a = 1234');
    renders()[atOpen + 1]!.resolve(rendered('two'));
    await vi.advanceTimersByTimeAsync(0);
    expect(useCatalog.getState().renderedText).toBe(useDocument.getState().text);
  });

  it('never lets a slow answer overwrite a newer one', async () => {
    const { useDocument, useCatalog, renders } = setup('a = 1');
    useDocument.setState({ savedText: 'a = 0' }); // the saved text's renders are told apart by their text
    await vi.advanceTimersByTimeAsync(0);
    useCatalog.getState().setKeyOrder('insertion'); // renders again while the first render is in flight
    await vi.advanceTimersByTimeAsync(0);
    const current = renders().filter((c) => c.request.text === 'a = 1');
    expect(current.length).toBeGreaterThanOrEqual(2);
    const [older, newer] = [current[0]!, current[current.length - 1]!];
    newer.resolve(rendered('newer'));
    await vi.advanceTimersByTimeAsync(0);
    older.resolve(rendered('older'));
    await vi.advanceTimersByTimeAsync(0);
    expect(useCatalog.getState().current).toMatchObject({ text: 'newer' });
  });

  it('renders a big file just opened once, for its text and its saved text alike', async () => {
    const { useDocument, useAnalysis, useCatalog, renders } = setup('a = 1');
    await vi.advanceTimersByTimeAsync(0);
    for (const call of renders()) call.resolve(rendered('small'));
    await vi.advanceTimersByTimeAsync(0);
    const before = renders().length;

    const big = `# ${'x'.repeat(BIG_DOCUMENT_CHARS)}\n`;
    useDocument.setState({ path: '/work/big.hocon', text: big, savedText: big, loadGeneration: 1 });
    useAnalysis.setState({ analyzedText: big });
    await vi.advanceTimersByTimeAsync(BIG_DOCUMENT_PAUSE_MS + ANALYSIS_WAIT_MS);
    expect(renders()).toHaveLength(before + 1);
    renders()[before]!.resolve(rendered('opened'));
    await vi.advanceTimersByTimeAsync(0);
    expect(useCatalog.getState()).toMatchObject({ current: { text: 'opened' }, saved: { text: 'opened' } });

    // Typed in: the text alone is rendered; the saved catalog stays the file's.
    useDocument.setState({ text: `${big}a = 1\n` });
    useAnalysis.setState({ analyzedText: `${big}a = 1\n` });
    await vi.advanceTimersByTimeAsync(BIG_DOCUMENT_PAUSE_MS + ANALYSIS_WAIT_MS);
    expect(renders()).toHaveLength(before + 2);
    renders()[before + 1]!.resolve(rendered('typed'));
    await vi.advanceTimersByTimeAsync(0);
    expect(useCatalog.getState()).toMatchObject({ current: { text: 'typed' }, saved: { text: 'opened' } });
  });

  it('renders a big document when typing pauses and its analysis is current', async () => {
    const big = `# ${'x'.repeat(BIG_DOCUMENT_CHARS)}\n`;
    const { useDocument, useAnalysis, renders } = setup(big);
    await vi.advanceTimersByTimeAsync(0);
    for (const call of renders()) call.resolve(rendered('first'));
    await vi.advanceTimersByTimeAsync(0);
    const before = renders().length;

    useDocument.setState({ text: `${big}a = 1\n` });
    await vi.advanceTimersByTimeAsync(BIG_DOCUMENT_PAUSE_MS - 50);
    expect(renders()).toHaveLength(before); // still typing, as far as the store knows
    await vi.advanceTimersByTimeAsync(100);
    expect(renders()).toHaveLength(before); // paused, but the analysis is not current yet
    useAnalysis.setState({ analyzedText: `${big}a = 1\n` });
    await vi.advanceTimersByTimeAsync(0);
    expect(renders()).toHaveLength(before + 1);

    // Without an analysis it renders anyway, ANALYSIS_WAIT_MS after the pause.
    renders()[before]!.resolve(rendered('second'));
    useDocument.setState({ text: `${big}a = 2\n` });
    await vi.advanceTimersByTimeAsync(BIG_DOCUMENT_PAUSE_MS + ANALYSIS_WAIT_MS - 1);
    expect(renders()).toHaveLength(before + 1);
    await vi.advanceTimersByTimeAsync(1);
    expect(renders()).toHaveLength(before + 2);
  });
});
