/**
 * One Python worker process: spawns it, sends framed requests, matches replies by id, and notices when it dies.
 * It knows nothing about timeouts or restarts; ToolRunner decides those.
 */
import { encodeFrame, FrameDecoder } from './framing';
import { killProcessTree } from './processTree';
import { TextTail } from './textTail';
import type { WorkerLaunch } from './workerOptions';
import { spawnWorkerProcess, type WorkerProcess } from './workerProcess';
import type { WorkerReply, WorkerRequest } from './workerProtocol';

/** How much of the worker's stderr is kept for the report when it dies. */
const STDERR_TAIL_CHARS = 8 * 1024;

/**
 * On POSIX the worker leads its own process group (a new session), so killing the group ends every process a tool
 * started along with the worker; on Linux its whole tree is killed too, for the children that left the group
 * (processTree.ts). Windows has no process groups to kill: there the worker's job object ends its children when the
 * worker dies (resources/python/tbe_worker/windows_job.py).
 */
const OWN_PROCESS_GROUP = process.platform !== 'win32';

/**
 * After the worker exits, how long its pipes may stay open: a tool's child that left the worker's group can hold them
 * for ever, and the worker's end must not wait for it.
 */
const PIPE_GRACE_MS = 500;

/** The worker process ended (or never started) while requests were waiting. */
export class WorkerExitError extends Error {
  constructor(
    message: string,
    readonly stderrTail: string,
    readonly exitCode: number | null,
    readonly signal: NodeJS.Signals | null,
    /** True when the interpreter could not be started at all (not found, not executable). */
    readonly spawnFailed: boolean,
  ) {
    super(message);
    this.name = 'WorkerExitError';
  }
}

interface Pending {
  resolve(reply: WorkerReply): void;
  reject(error: Error): void;
}

export class PythonWorker {
  private readonly child: WorkerProcess;
  private readonly decoder = new FrameDecoder();
  private readonly pending = new Map<number, Pending>();
  private readonly tail = new TextTail(STDERR_TAIL_CHARS);
  private nextId = 1;
  private exitError: WorkerExitError | undefined;
  private spawnError: Error | undefined;
  private killed = false;
  /** Resolves once the process has ended and its pipes are drained. */
  readonly closed: Promise<void>;

  constructor(private readonly launch: WorkerLaunch) {
    this.child = spawnWorkerProcess(launch.command, launch.args, {
      cwd: launch.cwd,
      env: launch.env,
      windowsHide: true,
      detached: OWN_PROCESS_GROUP,
    });
    this.child.stdout?.on('data', (chunk: Buffer) => this.onData(chunk));
    this.child.stderr?.setEncoding('utf8');
    this.child.stderr?.on('data', (chunk: string) => this.tail.append(chunk));
    // Writing to a worker that just died raises EPIPE here; the 'close' handler reports the death itself.
    this.child.stdin?.on('error', () => undefined);
    this.child.on('error', (error) => {
      this.spawnError = error;
    });
    // Whatever is left of the tree once the worker has gone goes with it.
    this.child.on('exit', () => {
      this.killGroup();
      setTimeout(() => {
        this.child.stdout?.destroy();
        this.child.stderr?.destroy();
      }, PIPE_GRACE_MS).unref();
    });
    this.closed = new Promise((resolve) => {
      this.child.on('close', (code, signal) => {
        this.onClose(code, signal);
        resolve();
      });
    });
  }

  get pid(): number | undefined {
    return this.child.pid;
  }

  /** False from the moment it is killed (its 'close' comes later), so no new request is sent to a dying worker. */
  get alive(): boolean {
    return (
      !this.killed &&
      this.exitError === undefined &&
      this.spawnError === undefined &&
      this.child.exitCode === null &&
      this.child.signalCode === null
    );
  }

  /** The last part of what the worker wrote to stderr (tool output is copied there too). */
  stderrTail(): string {
    return this.tail.toString();
  }

  /** Starts a fresh tail, so a crash report shows only the current call's last words. */
  clearStderrTail(): void {
    this.tail.clear();
  }

  request(message: WorkerRequest): Promise<WorkerReply> {
    if (this.exitError) return Promise.reject(this.exitError);
    const id = this.nextId++;
    return new Promise<WorkerReply>((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      this.child.stdin?.write(encodeFrame({ ...message, id }));
    });
  }

  /** Ends the process and every process a tool started, at once (timeouts, cancel, restart, dispose of a busy worker). */
  kill(): void {
    this.killed = true;
    const running = this.child.exitCode === null && this.child.signalCode === null;
    // Not yet reaped, so the pid is still the worker's; its tree must be found before it dies (see processTree.ts).
    if (running && this.child.pid !== undefined) killProcessTree(this.child.pid);
    this.killGroup();
    if (running) this.child.kill('SIGKILL');
  }

  private killGroup(): void {
    const pid = this.child.pid;
    if (!OWN_PROCESS_GROUP || pid === undefined) return;
    try {
      process.kill(-pid, 'SIGKILL');
    } catch {
      // ESRCH: nothing left in the group.
    }
  }

  /** Asks the worker to finish by closing its input; kills it if it has not ended after `graceMs`. */
  async stop(graceMs = 1000): Promise<void> {
    this.child.stdin?.end();
    const timer = setTimeout(() => this.kill(), graceMs);
    await this.closed;
    clearTimeout(timer);
  }

  private onData(chunk: Buffer): void {
    let replies: unknown[];
    try {
      replies = this.decoder.push(chunk);
    } catch (error) {
      this.tail.append(`\n[toolbox-editor] ${(error as Error).message}\n`);
      this.kill();
      return;
    }
    for (const reply of replies) {
      const id = (reply as { id?: unknown }).id;
      const waiter = typeof id === 'number' ? this.pending.get(id) : undefined;
      if (!waiter) continue;
      this.pending.delete(id as number);
      waiter.resolve(reply as WorkerReply);
    }
  }

  private onClose(code: number | null, signal: NodeJS.Signals | null): void {
    const spawnFailed = this.spawnError !== undefined;
    const how = spawnFailed
      ? `could not be started: ${this.spawnError?.message}`
      : signal
        ? `was killed by signal ${signal}`
        : `exited with code ${code}`;
    this.exitError = new WorkerExitError(
      `Python worker (${this.launch.command}) ${how}`,
      this.tail.toString(),
      code,
      signal,
      spawnFailed,
    );
    for (const waiter of this.pending.values()) waiter.reject(this.exitError);
    this.pending.clear();
  }
}
