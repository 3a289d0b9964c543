import { create, type StoreApi, type UseBoundStore } from 'zustand';
import type { ApiRequest } from '../../shared/api/index';
import type { CatalogRenderResult, Reading } from '../../shared/api/index';
import type { DocumentTextPayload } from '../../shared/api/index';
import { latestWins } from '../state/latestWins';
import { wasReplaced } from '../state/documentEvents';
import type { BaseStores } from '../workspace';
import { errorMessage } from '../../shared/errorMessage';

/** tojson's key order, as the contract's catalog.render takes it. */
export type KeyOrder = NonNullable<ApiRequest<'catalog.render'>['keyOrder']>;
/** Whose reading of the file the catalog is rendered from: neuro-san's (what the LLM gets) or the specification's. */
export interface TemplateVar {
  name: string;
  value: string;
}

export interface CatalogState {
  /** A template file chosen by the user; '' for the app's default template. */
  templatePath: string;
  keyOrder: KeyOrder;
  reading: Reading;
  /** Extra template variables (e.g. `task`), in the order the user added them. */
  vars: TemplateVar[];
  /** The catalog of the editor's current text, and why it could not be rendered. */
  current: CatalogRenderResult | null;
  currentError: string | null;
  /** The catalog of the last saved text (null for a file never saved). */
  saved: CatalogRenderResult | null;
  savedError: string | null;
  /** From the text change (a keystroke) to the new catalog on screen's data: what "within 150 ms" is about. */
  lastUpdateMs: number | null;
  /** The editor text `current` was rendered from: the preview is current while it is the editor's text. */
  renderedText: string | null;
  setTemplatePath(templatePath: string): void;
  setKeyOrder(keyOrder: KeyOrder): void;
  setReading(reading: Reading): void;
  setVars(vars: TemplateVar[]): void;
  /** Renders again, e.g. after a tool's class was loaded and the main side learned its description and schema. */
  refresh(): void;
}

export type CatalogStoreHook = UseBoundStore<StoreApi<CatalogState>>;

/**
 * How renders follow typing: the first change renders at once (after the current task,
 * so one burst of store updates is one render); changes made while a render is in flight wait for it and are then
 * rendered together as one. So the preview is never more than one render behind, there is never more than one render
 * queued, and the latency on the studio toolbox is one round trip (a warm render takes a few ms on the main side).
 * Big documents wait for a pause in the typing (below).
 */
export const CATALOG_RENDER_DELAY_MS = 0;
/**
 * From this size on, changes are rendered when typing pauses for BIG_DOCUMENT_PAUSE_MS, after their analysis (or
 * ANALYSIS_WAIT_MS after the pause without it): see check() below.
 */
export const BIG_DOCUMENT_CHARS = 200_000;
export const BIG_DOCUMENT_PAUSE_MS = 400;
export const ANALYSIS_WAIT_MS = 1000;

/**
 * Keeps the catalog preview current: renders the editor's text (debounced while typing) and the saved text (when a
 * save or open changes it), with the pane's template, key order and variables.
 */
export function createCatalogStore({ api, useDocument, useAnalysis, texts }: BaseStores): CatalogStoreHook {
  /** The reading chosen per file (by path), for this window's life. */
  const readings = new Map<string, Reading>();
  const store = create<CatalogState>()((set) => ({
    templatePath: '',
    keyOrder: 'sorted',
    reading: 'neuro-san',
    vars: [],
    current: null,
    currentError: null,
    saved: null,
    savedError: null,
    lastUpdateMs: null,
    renderedText: null,
    setTemplatePath: (templatePath) => {
      set({ templatePath });
      renderBoth();
    },
    setKeyOrder: (keyOrder) => {
      set({ keyOrder });
      renderBoth();
    },
    setReading: (reading) => {
      // Kept for this file only: the next file opens in neuro-san's reading (what the LLM gets) unless chosen there.
      const { path } = useDocument.getState();
      if (path !== null) readings.set(path, reading);
      set({ reading });
      renderBoth();
    },
    setVars: (vars) => {
      set({ vars });
      renderBoth();
    },
    refresh: () => renderBoth(),
  }));

  const request = (fields: DocumentTextPayload) => {
    const { templatePath, keyOrder, vars, reading } = store.getState();
    const { path } = useDocument.getState();
    return {
      path,
      ...fields,
      keyOrder,
      reading,
      vars: Object.fromEntries(vars.filter((v) => v.name.trim() !== '').map((v) => [v.name.trim(), v.value])),
      ...(templatePath.trim() ? { templatePath: templatePath.trim() } : {}),
    };
  };

  // The current and the saved text go as edits of the last one each sent (textSender.ts).
  const currentTexts = texts.createSender();
  const savedTexts = texts.createSender();
  // An answer to an older render is dropped, so a slow render never overwrites a newer.
  const latestCurrent = latestWins();
  const latestSaved = latestWins();
  /** `alsoSaved`: the saved text is this text (a file just opened): the one answer is the saved catalog too. */
  const renderCurrent = async (changedAt: number, alsoSaved?: () => boolean): Promise<void> => {
    const { status, text } = useDocument.getState();
    const isLatest = latestCurrent.start();
    if (status !== 'ready') {
      store.setState({ current: null, currentError: null });
      return;
    }
    await currentTexts.send(text, (fields) => api.invoke('catalog.render', request(fields))).then(
      (current) => {
        if (alsoSaved?.()) store.setState({ saved: current, savedError: null });
        if (isLatest()) {
          store.setState({ current, currentError: null, lastUpdateMs: Math.round(performance.now() - changedAt), renderedText: text });
        }
      },
      (error: unknown) => {
        if (alsoSaved?.()) store.setState({ saved: null, savedError: errorMessage(error) });
        if (isLatest()) store.setState({ current: null, currentError: errorMessage(error), renderedText: text });
      },
    );
  };
  const renderSaved = () => {
    const { status, path, savedText } = useDocument.getState();
    const isLatest = latestSaved.start();
    if (status !== 'ready' || path === null) {
      store.setState({ saved: null, savedError: null });
      return;
    }
    savedTexts.send(savedText, (fields) => api.invoke('catalog.render', request(fields))).then(
      (saved) => {
        if (isLatest()) store.setState({ saved, savedError: null });
      },
      (error: unknown) => {
        if (isLatest()) store.setState({ saved: null, savedError: errorMessage(error) });
      },
    );
  };
  function renderBoth() {
    void renderCurrent(performance.now());
    renderSaved();
  }

  // The earliest change not yet rendered (latency is measured from it), and whether a render is in flight.
  let waitingSince: number | null = null;
  let inFlight = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  // A big document's saved text waits like its changes (at open it would otherwise run beside the first analysis).
  let savedPending = false;
  let lastChangeAt = 0;
  const big = () => useDocument.getState().text.length >= BIG_DOCUMENT_CHARS;
  const flush = () => {
    clearTimeout(timer);
    const willRender = !inFlight && waitingSince !== null;
    let alsoSaved: (() => boolean) | undefined;
    if (savedPending) {
      savedPending = false;
      const { text, savedText, path } = useDocument.getState();
      // A big file just opened: its saved text is its text, rendered once for both (seconds of the main side saved).
      if (willRender && path !== null && savedText === text) alsoSaved = latestSaved.start();
      else renderSaved();
    }
    if (!willRender || waitingSince === null) return;
    const changedAt = waitingSince;
    waitingSince = null;
    inFlight = true;
    void renderCurrent(changedAt, alsoSaved).finally(() => {
      inFlight = false;
      check();
    });
  };
  // A small document renders at once. A big one renders when typing pauses and the analysis of the text is current
  // (or ANALYSIS_WAIT_MS after the pause without it): rendering thousands of tools takes the main side long enough to
  // delay the next keystroke's diagnostics, and after the analysis the render reuses the main side's load of the text.
  const check = () => {
    clearTimeout(timer);
    if (waitingSince === null && !savedPending) return;
    if (!big()) {
      timer = setTimeout(flush, CATALOG_RENDER_DELAY_MS);
      return;
    }
    const pause = lastChangeAt + BIG_DOCUMENT_PAUSE_MS - performance.now();
    if (pause > 0) timer = setTimeout(check, pause);
    else if (useAnalysis.getState().analyzedText === useDocument.getState().text) timer = setTimeout(flush, CATALOG_RENDER_DELAY_MS);
    else timer = setTimeout(flush, ANALYSIS_WAIT_MS);
  };
  useDocument.subscribe((state, previous) => {
    if (wasReplaced(state, previous)) {
      // Another document: its catalog is not the one shown. The pane says it is rendering (a big file's first render
      // waits for its analysis, seconds) instead of showing the previous file's catalog; answers for it are dropped.
      latestCurrent.start();
      latestSaved.start();
      store.setState({
        current: null,
        currentError: null,
        saved: null,
        savedError: null,
        lastUpdateMs: null,
        renderedText: null,
        reading: (state.path !== null ? readings.get(state.path) : undefined) ?? 'neuro-san',
      });
    }
    if (state.savedText !== previous.savedText || state.path !== previous.path || state.status !== previous.status) {
      if (state.status === 'ready' && big()) savedPending = true;
      else renderSaved();
    }
    if (state.text !== previous.text || state.status !== previous.status || state.path !== previous.path) {
      waitingSince ??= performance.now();
      lastChangeAt = performance.now();
    }
    check();
  });
  useAnalysis.subscribe((state, previous) => {
    if (state.analyzedText !== previous.analyzedText) check();
  });
  renderBoth();
  return store;
}
