/**
 * The parts of resources/python/tbe_worker/windows_job.py that run off Windows: reading the job's process list and the
 * layout of the limits it sets. The calls into kernel32 need Windows and are not tested here.
 */
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { resourcesDir } from '../paths';

/** The value of a Python expression over windows_job (as `job`), ctypes and struct, through JSON. */
function python(expression: string): unknown {
  const script = `import ctypes, json, struct\nfrom tbe_worker import windows_job as job\nprint(json.dumps(${expression}))`;
  const env = { ...process.env, PYTHONPATH: path.join(resourcesDir(), 'python') };
  return JSON.parse(execFileSync('python3', ['-c', script], { encoding: 'utf8', env }));
}

describe('windows_job.parse_pid_list: a JOBOBJECT_BASIC_PROCESS_ID_LIST', () => {
  it('reads the ids after the two counts, as 8-byte (64-bit) and 4-byte (32-bit) ULONG_PTRs', () => {
    expect(python('job.parse_pid_list(struct.pack("<II3Q", 3, 3, 4, 7000, 123456), 8)')).toEqual([3, [4, 7000, 123456]]);
    expect(python('job.parse_pid_list(struct.pack("<II2I", 2, 2, 12, 34), 4)')).toEqual([2, [12, 34]]);
  });

  it('reads only the ids listed, and only those the buffer holds, when the job has more processes', () => {
    // More processes than listed: the caller asks again with a bigger buffer.
    expect(python('job.parse_pid_list(struct.pack("<II2Q", 5, 2, 8, 9) + bytes(24), 8)')).toEqual([5, [8, 9]]);
    // A count larger than the buffer (a short read) never reads past its end.
    expect(python('job.parse_pid_list(struct.pack("<II2Q", 5, 5, 8, 9), 8)')).toEqual([5, [8, 9]]);
    expect(python('job.parse_pid_list(struct.pack("<II", 0, 0), 8)')).toEqual([0, []]);
  });
});

describe.skipIf(process.arch !== 'x64' && process.arch !== 'arm64')('windows_job: the limits it sets', () => {
  it('lays out JOBOBJECT_EXTENDED_LIMIT_INFORMATION as 64-bit Windows does (144 bytes, LimitFlags at 16)', () => {
    expect(python('[ctypes.sizeof(job._ExtendedLimits), job._BasicLimits.LimitFlags.offset]')).toEqual([144, 16]);
  });
});
