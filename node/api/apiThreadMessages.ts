/** What the API thread (apiThreadMain.ts) and the thread that started it (apiThread.ts) say to each other. */
import type { FromRelay, ToRelay } from '../python/workerProcessRelay';

/** The host, as data the thread can receive (functions stay on the starting side). */
export interface ApiThreadData {
  mode: 'desktop' | 'browser';
  cwd: string;
  initialFile: string | null;
  initialProject?: string | null;
  stateDir: string;
  env: Record<string, string | undefined>;
  /** The starting side shows native dialogs when asked. */
  nativeDialogs: boolean;
}

export type ToApiThread =
  | { type: 'call'; id: number; method: string; payload: unknown }
  | { type: 'dialog-result'; id: number; path: string | null }
  | { type: 'dispose' }
  /** A Python worker's pipes and events (workerProcessRelay.ts). */
  | FromRelay;

export type FromApiThread =
  /** A call's ApiResult as JSON text: exactly what the HTTP transport sends. */
  | { type: 'result'; id: number; json: string }
  | { type: 'event'; event: string; payload: unknown }
  | { type: 'dialog'; id: number; kind: 'open' | 'save' | 'openFolder'; defaultPath: string | null }
  /** Start a Python worker, write to it, kill it (workerProcessRelay.ts). */
  | ToRelay;
