/**
 * Python workers for the API thread, spawned by the thread that started it (see workerProcess.ts for why): the
 * thread's side is a stand-in ChildProcess whose pipes and events travel as messages; the starting side owns the
 * real process, so it is reaped whatever becomes of the thread, and when the thread is gone it ends the workers
 * (their input closed, then the process group killed).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { EventEmitter } from 'node:events';
import { PassThrough, Writable } from 'node:stream';
import { finished } from 'node:stream/promises';
import type { WorkerProcess, WorkerSpawner, WorkerSpawnOptions } from './workerProcess';

/** From the API thread to the starting side. */
export type ToRelay =
  | { type: 'child-spawn'; sid: number; command: string; args: string[]; options: WorkerSpawnOptions }
  | { type: 'child-stdin'; sid: number; data: Uint8Array }
  | { type: 'child-stdin-end'; sid: number }
  | { type: 'child-kill'; sid: number; signal: NodeJS.Signals };

/** From the starting side to the API thread, in the order the process's events happened. */
export type FromRelay =
  | { type: 'child-event'; sid: number; event: 'spawn'; pid: number }
  | { type: 'child-event'; sid: number; event: 'stdout' | 'stderr'; data: Uint8Array }
  | { type: 'child-event'; sid: number; event: 'error'; message: string; code: string | null }
  | { type: 'child-event'; sid: number; event: 'exit' | 'close'; code: number | null; signal: NodeJS.Signals | null };

/** As PythonWorker: how long pipes may stay open after the process exits (a tool's orphan can hold them). */
const PIPE_GRACE_MS = 500;
/** After the thread is gone, how long a worker gets to end on its own once its input is closed. */
const ORPHAN_GRACE_MS = 1000;

/** The starting side: spawns and relays the processes one API thread asks for. */
export class WorkerProcessRelay {
  private readonly children = new Map<number, ChildProcess>();

  constructor(private readonly post: (message: FromRelay) => void) {}

  receive(message: ToRelay): void {
    if (message.type === 'child-spawn') {
      this.spawn(message.sid, message.command, message.args, message.options);
      return;
    }
    const child = this.children.get(message.sid);
    if (!child) return;
    if (message.type === 'child-stdin') child.stdin?.write(message.data);
    else if (message.type === 'child-stdin-end') child.stdin?.end();
    else child.kill(message.signal);
  }

  private spawn(sid: number, command: string, args: string[], options: WorkerSpawnOptions): void {
    const child = spawn(command, args, { ...options, stdio: ['pipe', 'pipe', 'pipe'] });
    this.children.set(sid, child);
    const post = this.post;
    child.on('spawn', () => post({ type: 'child-event', sid, event: 'spawn', pid: child.pid! }));
    child.stdout?.on('data', (data: Buffer) => post({ type: 'child-event', sid, event: 'stdout', data }));
    child.stderr?.on('data', (data: Buffer) => post({ type: 'child-event', sid, event: 'stderr', data }));
    child.stdin?.on('error', () => undefined);
    child.on('error', (error: NodeJS.ErrnoException) => post({ type: 'child-event', sid, event: 'error', message: error.message, code: error.code ?? null }));
    child.on('exit', (code, signal) => {
      post({ type: 'child-event', sid, event: 'exit', code, signal });
      setTimeout(() => {
        child.stdout?.destroy();
        child.stderr?.destroy();
      }, PIPE_GRACE_MS).unref();
    });
    child.on('close', (code, signal) => {
      this.children.delete(sid);
      post({ type: 'child-event', sid, event: 'close', code, signal });
    });
  }

  /** The thread is gone: each worker's input is closed (it ends), and what is left after a grace is killed. */
  orphaned(): void {
    for (const child of this.children.values()) {
      child.stdin?.end();
      const pid = child.pid;
      setTimeout(() => {
        if (child.exitCode !== null || child.signalCode !== null || pid === undefined) return;
        try {
          if (process.platform !== 'win32') process.kill(-pid, 'SIGKILL');
        } catch {
          // the group is gone
        }
        child.kill('SIGKILL');
      }, ORPHAN_GRACE_MS).unref();
    }
  }
}

/** The API thread's stand-in for a ChildProcess whose real process lives on the starting side. */
class RelayedProcess extends EventEmitter implements WorkerProcess {
  pid: number | undefined = undefined;
  exitCode: number | null = null;
  signalCode: NodeJS.Signals | null = null;
  readonly stdout = new PassThrough();
  readonly stderr = new PassThrough();
  readonly stdin: Writable;

  constructor(
    private readonly sid: number,
    private readonly post: (message: ToRelay) => void,
  ) {
    super();
    this.stdin = new Writable({
      write: (chunk: Buffer, _encoding, done) => {
        post({ type: 'child-stdin', sid, data: chunk });
        done();
      },
      final: (done) => {
        post({ type: 'child-stdin-end', sid });
        done();
      },
    });
  }

  kill(signal: NodeJS.Signals = 'SIGTERM'): boolean {
    this.post({ type: 'child-kill', sid: this.sid, signal });
    return true;
  }

  receive(message: FromRelay): void {
    switch (message.event) {
      case 'spawn':
        this.pid = message.pid;
        this.emit('spawn');
        return;
      case 'stdout':
      case 'stderr': {
        const stream = this[message.event];
        if (!stream.destroyed) stream.write(Buffer.from(message.data.buffer, message.data.byteOffset, message.data.byteLength));
        return;
      }
      case 'error':
        this.emit('error', Object.assign(new Error(message.message), message.code ? { code: message.code } : {}));
        return;
      case 'exit':
        this.exitCode = message.code;
        this.signalCode = message.signal;
        this.emit('exit', message.code, message.signal);
        return;
      case 'close': {
        // As a ChildProcess: 'close' once the pipes have ended and what they held has been read.
        const pipes = [this.stdout, this.stderr];
        for (const stream of pipes) if (!stream.destroyed) stream.end();
        void Promise.all(pipes.map((stream) => finished(stream).catch(() => undefined))).then(() => this.emit('close', message.code, message.signal));
        return;
      }
    }
  }
}

/** The API thread's side: a spawner whose processes the starting side runs, and where its messages go. */
export function relayedSpawner(post: (message: ToRelay) => void): { spawner: WorkerSpawner; receive(message: FromRelay): void } {
  const processes = new Map<number, RelayedProcess>();
  let nextSid = 1;
  return {
    spawner: (command, args, options) => {
      const sid = nextSid++;
      const child = new RelayedProcess(sid, post);
      processes.set(sid, child);
      post({ type: 'child-spawn', sid, command, args: [...args], options });
      return child;
    },
    receive(message) {
      processes.get(message.sid)?.receive(message);
      if (message.event === 'close') processes.delete(message.sid);
    },
  };
}
