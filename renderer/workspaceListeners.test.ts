import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ApiClient } from '../shared/api/index';

// The window's Monaco model is not what this test is about (and Monaco needs a DOM): a stand-in.
vi.mock('./editor/documentModel', () => ({ createDocumentModel: () => ({ undo: () => undefined, redo: () => undefined }) }));

const { createWorkspace, installWorkspace } = await import('./workspace');

/** An API whose calls never answer, keeping the listeners it was given by event, so the test can emit and count. */
function listeningApi() {
  const listeners = new Map<string, Set<(payload: unknown) => void>>();
  const api = {
    invoke: () => new Promise(() => undefined),
    on: (event: string, listener: (payload: unknown) => void) => {
      const set = listeners.get(event) ?? new Set();
      set.add(listener);
      listeners.set(event, set);
      return () => set.delete(listener);
    },
  } as unknown as ApiClient;
  const count = (event: string) => listeners.get(event)?.size ?? 0;
  const emit = (event: string, payload: unknown) => listeners.get(event)?.forEach((l) => l(payload));
  return { api, count, emit };
}

afterEach(() => vi.unstubAllGlobals());

describe("a window's listeners of the main side's events", () => {
  it('are added while its workspace is on screen and removed with it, the window closing', () => {
    vi.stubGlobal('window', { addEventListener: () => undefined, removeEventListener: () => undefined });
    const { api, count, emit } = listeningApi();
    const workspace = createWorkspace(api);
    expect([count('file.changed'), count('python.neuroSan')]).toEqual([0, 0]);
    const remove = installWorkspace(workspace);
    expect([count('file.changed'), count('python.neuroSan')]).toEqual([1, 1]);
    // Unsaved edits: the change is said, not reloaded (a clean buffer reloads by itself: e2e/browser/editor-external-change.spec.ts).
    workspace.useDocument.setState({ path: '/p/tb.hocon', status: 'ready', mtimeMs: 1, text: 'mine {}\n', savedText: '' });
    emit('file.changed', { path: '/p/tb.hocon', mtimeMs: 2, deleted: false });
    expect(workspace.useDocument.getState().notice).toEqual({ kind: 'external-change', message: 'tb.hocon was changed on disk by another program.' });
    remove();
    expect([count('file.changed'), count('python.neuroSan'), count('menu.command')]).toEqual([0, 0, 0]);
  });
});
