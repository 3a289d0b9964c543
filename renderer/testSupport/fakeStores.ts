import { create } from 'zustand';
import type { ApiClient } from '../../shared/api/index';
import type { DocumentStoreHook } from '../state/documentStore';
import { createTextChannel } from '../api/textSender';
import { createPendingEdits } from '../state/pendingEdits';

/** One call the fake API received, answered by the test when it chooses (so order and overlap are in its hands). */
export interface PendingCall {
  method: string;
  request: Record<string, unknown>;
  resolve(value: unknown): void;
  reject(error: unknown): void;
}

/** An ApiClient whose every call waits until the test answers it. */
export function fakeApi(): { api: ApiClient; calls: PendingCall[]; callsOf(method: string): PendingCall[] } {
  const calls: PendingCall[] = [];
  const api = {
    invoke: (method: string, request: Record<string, unknown>) =>
      new Promise((resolve, reject) => calls.push({ method, request, resolve, reject })),
    on: () => () => undefined,
  } as unknown as ApiClient;
  return { api, calls, callsOf: (method) => calls.filter((c) => c.method === method) };
}

/** The document fields the analysis, catalog and test-run stores read, in a plain store the test sets. */
export function fakeDocument(initial: { path?: string | null; text?: string; status?: 'empty' | 'loading' | 'ready' } = {}) {
  const store = create(() => ({
    path: initial.path ?? '/work/toolbox_info.hocon',
    text: initial.text ?? '',
    savedText: initial.text ?? '',
    status: initial.status ?? 'ready',
    loadGeneration: 0,
  }));
  return store as unknown as DocumentStoreHook & typeof store;
}

/** A window's text channel and pending edits, as its workspace would hand them to a store. */
export function fakeWindow() {
  return { texts: createTextChannel(), edits: createPendingEdits() };
}
