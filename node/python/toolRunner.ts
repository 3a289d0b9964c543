/**
 * Runs tools of one toolbox in one warm Python worker: one call at a time, in the order asked, with a per-call
 * timeout, cancellation, and a fresh worker whenever the previous one was killed or died.
 *
 * This is the public face of node/python/ for the API wiring and the CLI: `call`, `cancel`, `describe`, `info`,
 * `restart`, `dispose`.
 */
import { randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import type { NeuroSanFacts } from '../../shared/neurosan/versions/index';
import type { NeuroSanCheck } from '../../shared/toolbox/index';
import type { RunnableToolSpec } from '../../shared/toolbox/index';
import type { RunRequest } from '../../shared/run/index';
import { PythonWorker, WorkerExitError } from './pythonWorker';
import { failedRun, formatSeconds, type RunErrorKind, type ToolRunResult } from './runResult';
import { workerLaunch, workerScriptPath, type PythonEnvironmentOptions } from './workerOptions';
import {
  toWorkerSpec,
  workerClassLookup,
  type CapturedOutput,
  type ToolDescription,
  type WorkerInfoReply,
  type WorkerReply,
  type WorkerRequest,
} from './workerProtocol';
import { errorMessage } from '../../shared/errorMessage';

export const DEFAULT_TIMEOUT_MS = 30_000;
export const DEFAULT_MAX_OUTPUT_BYTES = 1024 * 1024;

export interface ToolRunnerOptions extends PythonEnvironmentOptions {
  /** The agent network's path (e.g. `team/sub`) for the AGENT_TOOL_PATH walk-up; none by default. */
  agentNetwork?: string;
  /** Per-call timeout when a call does not give one (30 s). */
  defaultTimeoutMs?: number;
  /** Content, stdout, stderr and logging are each cut beyond this many bytes, with a marker (1 MiB). */
  maxOutputBytes?: number;
  /** The worker's entry script; tests and packaging may point elsewhere. */
  workerScript?: string;
}

/** How a caller follows and stops one call; what the call is, is its RunRequest. */
export interface CallControl {
  /** Names the call for `cancel(callId)`; one is made up when absent. */
  callId?: string;
  /** Aborting it cancels the call, like `cancel(callId)`. */
  signal?: AbortSignal;
  /** Called when the call reaches the worker (after the calls queued before it): from then on it is running. */
  onStarted?: () => void;
  /** The project's neuro-san: a coded tool's class is found only as that version finds it. */
  neuroSan?: NeuroSanFacts;
}

export type DescribeResult =
  | ({ ok: true; description: ToolDescription } & CapturedOutput)
  | { ok: false; error: string; errorKind: RunErrorKind; traceback?: string };

interface CallState {
  cancelled: boolean;
  /** Called once the request has been sent to the worker. */
  onStarted?: (() => void) | undefined;
  /** Set while the call is in the worker: stops it now. */
  interrupt?: () => void;
}

/** A request's outcome: the worker's reply, or a failure (timeout, cancel, crash) as a run result. */
export type Exchange = { reply: WorkerReply } | { failure: ToolRunResult };

export class ToolRunner {
  private worker: PythonWorker | undefined;
  private queue: Promise<unknown> = Promise.resolve();
  private readonly active = new Map<string, CallState>();
  private disposed = false;
  private readonly defaultTimeoutMs: number;
  private readonly maxOutputBytes: number;

  constructor(private readonly options: ToolRunnerOptions = {}) {
    this.defaultTimeoutMs = options.defaultTimeoutMs ?? DEFAULT_TIMEOUT_MS;
    this.maxOutputBytes = options.maxOutputBytes ?? DEFAULT_MAX_OUTPUT_BYTES;
  }

  /** True while a call or describe is queued or running. */
  get busy(): boolean {
    return this.active.size > 0;
  }

  /** The current worker's process id, if one is running (for diagnostics and tests). */
  get workerPid(): number | undefined {
    return this.worker?.alive ? this.worker.pid : undefined;
  }

  /**
   * Runs one tool as `request` says: its arguments' JSON text, sly_data, timeout (the runner's default when absent)
   * and, for a toolkit entry, which of its tools. The request reaches the worker unchanged. Never rejects: every
   * failure is a result with `isError` and an `errorKind`.
   */
  async call(spec: RunnableToolSpec, request: RunRequest, control: CallControl = {}): Promise<ToolRunResult> {
    const callId = control.callId ?? randomUUID();
    const state: CallState = { cancelled: control.signal?.aborted ?? false, onStarted: control.onStarted };
    this.active.set(callId, state);
    const onAbort = (): void => void this.cancel(callId);
    control.signal?.addEventListener('abort', onAbort, { once: true });
    try {
      return await this.serialize(async () => {
        const started = performance.now();
        const exchange = await this.exchange(
          {
            op: 'call',
            spec: toWorkerSpec(spec),
            run: request,
            ...workerClassLookup({ agentNetwork: this.options.agentNetwork, neuroSan: control.neuroSan }),
            maxOutputBytes: this.maxOutputBytes,
          },
          request.timeoutSeconds !== undefined ? request.timeoutSeconds * 1000 : this.defaultTimeoutMs,
          state,
        );
        const durationMs = performance.now() - started;
        if ('failure' in exchange) return { ...exchange.failure, durationMs };
        return runFromReply(exchange.reply, durationMs);
      });
    } finally {
      control.signal?.removeEventListener('abort', onAbort);
      if (this.active.get(callId) === state) this.active.delete(callId);
    }
  }

  /** Stops a queued or running call; it resolves with errorKind `cancelled`. False when no such call is known. */
  cancel(callId: string): boolean {
    const state = this.active.get(callId);
    if (!state) return false;
    state.cancelled = true;
    state.interrupt?.();
    return true;
  }

  /**
   * Loads the tool's class (and for LangChain entries builds the instance) and reports what it reveals. A coded tool's
   * class is found as a call finds it (`neuroSan`: as the project's version would, failing with a call's words).
   */
  async describe(spec: RunnableToolSpec, options: Pick<CallControl, 'callId' | 'onStarted' | 'neuroSan'> & { timeoutMs?: number } = {}): Promise<DescribeResult> {
    // Cancellable like a call (`cancel(callId)`): importing a class can hang as well as a tool can.
    const callId = options.callId ?? randomUUID();
    const state: CallState = { cancelled: false, onStarted: options.onStarted };
    this.active.set(callId, state);
    let exchange: Exchange;
    try {
      exchange = await this.serialize(() =>
        this.exchange(
          { op: 'describe', spec: toWorkerSpec(spec), ...workerClassLookup({ agentNetwork: this.options.agentNetwork, neuroSan: options.neuroSan }) },
          options.timeoutMs ?? this.defaultTimeoutMs,
          state,
        ),
      );
    } finally {
      this.active.delete(callId);
    }
    if ('failure' in exchange) {
      const { content, errorKind, traceback } = exchange.failure;
      return { ok: false, error: content, errorKind: errorKind ?? 'protocol', ...(traceback ? { traceback } : {}) };
    }
    const reply = exchange.reply;
    if (!reply.ok) {
      return {
        ok: false,
        error: reply.error,
        errorKind: reply.errorKind === 'load' ? 'load' : 'protocol',
        ...(reply.traceback ? { traceback: reply.traceback } : {}),
      };
    }
    if (!('description' in reply)) return { ok: false, error: 'unexpected reply to describe', errorKind: 'protocol' };
    return { ok: true, description: reply.description, stdout: reply.stdout, stderr: reply.stderr, logging: reply.logging };
  }

  /** The interpreter's version, executable, sys.path and AGENT_TOOL_PATH as the worker sees them. */
  async info(): Promise<WorkerInfoReply | { ok: false; error: string; errorKind: RunErrorKind }> {
    const exchange = await this.serialize(() =>
      this.exchange({ op: 'info' }, this.defaultTimeoutMs, { cancelled: false }),
    );
    if ('failure' in exchange) {
      return { ok: false, error: exchange.failure.content, errorKind: exchange.failure.errorKind ?? 'protocol' };
    }
    if (!exchange.reply.ok || !('executable' in exchange.reply)) {
      return { ok: false, error: 'unexpected reply to info', errorKind: 'protocol' };
    }
    return exchange.reply;
  }

  /**
   * Sends one request of another kind (preflight: see preflightProtocol.ts) in turn with the
   * calls, with a timeout, cancellable by `callId` like a call. Resolves with the worker's reply, or with why none came
   * (a timeout kills the worker; the next request starts a fresh one).
   */
  async send(request: WorkerRequest, options: { timeoutMs?: number; callId?: string } = {}): Promise<Exchange> {
    const callId = options.callId ?? randomUUID();
    const state: CallState = { cancelled: false };
    this.active.set(callId, state);
    try {
      return await this.serialize(() => this.exchange(request, options.timeoutMs ?? this.defaultTimeoutMs, state));
    } finally {
      if (this.active.get(callId) === state) this.active.delete(callId);
    }
  }

  /**
   * Loads a toolbox file with the installed neuro-san's own code (its restorer, its factory over its default toolbox,
   * each tool built as an agent builds it). Says so when the interpreter cannot import neuro_san.
   */
  async checkWithNeuroSan(
    file: string,
    cwd: string,
    options: { timeoutMs?: number } = {},
  ): Promise<{ ok: true; check: NeuroSanCheck } | { ok: false; error: string; errorKind: RunErrorKind }> {
    const exchange = await this.serialize(() =>
      this.exchange({ op: 'neurosan', file, cwd }, options.timeoutMs ?? this.defaultTimeoutMs, { cancelled: false }),
    );
    if ('failure' in exchange) return { ok: false, error: exchange.failure.content, errorKind: exchange.failure.errorKind ?? 'protocol' };
    const reply = exchange.reply;
    if (!reply.ok) return { ok: false, error: reply.error, errorKind: reply.errorKind === 'load' ? 'load' : 'protocol' };
    if (!('check' in reply)) return { ok: false, error: 'unexpected reply to neurosan', errorKind: 'protocol' };
    return { ok: true, check: reply.check };
  }

  /** Stops the current worker (cancelling a running call); the next call starts a fresh one, re-importing tools. */
  async restart(): Promise<void> {
    for (const state of this.active.values()) {
      if (state.interrupt) {
        state.cancelled = true;
        state.interrupt();
      }
    }
    const worker = this.worker;
    this.worker = undefined;
    if (worker) {
      worker.kill();
      await worker.closed;
    }
  }

  /** Cancels everything and ends the worker. The runner answers later calls with an error. */
  async dispose(): Promise<void> {
    this.disposed = true;
    for (const state of this.active.values()) {
      state.cancelled = true;
      state.interrupt?.();
    }
    const worker = this.worker;
    this.worker = undefined;
    if (worker) await worker.stop(500);
  }

  private serialize<T>(task: () => Promise<T>): Promise<T> {
    const run = this.queue.then(task, task);
    this.queue = run.catch(() => undefined);
    return run;
  }

  private ensureWorker(): PythonWorker {
    if (!this.worker || !this.worker.alive) {
      this.worker = new PythonWorker(workerLaunch(this.options, this.options.workerScript ?? workerScriptPath()));
    }
    return this.worker;
  }

  /** Sends one request to the worker and waits for its reply, a timeout, a cancel or the worker's death. */
  private exchange(request: WorkerRequest, timeoutMs: number, state: CallState): Promise<Exchange> {
    if (state.cancelled) return Promise.resolve({ failure: failedRun('cancelled', 'cancelled', 0) });
    if (this.disposed) return Promise.resolve({ failure: failedRun('cancelled', 'the tool runner was disposed', 0) });
    const worker = this.ensureWorker();
    worker.clearStderrTail();
    return new Promise<Exchange>((resolve) => {
      let settled = false;
      const finish = (outcome: Exchange): void => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        state.interrupt = undefined;
        resolve(outcome);
      };
      const stopWith = (kind: RunErrorKind, message: string): void => {
        // A Python call cannot be interrupted from outside: the worker is killed and the next call gets a new one.
        const tail = worker.stderrTail();
        worker.kill();
        finish({ failure: failedRun(kind, message, 0, { stderr: tail }) });
      };
      const timer = setTimeout(() => stopWith('timeout', `timed out after ${formatSeconds(timeoutMs)} s`), timeoutMs);
      state.interrupt = () => stopWith('cancelled', 'cancelled');
      worker.request(request).then(
        (reply) => finish({ reply }),
        (error: unknown) => finish({ failure: failureFromWorkerError(error) }),
      );
      state.onStarted?.();
    });
  }
}

function runFromReply(reply: WorkerReply, durationMs: number): ToolRunResult {
  if (!reply.ok) {
    return failedRun(reply.errorKind === 'load' ? 'load' : 'protocol', reply.error, durationMs, {
      stdout: reply.stdout ?? '',
      stderr: reply.stderr ?? '',
      logging: reply.logging ?? '',
      ...(reply.traceback ? { traceback: reply.traceback } : {}),
    });
  }
  if (!('contentType' in reply)) return failedRun('protocol', 'unexpected reply to call', durationMs);
  return {
    content: reply.content,
    isError: reply.isError,
    durationMs,
    stdout: reply.stdout,
    stderr: reply.stderr,
    logging: reply.logging,
    slyData: reply.slyData,
    contentType: reply.contentType,
    ...(reply.errorKind ? { errorKind: reply.errorKind } : {}),
    ...(reply.traceback ? { traceback: reply.traceback } : {}),
  };
}

function failureFromWorkerError(error: unknown): ToolRunResult {
  if (error instanceof WorkerExitError) {
    if (error.spawnFailed) {
      return failedRun(
        'interpreter',
        `${error.message}. Is Python installed? Choose the interpreter (python3 or a virtualenv) ` +
          'in the workspace settings or with --python.',
        0,
      );
    }
    const tail = error.stderrTail.trimEnd();
    const content = tail ? `${error.message} during the call. Its last output:\n${tail}` : `${error.message} during the call.`;
    return failedRun('crashed', content, 0, { stderr: error.stderrTail });
  }
  return failedRun('protocol', errorMessage(error), 0);
}
