import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { ApiEvent, ApiEventPayload, ApiResult } from '../../shared/api/index';
import { API_THREAD_RESOURCE_LIMITS } from './apiThreadLimits';
import type { ApiThreadData, FromApiThread, ToApiThread } from './apiThreadMessages';
import { answerJson, createDispatcher, type Dispatch } from './dispatcher';
import { createApiService, type ApiHost } from './handlers';
import { WorkerProcessRelay } from '../python/workerProcessRelay';

/**
 * The API runs on its own thread: analysing a big toolbox on every keystroke must not stall the desktop app's main
 * process (its menus, window and IPC) or the browser-mode server, and the thread gets a young generation sized for
 * that work (apiThreadLimits.ts says why and how much).
 */
export interface ApiThread {
  /** Calls an API method on the thread; the result is what the HTTP transport would send, parsed. */
  dispatch: Dispatch;
  /** The same, as the JSON text (browser mode sends it as it is). */
  dispatchJson(method: string, payload: unknown): Promise<string>;
  dispose(): Promise<void>;
}

/**
 * The bundled thread entry next to this bundle (dist/cli/ or dist/electron/). Packaged, it stays inside app.asar:
 * Electron loads worker scripts from there since version 18.
 */
function bundledEntry(): string {
  return path.join(path.dirname(fileURLToPath(import.meta.url)), 'api-thread.cjs');
}

/**
 * Starts the API on its own thread. Run from the sources (unit tests) there is no bundled thread entry: the API
 * then runs on the calling thread, with the same results.
 */
export function startApiThread(host: ApiHost, entry: string = bundledEntry()): ApiThread {
  if (!existsSync(entry)) return inProcess(host);
  return new ThreadedApi(host, entry);
}

function inProcess(host: ApiHost): ApiThread {
  const service = createApiService(host);
  const dispatch = createDispatcher(service.handlers);
  return {
    // Through JSON, as across the thread: what a caller sees does not depend on where the API runs.
    dispatch: async (method, payload) => JSON.parse(answerJson(await dispatch(method, payload))) as ApiResult<unknown>,
    dispatchJson: async (method, payload) => answerJson(await dispatch(method, payload)),
    dispose: async () => service.dispose(),
  };
}

class ThreadedApi implements ApiThread {
  private worker: Worker | undefined;
  /** The Python workers of the running thread, spawned here so that this thread reaps them. */
  private relay: WorkerProcessRelay | undefined;
  private nextId = 1;
  private readonly pending = new Map<number, (json: string) => void>();
  private disposed = false;

  constructor(
    private readonly host: ApiHost,
    private readonly entry: string,
  ) {
    this.start();
  }

  private start(): Worker {
    const host = this.host;
    const data: ApiThreadData = {
      mode: host.mode,
      cwd: host.cwd,
      initialFile: host.initialFile,
      initialProject: host.initialProject ?? null,
      stateDir: host.stateDir,
      env: host.env ?? { ...process.env },
      nativeDialogs: host.dialogs !== undefined,
    };
    const worker = new Worker(this.entry, { workerData: data, resourceLimits: API_THREAD_RESOURCE_LIMITS });
    this.relay = new WorkerProcessRelay((message) => worker.postMessage(message satisfies ToApiThread));
    const relay = this.relay;
    worker.on('message', (message: FromApiThread) => void this.receive(worker, relay, message));
    worker.on('error', (error) => this.lost(worker, `The API thread failed: ${error.message}`));
    worker.on('exit', (code) => this.lost(worker, `The API thread stopped (exit code ${code}).`));
    // Nothing to wait for once the app is quitting: the process may exit while the thread is idle.
    worker.unref();
    this.worker = worker;
    return worker;
  }

  private async receive(worker: Worker, relay: WorkerProcessRelay, message: FromApiThread): Promise<void> {
    switch (message.type) {
      case 'child-spawn':
      case 'child-stdin':
      case 'child-stdin-end':
      case 'child-kill':
        relay.receive(message);
        return;
      case 'result': {
        const resolve = this.pending.get(message.id);
        this.pending.delete(message.id);
        resolve?.(message.json);
        return;
      }
      case 'event':
        this.host.emit(message.event as ApiEvent, message.payload as ApiEventPayload<ApiEvent>);
        return;
      case 'dialog': {
        const dialogs = this.host.dialogs;
        let chosen: string | null = null;
        try {
          if (dialogs) {
            if (message.kind === 'openFolder') chosen = (await dialogs.openFolder?.()) ?? null;
            else chosen = message.kind === 'open' ? await dialogs.open() : await dialogs.save(message.defaultPath ?? undefined);
          }
        } catch {
          chosen = null;
        }
        worker.postMessage({ type: 'dialog-result', id: message.id, path: chosen } satisfies ToApiThread);
        return;
      }
    }
  }

  /** The thread ended unexpectedly: every call waiting on it gets an error, and the next call starts a new one. */
  private lost(worker: Worker, message: string): void {
    if (this.worker !== worker) return;
    this.worker = undefined;
    this.relay?.orphaned();
    this.relay = undefined;
    const answer = JSON.stringify({ ok: false, error: { code: 'internal', message } } satisfies ApiResult<unknown>);
    for (const resolve of this.pending.values()) resolve(answer);
    this.pending.clear();
  }

  dispatchJson(method: string, payload: unknown): Promise<string> {
    if (this.disposed) {
      return Promise.resolve(JSON.stringify({ ok: false, error: { code: 'internal', message: 'The API has been shut down.' } }));
    }
    const worker = this.worker ?? this.start();
    const id = this.nextId++;
    return new Promise<string>((resolve) => {
      this.pending.set(id, resolve);
      worker.postMessage({ type: 'call', id, method, payload } satisfies ToApiThread);
    });
  }

  dispatch: Dispatch = async (method, payload) => JSON.parse(await this.dispatchJson(method, payload)) as ApiResult<unknown>;

  async dispose(): Promise<void> {
    if (this.disposed) return;
    this.disposed = true;
    const worker = this.worker;
    this.worker = undefined;
    if (!worker) return;
    // Let the thread stop its file watchers and Python workers, but do not wait on it for long.
    const stopped = new Promise<void>((resolve) => worker.once('exit', () => resolve()));
    worker.postMessage({ type: 'dispose' } satisfies ToApiThread);
    await Promise.race([stopped, new Promise<void>((resolve) => setTimeout(resolve, 2000).unref())]);
    await worker.terminate();
    this.relay?.orphaned();
    this.relay = undefined;
  }
}
