import { describe, expect, it } from 'vitest';
import { exitWhenDone, onlyWhatWasOpen, type ExitIo } from './exitWhenDone';

/** A process whose flushes, turns and open resources the test drives. */
function fakeProcess(open: string[]) {
  const calls: string[] = [];
  const flushes: Array<() => void> = [];
  const turns: Array<() => void> = [];
  const io: ExitIo = {
    setExitCode: (code) => calls.push(`exitCode ${code}`),
    flushStdout: (done) => flushes.push(done),
    flushStderr: (done) => flushes.push(done),
    setImmediate: (run) => turns.push(run),
    openResources: () => open,
    exit: (code) => calls.push(`exit ${code}`),
  };
  const settle = () => {
    for (const done of flushes.splice(0)) done();
    for (const run of turns.splice(0)) run();
  };
  return { io, calls, flushes, settle };
}

describe('exitWhenDone', () => {
  it('exits at once with the code when only the standard streams are open, once both are flushed', () => {
    const p = fakeProcess(['PipeWrap', 'TTYWrap']);
    exitWhenDone(1, ['TTYWrap', 'PipeWrap'], p.io);
    expect(p.calls).toEqual(['exitCode 1']);
    p.flushes.shift()!();
    expect(p.calls).toEqual(['exitCode 1']); // stderr not flushed yet
    p.settle();
    expect(p.calls).toEqual(['exitCode 1', 'exit 1']);
  });

  it('leaves the process to end as Node ends it while something the command opened is still open', () => {
    for (const extra of ['PipeWrap', 'ProcessWrap', 'Timeout', 'FSReqCallback']) {
      const p = fakeProcess(['PipeWrap', extra]);
      exitWhenDone(0, ['PipeWrap'], p.io);
      p.settle();
      expect(p.calls, extra).toEqual(['exitCode 0']);
    }
  });

  it('counts resources by kind: a second pipe is a child\'s, not stdout\'s', () => {
    expect(onlyWhatWasOpen(['PipeWrap'], ['PipeWrap', 'TTYWrap'])).toBe(true);
    expect(onlyWhatWasOpen([], ['PipeWrap'])).toBe(true);
    expect(onlyWhatWasOpen(['PipeWrap', 'PipeWrap'], ['PipeWrap'])).toBe(false);
    expect(onlyWhatWasOpen(['Timeout'], [])).toBe(false);
  });
});
