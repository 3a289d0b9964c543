import { create } from 'zustand';
import type { ApiClient } from '../../shared/api/index';
import { applyAnalysisChange } from '../../shared/api/index';
import type { ToolboxAnalysis, ToolboxAnalysisChange } from '../../shared/api/index';
import type { TextChannel } from '../api/textSender';
import type { DocumentStoreHook } from './documentStore';
import type { PendingEdits } from './pendingEdits';
import { wasReplaced } from './documentEvents';
import { latestWins } from './latestWins';
import { errorMessage } from '../../shared/errorMessage';
import { unreadTextError } from './unreadText';

export interface AnalysisState {
  /** The effective toolbox and its diagnostics for the document's current text; null before the first answer. */
  analysis: ToolboxAnalysis | null;
  /** The text the analysis was made from (to map positions and to know whether it is current). */
  analyzedText: string | null;
  /**
   * The document's load generation the analysis was made for: another number means it is of another file (or of this
   * one before it was reloaded), so nothing in it may be shown as this file's (panes read it through openAnalysis.ts).
   */
  analyzedLoad: number | null;
  /**
   * The tool the user is looking at (tool list, form, catalog, test run all follow it). Its description, parameters
   * and args are the analysis's `detail` once the answer to the request naming it has come.
   */
  selectedTool: string | null;
  /** Why the last analysis failed (the server was unreachable, ...). */
  error: string | null;
  /**
   * While neuro-san cannot read the text (a syntax error half typed: unreadText.ts): the last analysis of this load
   * whose text it could, whose tools, selection and network the panes keep showing (openAnalysis.ts); null when it
   * can, or when no text of this load could be read.
   */
  lastRead: ToolboxAnalysis | null;
  select(name: string | null): void;
  /** Analyses the current text again (after something outside the text changed, e.g. a check of all tools). */
  refresh(): void;
}

/** A short pause that lets a burst of keystrokes (a paste, auto-repeat) become one analysis. */
export const ANALYZE_DEBOUNCE_MS = 15;

/**
 * Keeps the analysis of the open document current: the main side re-reads the unsaved text, so the tool list,
 * problems, form, catalog and test run all see the same effective toolbox. At most one request is in flight: when
 * it answers and the text has changed meanwhile, the latest text is analysed at once (no fixed debounce, so a
 * keystroke's diagnostics arrive as soon as the main side can compute them, and fast typing never queues requests).
 */
export function createAnalysisStore(api: ApiClient, useDocument: DocumentStoreHook, channel: TextChannel, edits: PendingEdits) {
  const store = create<AnalysisState>()((set) => ({
    analysis: null,
    analyzedText: null,
    analyzedLoad: null,
    selectedTool: null,
    error: null,
    lastRead: null,
    select: (selectedTool) => {
      // The form being left writes what was typed in it first, under the tool it belongs to.
      edits.flush();
      set({ selectedTool });
      // The answer carries the detail (description, parameters, args) of the selected tool only: ask for this one's.
      const { analysis } = store.getState();
      if (selectedTool !== null && analysis && analysis.detail?.name !== selectedTool && analysis.tools.some((t) => t.name === selectedTool)) analyze();
    },
    refresh: () => analyze(),
  }));

  let timer: ReturnType<typeof setTimeout> | undefined;
  const texts = channel.createSender();
  const latest = latestWins();
  /** The textId of the text the held analysis was made from: the next answer may be a change of it. */
  let held: string | null = null;
  let inFlight = false;
  let again = false;
  const analyze = () => {
    const { path, text, status, loadGeneration } = useDocument.getState();
    if (status !== 'ready') {
      latest.invalidate();
      store.setState({ analysis: null, analyzedText: null, analyzedLoad: null, selectedTool: null, error: null, lastRead: null });
      held = null;
      return;
    }
    if (inFlight) {
      again = true;
      return;
    }
    inFlight = true;
    const isLatest = latest.start();
    const finished = () => {
      inFlight = false;
      if (again) {
        again = false;
        analyze();
      }
    };
    const detail = store.getState().selectedTool;
    const known = held;
    let sentId = '';
    const request = texts.send(text, (fields) => {
      sentId = fields.textId ?? '';
      return api.invoke('toolbox.analyze', { path, ...fields, detail, ...(known ? { known } : {}) });
    });
    request.then(
      (answer) => {
        if (isLatest() && useDocument.getState().path === path) {
          const previous = store.getState().analysis;
          if ('changeOf' in answer && (answer.changeOf !== held || !previous)) {
            // Not a change of what is here (cannot happen with one request in flight): ask for the whole analysis.
            held = null;
            again = true;
            finished();
            return;
          }
          const analysis = 'changeOf' in answer ? expandChange(previous as ToolboxAnalysis, answer) : answer;
          held = sentId || null;
          const before = store.getState();
          const lastRead = unreadTextError(analysis) === null ? null : lastReadOf(before, loadGeneration);
          // The selection follows the tools shown: those of the last text that read, while this one does not.
          const tools = (lastRead ?? analysis).tools;
          const selected = before.selectedTool;
          // A tool chosen since this text was sent (one just added, then selected) is kept until the answer for the
          // text as it is now says whether it is there.
          const keep = selected !== null && (tools.some((t) => t.name === selected) || useDocument.getState().text !== text);
          store.setState({ analysis, analyzedText: text, analyzedLoad: loadGeneration, error: null, lastRead, selectedTool: keep ? selected : (tools.find((t) => t.origin !== 'default')?.name ?? null) });
        }
        finished();
      },
      (error: unknown) => {
        if (isLatest()) store.setState({ error: errorMessage(error) });
        finished();
      },
    );
  };

  useDocument.subscribe((state, previous) => {
    // A file opened again unchanged (a click on it in the project view, a reload) is a new load: its analysis is asked
    // for again, or the panes would wait for it for ever (openAnalysis.ts).
    if (state.text === previous.text && state.status === previous.status && state.path === previous.path && !wasReplaced(state, previous)) return;
    clearTimeout(timer);
    // Opening a file is analysed at once; typing waits for a very short pause.
    const immediate = wasReplaced(state, previous) || state.path !== previous.path;
    if (immediate && inFlight) latest.invalidate(); // the answer in flight is for another file
    // Why the previous file could not be analysed is not said of this one (openAnalysis shows it as the file's).
    if (wasReplaced(state, previous) && store.getState().error !== null) store.setState({ error: null });
    // An opened file's request leaves now, before the window lays out its text (a 5,000-tool file: 200-400 ms of the
    // page's thread), so that the main side reads the file meanwhile.
    if (immediate) analyze();
    else timer = setTimeout(analyze, ANALYZE_DEBOUNCE_MS);
  });
  return store;
}

export type AnalysisStoreHook = ReturnType<typeof createAnalysisStore>;

/** The analysis of this load's last text that neuro-san could read, as held before an answer whose text it cannot. */
function lastReadOf(before: AnalysisState, loadGeneration: number): ToolboxAnalysis | null {
  if (before.analysis === null || before.analyzedLoad !== loadGeneration) return null;
  return before.lastRead ?? (unreadTextError(before.analysis) === null ? before.analysis : null);
}

/** The analysis a change answer describes, from the analysis it changes. */
function expandChange(previous: ToolboxAnalysis, answer: ToolboxAnalysisChange): ToolboxAnalysis {
  const { changeOf: _changeOf, shift, tools, diagnostics, ...rest } = answer;
  return { ...rest, ...applyAnalysisChange(previous, { shift, tools, diagnostics }) };
}
