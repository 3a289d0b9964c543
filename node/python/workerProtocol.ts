/**
 * The messages between the Node side and the Python worker (resources/python/tbe_worker/server.py).
 * Every request carries an `id`; the worker answers each with exactly one reply carrying the same id.
 */
import { codedClassWays, versionWords, type CodedClassWay, type NeuroSanFacts } from '../../shared/neurosan/versions/index';
import type { NeuroSanCheck } from '../../shared/toolbox/index';
import type { RunRequest } from '../../shared/run/index';
import type { JsonValue, RunnableToolSpec } from '../../shared/toolbox/index';
import type {
  WorkerPreflightReply,
  WorkerPreflightRequest,
} from './preflightProtocol';

export type JsonObject = { [key: string]: JsonValue };

/**
 * A spec as the worker receives it: the constructor args only as JSON text, so that what the text keeps (exact big
 * integers, `1.0` as a float) is what the tool gets; Python's json.loads reads it.
 */
export type WorkerToolSpec = Omit<RunnableToolSpec, 'args' | 'argsJson'> & { argsJson?: string };

export function toWorkerSpec(spec: RunnableToolSpec): WorkerToolSpec {
  const { args, argsJson, ...rest } = spec;
  // A spec made in code (tests) has no text: its numbers were JavaScript's from the start.
  const text = argsJson ?? (args ? JSON.stringify(args) : undefined);
  return text === undefined ? rest : { ...rest, argsJson: text };
}

/**
 * How the worker finds a coded tool's class, in every request that opens one (call, describe, preflight, locate):
 * each finds the class the same way (tbe_worker/server.py Worker.coded_class), so none calls a class fine that a run
 * would not find.
 */
export interface WorkerClassLookup {
  /** The agent network's path (e.g. `team/sub`), for the AGENT_TOOL_PATH walk-up of coded tools. */
  agentNetwork?: string;
  /**
   * The neuro-san version the project runs: a coded tool's class is found only as it would find it
   * (tbe_worker/neurosan_lookup.py). Absent: the runner's lenient lookup (fully qualified, then AGENT_TOOL_PATH).
   */
  neuroSan?: WorkerNeuroSanLookup;
}

/** The lookup fields of a request, from the network and the project's neuro-san facts (either may be absent). */
export function workerClassLookup(options: { agentNetwork?: string | undefined; neuroSan?: NeuroSanFacts | undefined }): WorkerClassLookup {
  const { agentNetwork, neuroSan } = options;
  return {
    ...(agentNetwork ? { agentNetwork } : {}),
    ...(neuroSan ? { neuroSan: { version: versionWords(neuroSan), lookups: codedClassWays(neuroSan) } } : {}),
  };
}

export interface WorkerCallRequest extends WorkerClassLookup {
  op: 'call';
  spec: WorkerToolSpec;
  /**
   * The run request as the pane, a saved case or the CLI made it (shared/run/runRequest.ts), unchanged: the worker
   * reads its `argsJson` with json.loads as neuro-san reads an LLM's tool-call arguments (`1.0` a float, big integers
   * exact), its `slyData`, and for a toolkit entry its `target.toolkitTool`.
   */
  run: RunRequest;
  maxOutputBytes: number;
}

export interface WorkerNeuroSanLookup {
  /** `neuro-san 0.5.55`, for the line saying it would not find the class. */
  version: string;
  lookups: CodedClassWay[];
}

export interface WorkerDescribeRequest extends WorkerClassLookup {
  op: 'describe';
  spec: WorkerToolSpec;
}

export interface WorkerInfoRequest {
  op: 'info';
}

export type WorkerRequest =
  | WorkerCallRequest
  | WorkerDescribeRequest
  | WorkerInfoRequest
  | WorkerNeuroSanRequest
  | WorkerPreflightRequest
;
/** Load a toolbox file with the installed neuro-san's own code (tbe_worker/neurosan_check.py). */
export interface WorkerNeuroSanRequest {
  op: 'neurosan';
  /** The file as neuro-san is given it (AGENT_TOOLBOX_INFO_FILE). */
  file: string;
  /** The working directory neuro-san runs in (where a top-level include is looked up). */
  cwd: string;
}


/** How the worker renders a return value: a string as is, JSON text, or Python's repr. */
export type ContentType = 'text' | 'json' | 'repr';

export interface CapturedOutput {
  stdout: string;
  stderr: string;
  logging: string;
}

export interface WorkerCallReply extends CapturedOutput {
  id: number;
  ok: true;
  isError: boolean;
  content: string;
  contentType: ContentType;
  /** `load`: the class could not be found or built; `tool`: the tool raised; `validation`: json.loads refused the input. */
  errorKind?: 'load' | 'tool' | 'validation';
  traceback?: string;
  slyData: JsonObject;
  /** Time spent in the worker on this call. */
  pythonMs: number;
}

/** A tool's argument schema as its class reports it. */
export interface DescribedTool {
  /** The name the toolbox knows it by (`<entry>_<tool>` for a toolkit's tools). */
  name: string;
  /** The tool's own `name` attribute. */
  toolName: string;
  description: string | null;
  argsSchema: JsonObject | null;
}

export interface CodedToolDescription {
  kind: 'coded';
  className: string;
  module: string;
  file: string | null;
  doc: string | null;
  /** Whether the class (or a base other than CodedTool) defines async_invoke. */
  asyncInvoke: boolean;
}

export interface LangChainToolDescription extends DescribedTool {
  kind: 'langchain';
  className: string;
}

export interface ToolkitDescription {
  kind: 'toolkit';
  name: string;
  className: string;
  tools: DescribedTool[];
}

export type ToolDescription = CodedToolDescription | LangChainToolDescription | ToolkitDescription;

export interface WorkerDescribeReply extends CapturedOutput {
  id: number;
  ok: true;
  description: ToolDescription;
}

export interface WorkerInfoReply {
  id: number;
  ok: true;
  python: string;
  executable: string;
  pid: number;
  cwd: string;
  sysPath: string[];
  agentToolPath: string | null;
  /** The installed neuro-san's version (importlib.metadata; nothing of it imported), null when it is not installed. */
  neuroSanVersion: string | null;
}

export interface WorkerFailureReply extends Partial<CapturedOutput> {
  id: number;
  ok: false;
  error: string;
  errorKind: 'load' | 'protocol';
  traceback?: string;
}

export interface WorkerNeuroSanReply extends CapturedOutput {
  id: number;
  ok: true;
  check: NeuroSanCheck;
}

export type WorkerReply =
  | WorkerCallReply
  | WorkerDescribeReply
  | WorkerInfoReply
  | WorkerNeuroSanReply
  | WorkerPreflightReply
  | WorkerFailureReply;
