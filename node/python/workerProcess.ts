/**
 * How a Python worker process is started. Run on the API thread, the process must not be the thread's child: a child
 * is reaped (waited for) only by the event loop that spawned it, so once the thread died every worker that then ended
 * stayed `<defunct>` until the app quit. There the thread asks the thread that started it to spawn the worker and
 * relay its pipes (workerProcessRelay.ts); elsewhere (the CLI, tests) it is spawned here.
 */
import { spawn, type SpawnOptions } from 'node:child_process';
import type { EventEmitter } from 'node:events';
import type { Readable, Writable } from 'node:stream';

/** What a PythonWorker uses of its process: a ChildProcess, or the relay's stand-in for one. */
export interface WorkerProcess extends EventEmitter {
  readonly pid?: number | undefined;
  readonly exitCode: number | null;
  readonly signalCode: NodeJS.Signals | null;
  readonly stdin: Writable | null;
  readonly stdout: Readable | null;
  readonly stderr: Readable | null;
  kill(signal?: NodeJS.Signals): boolean;
}

/** The options a worker is spawned with (its pipes are always stdin, stdout and stderr). */
export type WorkerSpawnOptions = Pick<SpawnOptions, 'cwd' | 'env' | 'windowsHide' | 'detached'> & { cwd: string; env: NodeJS.ProcessEnv };

export type WorkerSpawner = (command: string, args: readonly string[], options: WorkerSpawnOptions) => WorkerProcess;

let spawner: WorkerSpawner = (command, args, options) => spawn(command, args, { ...options, stdio: ['pipe', 'pipe', 'pipe'] });

/** Starts a worker process by the spawner in use. */
export function spawnWorkerProcess(command: string, args: readonly string[], options: WorkerSpawnOptions): WorkerProcess {
  return spawner(command, args, options);
}

/** Makes every later worker start through `next` (the API thread's relay). */
export function useWorkerSpawner(next: WorkerSpawner): void {
  spawner = next;
}
