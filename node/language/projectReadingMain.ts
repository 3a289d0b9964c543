/**
 * The project-reading thread's entry (bundled as dist/cli/project-reading-thread.cjs; see projectReadings.ts): reads
 * one project at a time as `validate DIR` does and answers its analysis.
 */
import { parentPort } from 'node:worker_threads';
import { errorMessage } from '../../shared/errorMessage';
import type { FromReadingThread, ToReadingThread } from './projectReadingMessages';
import { readProject } from './projectReadings';

const port = parentPort;
if (!port) throw new Error('projectReadingMain runs only as a worker thread (see projectReadings.ts).');
const post = (message: FromReadingThread) => port.postMessage(message);

port.on('message', (message: ToReadingThread) => {
  void readProject(message.request)
    .then((result) => post({ type: 'read', id: message.id, result }))
    .catch((error: unknown) => post({ type: 'failed', id: message.id, message: errorMessage(error) }));
});
