/** The ToolBox and its Python-backed tools: what the API wiring and the CLI use. */
export { ToolBox, toolNotFound } from './toolBox';
export type { Tool, ToolCallContext, ToolHandler, ToolOutput, ToolResult, ToolRunDetails } from './toolBox';
export { toolBoxFromSpecs } from './pythonTools';
export { classInfoFromDescription } from './classInfo';
export { loadToolSpecs, runnableSpecs, ToolSpecLoadError } from './loadToolSpecs';
export type { ToolSpecs, EntryProblem, LoadOptions } from './loadToolSpecs';
