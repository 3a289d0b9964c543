/**
 * The worker's request beyond call/describe/info (resources/python/tbe_worker/extra_ops.py): preflight of one entry
 * ("Check all tools", `check`: an explicit run). It calls no tool. Where a class's source is and whether a module
 * exists are read from files instead (node/python/classSource.ts): they run no project code.
 */
import type { WorkerClassLookup, WorkerToolSpec } from './workerProtocol';

export interface WorkerPreflightRequest extends WorkerClassLookup {
  op: 'preflight';
  spec: WorkerToolSpec;
}

/** One thing preflight found; `at` is the path of keys inside the entry it is about (`["args", "k"]`). */
export interface PreflightFinding {
  severity: 'error' | 'warning';
  rule: string;
  message: string;
  at: string[];
}

export interface WorkerPreflightReply {
  id: number;
  ok: true;
  findings: PreflightFinding[];
  /** Top-level packages that are not installed, which the class (or a nested one) needs. */
  missingPackages: string[];
  /** A coded tool's top-level module that is neither installed nor on the path (perhaps the user's own). */
  modulesNotFound?: string[];
  /** Where the class is defined, when it imported and has source. */
  file: string | null;
  line: number | null;
}

