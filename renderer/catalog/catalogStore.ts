import { create } from 'zustand';
import type { CatalogRenderResult } from '../../shared/api/toolboxApi';
import type { DocumentTextPayload } from '../../shared/api/documentText';
import { createTextSender } from '../api/textSender';
import type { WorkspaceStores } from '../state/workspace';

export type KeyOrder = 'sorted' | 'insertion';
export interface TemplateVar {
  name: string;
  value: string;
}

export interface CatalogState {
  /** A template file chosen by the user; '' for the app's default template. */
  templatePath: string;
  keyOrder: KeyOrder;
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
  setTemplatePath(templatePath: string): void;
  setKeyOrder(keyOrder: KeyOrder): void;
  setVars(vars: TemplateVar[]): void;
  /** Renders again, e.g. after a tool's class was loaded and the main side learned its description and schema. */
  refresh(): void;
}

/**
 * How renders follow typing: the first change renders as soon as its analysis is current (after the current task,
 * so one burst of store updates is one render); changes made while a render is in flight wait for it and are then
 * rendered together as one. So the preview is never more than one render behind, there is never more than one render
 * queued, and the latency on the studio toolbox is the analysis plus one round trip (the render reuses the main
 * side's load of the text and takes a few ms).
 */
export const CATALOG_RENDER_DELAY_MS = 0;
/** How long a text change of a big document waits for its analysis before it is rendered anyway. */
export const ANALYSIS_WAIT_MS = 1000;
/**
 * From this size on, a change is rendered after its analysis: rendering a catalog of thousands of tools takes the main
 * side long enough to delay the diagnostics. Smaller documents render at once (one round trip sooner).
 */
export const BIG_DOCUMENT_CHARS = 200_000;

const stores = new WeakMap<WorkspaceStores, ReturnType<typeof createCatalogStore>>();

/** One catalog store per window, made on first use (the workspace store set is owned by the layout). */
export function catalogStoreFor(workspace: WorkspaceStores) {
  let store = stores.get(workspace);
  if (!store) {
    store = createCatalogStore(workspace);
    stores.set(workspace, store);
  }
  return store;
}

function message(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/**
 * Keeps the catalog preview current: renders the editor's text (debounced while typing) and the saved text (when a
 * save or open changes it), with the pane's template, key order and variables.
 */
function createCatalogStore({ api, useDocument, useAnalysis }: WorkspaceStores) {
  const store = create<CatalogState>()((set) => ({
    templatePath: '',
    keyOrder: 'sorted',
    vars: [],
    current: null,
    currentError: null,
    saved: null,
    savedError: null,
    lastUpdateMs: null,
    setTemplatePath: (templatePath) => {
      set({ templatePath });
      renderBoth();
    },
    setKeyOrder: (keyOrder) => {
      set({ keyOrder });
      renderBoth();
    },
    setVars: (vars) => {
      set({ vars });
      renderBoth();
    },
    refresh: () => renderBoth(),
  }));

  const request = (fields: DocumentTextPayload) => {
    const { templatePath, keyOrder, vars } = store.getState();
    const { path } = useDocument.getState();
    return {
      path,
      ...fields,
      keyOrder,
      vars: Object.fromEntries(vars.filter((v) => v.name.trim() !== '').map((v) => [v.name.trim(), v.value])),
      ...(templatePath.trim() ? { templatePath: templatePath.trim() } : {}),
    };
  };

  // The current and the saved text go as edits of the last one each sent (textSender.ts).
  const currentTexts = createTextSender();
  const savedTexts = createTextSender();
  // Each render carries a number; an answer to an older one is dropped, so a slow render never overwrites a newer.
  let currentSeq = 0;
  let savedSeq = 0;
  const renderCurrent = async (changedAt: number): Promise<void> => {
    const { status, text } = useDocument.getState();
    const mine = ++currentSeq;
    if (status !== 'ready') {
      store.setState({ current: null, currentError: null });
      return;
    }
    await currentTexts.send(text, (fields) => api.invoke('catalog.render', request(fields))).then(
      (current) => {
        if (mine === currentSeq) store.setState({ current, currentError: null, lastUpdateMs: Math.round(performance.now() - changedAt) });
      },
      (error: unknown) => {
        if (mine === currentSeq) store.setState({ current: null, currentError: message(error) });
      },
    );
  };
  const renderSaved = () => {
    const { status, path, savedText } = useDocument.getState();
    const mine = ++savedSeq;
    if (status !== 'ready' || path === null) {
      store.setState({ saved: null, savedError: null });
      return;
    }
    savedTexts.send(savedText, (fields) => api.invoke('catalog.render', request(fields))).then(
      (saved) => {
        if (mine === savedSeq) store.setState({ saved, savedError: null });
      },
      (error: unknown) => {
        if (mine === savedSeq) store.setState({ saved: null, savedError: message(error) });
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
  const flush = () => {
    if (inFlight || waitingSince === null) return;
    const changedAt = waitingSince;
    waitingSince = null;
    inFlight = true;
    void renderCurrent(changedAt).finally(() => {
      inFlight = false;
      if (waitingSince !== null && !analysisCurrent()) timer = setTimeout(flush, ANALYSIS_WAIT_MS);
      else flush();
    });
  };
  // A big document's change is rendered once its analysis has come (or after ANALYSIS_WAIT_MS without it): both read
  // the same load of the text on the main side, made once, and the diagnostics are never queued behind a render.
  const analysisCurrent = () => {
    const { text } = useDocument.getState();
    return text.length < BIG_DOCUMENT_CHARS || useAnalysis.getState().analyzedText === text;
  };
  useDocument.subscribe((state, previous) => {
    if (state.savedText !== previous.savedText || state.path !== previous.path || state.status !== previous.status) renderSaved();
    if (state.text === previous.text && state.status === previous.status && state.path === previous.path) return;
    waitingSince ??= performance.now();
    clearTimeout(timer);
    timer = setTimeout(flush, state.status === 'ready' && !analysisCurrent() ? ANALYSIS_WAIT_MS : CATALOG_RENDER_DELAY_MS);
  });
  useAnalysis.subscribe((state, previous) => {
    if (state.analyzedText === previous.analyzedText || waitingSince === null || !analysisCurrent()) return;
    clearTimeout(timer);
    timer = setTimeout(flush, CATALOG_RENDER_DELAY_MS);
  });
  renderBoth();
  return store;
}
