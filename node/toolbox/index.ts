/** The ToolBox and its Python-backed tools: what the API wiring and the CLI use. */
export { ToolBox } from './toolBox';
export type { Tool, ToolCall, ToolCallContext, ToolHandler, ToolOutput, ToolResult, ToolRunDetails } from './toolBox';
export { pythonTool, toolBoxFromSpecs, describedToolBox } from './pythonTools';
export type { DescribedToolBox } from './pythonTools';
export { checkArgs } from './validateArgs';
export type { ArgsCheck } from './validateArgs';
export { classInfoFromDescription } from './classInfo';
export { loadToolSpecs, ToolSpecLoadError } from './loadToolSpecs';
export type { ToolSpecs, EntryProblem, LoadOptions } from './loadToolSpecs';
