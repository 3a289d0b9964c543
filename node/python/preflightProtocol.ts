/**
 * The worker's requests beyond call/describe/info (resources/python/tbe_worker/extra_ops.py): preflight of one entry,
 * where a class's source is, and whether a module imports. None of them calls a tool.
 */
import type { WorkerClassLookup, WorkerToolSpec } from './workerProtocol';

export interface WorkerPreflightRequest extends WorkerClassLookup {
  op: 'preflight';
  spec: WorkerToolSpec;
}

export interface WorkerLocateRequest extends WorkerClassLookup {
  op: 'locate';
  spec: WorkerToolSpec;
}

export interface WorkerCanImportRequest {
  op: 'can_import';
  module: string;
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
  /** Where the class is defined, when it imported and has source. */
  file: string | null;
  line: number | null;
}

export interface WorkerLocateReply {
  id: number;
  ok: true;
  file: string;
  line: number;
}

export interface WorkerCanImportReply {
  id: number;
  ok: true;
  importable: boolean;
  /** The module's file, when it imported from one. */
  file: string | null;
}
