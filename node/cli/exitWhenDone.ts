/**
 * Ends the process once a command has finished and its output is written. Left to itself, Node ends when nothing is
 * left to wait for and then, before exiting, waits for V8's background tasks: optimizing compiles of functions that
 * nothing will call again. On neuro-san-studio that wait was 16-126 ms of a `validate DIR`'s wall time on a busy
 * 2-core machine (bench/validate-project.bench.mjs). So when nothing the command opened is still open (only what
 * was open before it ran: the standard streams' own handles), the output is flushed and the process exits at once.
 * Otherwise (a child process, a timer, a socket, a file write still going) it ends as Node ends, after all of them.
 */
export function exitWhenDone(code: number, openAtStart: readonly string[], io: ExitIo = processIo): void {
  io.setExitCode(code);
  let unflushed = 2;
  const flushed = () => {
    if (--unflushed > 0) return;
    // On the next turn: the write requests that called back are no longer counted as open.
    io.setImmediate(() => {
      if (onlyWhatWasOpen(io.openResources(), openAtStart)) io.exit(code);
    });
  };
  io.flushStdout(flushed);
  io.flushStderr(flushed);
}

/** What exitWhenDone needs of the process (tests give their own). */
export interface ExitIo {
  setExitCode(code: number): void;
  /** Calls back once everything written to the stream before is handed to the system. */
  flushStdout(done: () => void): void;
  flushStderr(done: () => void): void;
  setImmediate(run: () => void): void;
  /** process.getActiveResourcesInfo(): a name per open handle, request and timer. */
  openResources(): string[];
  exit(code: number): void;
}

const processIo: ExitIo = {
  setExitCode: (code) => {
    process.exitCode = code;
  },
  flushStdout: (done) => process.stdout.write('', done),
  flushStderr: (done) => process.stderr.write('', done),
  setImmediate: (run) => setImmediate(run),
  openResources: () => process.getActiveResourcesInfo(),
  exit: (code) => process.exit(code),
};

/** Whether every resource open now was open before (counted: a second pipe is a child's, not stdout's). */
export function onlyWhatWasOpen(now: readonly string[], before: readonly string[]): boolean {
  const left = new Map<string, number>();
  for (const name of before) left.set(name, (left.get(name) ?? 0) + 1);
  for (const name of now) {
    const count = left.get(name) ?? 0;
    if (count === 0) return false;
    left.set(name, count - 1);
  }
  return true;
}
