import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, fakeDocument, fakeWindow } from '../testSupport/fakeStores';
import { ANALYZE_DEBOUNCE_MS, createAnalysisStore } from './analysisStore';
import { analysisOf, currentAnalysis, openAnalysis, toolsOf } from './openAnalysis';
import { unreadWords } from './unreadText';

const answer = (file: string, ...names: string[]) => ({ file, tools: names.map((name) => ({ name, origin: 'user' })), diagnostics: [] as unknown[] });
/** neuro-san's load error for a text that does not parse, as the analysis carries it. */
const syntaxError = (file: string, line: number) => ({
  severity: 'error',
  rule: 'hocon',
  file,
  line,
  column: 13,
  message: `There was an error loading toolbox_info file "${file}": ParseException: Expected end of text, found '#'  (at char 12), (line:${line}, col:13)`,
});

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
    // Typing is analysed after a short pause, an open at once.
    await vi.advanceTimersByTimeAsync(ANALYZE_DEBOUNCE_MS);
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

  it('keeps the tools and the selection of the last text that parsed while a syntax error is typed, and says where it is', async () => {
    const { useDocument, useAnalysis, open, answerRequest } = setup();
    useDocument.setState({ text: '{ alpha {}, beta {} }', loadGeneration: 1 });
    await answerRequest(0, answer('/work/a.hocon', 'alpha', 'beta'));
    useAnalysis.getState().select('beta');
    await answerRequest(1, answer('/work/a.hocon', 'alpha', 'beta')); // with beta's detail
    const shownTools = () => toolsOf(open())?.tools.map((t) => t.name);

    // `#` before beta's key: neuro-san reads nothing of the file, only the default toolbox's tool is left.
    useDocument.setState({ text: '{ alpha {}, #beta {} }' });
    await answerRequest(2, { ...answer('/work/a.hocon', 'get_current_date_time'), diagnostics: [syntaxError('/work/a.hocon', 1)] });
    expect(analysisOf(open())?.tools.map((t) => t.name)).toEqual(['get_current_date_time']);
    expect(shownTools()).toEqual(['alpha', 'beta']);
    expect(useAnalysis.getState().selectedTool).toBe('beta');
    const unread = (open() as { unread: { message: string; line: number } }).unread;
    expect(unreadWords(unread)).toBe('not parsed: line 1');

    // Typing on with the error still there keeps the same list; an error in an included file is not this text's.
    useDocument.setState({ text: '{ alpha {}, #beta {} x' });
    await answerRequest(3, { ...answer('/work/a.hocon'), diagnostics: [syntaxError('/work/a.hocon', 1)] });
    expect(shownTools()).toEqual(['alpha', 'beta']);

    // Parsed again: its own tools, the selection where it was.
    useDocument.setState({ text: '{ alpha {}, beta {} }' });
    await answerRequest(4, answer('/work/a.hocon', 'alpha', 'beta'));
    expect(open()).toMatchObject({ unread: null });
    expect(shownTools()).toEqual(['alpha', 'beta']);
    expect(useAnalysis.getState().selectedTool).toBe('beta');
  });

  it('shows what a file opened with a syntax error has (nothing parsed before), and never another load\'s tools', async () => {
    const { useDocument, open, answerRequest } = setup();
    useDocument.setState({ text: '{ alpha {}', loadGeneration: 1 });
    await answerRequest(0, { ...answer('/work/a.hocon', 'get_current_date_time'), diagnostics: [syntaxError('/work/a.hocon', 1)] });
    expect(toolsOf(open())?.tools.map((t) => t.name)).toEqual(['get_current_date_time']);

    useDocument.setState({ text: '{ alpha {} }' });
    await answerRequest(1, answer('/work/a.hocon', 'alpha'));
    // Reloaded from disk with an error: the tools of the previous load are not this load's.
    useDocument.setState({ text: '{ alpha {', loadGeneration: 2 });
    await answerRequest(2, { ...answer('/work/a.hocon', 'get_current_date_time'), diagnostics: [syntaxError('/work/a.hocon', 1)] });
    expect(toolsOf(open())?.tools.map((t) => t.name)).toEqual(['get_current_date_time']);
  });

  it('calls a substitution with no value "not read" (it parses), a syntax error "not parsed"', () => {
    expect(unreadWords({ line: 3, message: 'There was an error loading toolbox_info file "a.hocon": ConfigMissingException: \'No configuration setting found for key nope\'' })).toBe('not read: line 3');
    expect(unreadWords({ line: 28, message: 'There was an error loading toolbox_info file "a.hocon": ParseException: Expected end of text, found \'"\'' })).toBe('not parsed: line 28');
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
