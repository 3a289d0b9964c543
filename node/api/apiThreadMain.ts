/**
 * The API thread's entry (bundled as dist/cli/api-thread.cjs and dist/electron/api-thread.cjs; see apiThread.ts):
 * the same service and dispatcher as ever, with the host's events and dialogs passed over messages.
 */
import { parentPort, workerData } from 'node:worker_threads';
import type { ApiThreadData, FromApiThread, ToApiThread } from './apiThreadMessages';
import { answerJson, createDispatcher } from './dispatcher';
import { createApiService } from './handlers';
import { useWorkerSpawner } from '../python/workerProcess';
import { relayedSpawner } from '../python/workerProcessRelay';

const port = parentPort;
if (!port) throw new Error('apiThreadMain runs only as a worker thread (see apiThread.ts).');
const data = workerData as ApiThreadData;
const post = (message: FromApiThread) => port.postMessage(message);

// Python workers are spawned by the starting thread, which outlives this one and so always reaps them.
const relay = relayedSpawner(post);
useWorkerSpawner(relay.spawner);

let nextDialog = 1;
const dialogAnswers = new Map<number, (path: string | null) => void>();
const askDialog = (kind: 'open' | 'save' | 'openFolder', defaultPath?: string) =>
  new Promise<string | null>((resolve) => {
    const id = nextDialog++;
    dialogAnswers.set(id, resolve);
    post({ type: 'dialog', id, kind, defaultPath: defaultPath ?? null });
  });

const service = createApiService({
  mode: data.mode,
  cwd: data.cwd,
  initialFile: data.initialFile,
  initialProject: data.initialProject ?? null,
  stateDir: data.stateDir,
  env: data.env,
  emit: (event, payload) => post({ type: 'event', event, payload }),
  ...(data.nativeDialogs ? { dialogs: { open: () => askDialog('open'), save: (defaultPath?: string) => askDialog('save', defaultPath), openFolder: () => askDialog('openFolder') } } : {}),
});
const dispatch = createDispatcher(service.handlers);

port.on('message', (message: ToApiThread) => {
  switch (message.type) {
    case 'call':
      // The dispatcher never throws: every failure is an ApiResult error.
      void dispatch(message.method, message.payload).then((result) => post({ type: 'result', id: message.id, json: answerJson(result) }));
      return;
    case 'dialog-result':
      dialogAnswers.get(message.id)?.(message.path);
      dialogAnswers.delete(message.id);
      return;
    case 'dispose':
      service.dispose();
      port.close();
      return;
    case 'child-event':
      relay.receive(message);
      return;
  }
});
