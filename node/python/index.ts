/** The Python side of test runs: what the API wiring and the CLI use. */
export { ToolRunner, DEFAULT_TIMEOUT_MS, DEFAULT_MAX_OUTPUT_BYTES } from './toolRunner';
export type { ToolRunnerOptions, CallControl, DescribeResult } from './toolRunner';
export { WorkerPool } from './workerPool';
export type { ToolRunResult, RunErrorKind } from './runResult';
export type { PythonEnvironmentOptions } from './workerOptions';
export type {
  ContentType,
  JsonObject,
  ToolDescription,
  CodedToolDescription,
  LangChainToolDescription,
  ToolkitDescription,
  DescribedTool,
  WorkerInfoReply,
} from './workerProtocol';
