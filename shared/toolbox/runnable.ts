import type { JsonValue } from '../hocon/index';

/**
 * What the test-run side needs to know about one tool to construct and call it: the part of a toolbox entry that
 * the Python worker uses. The toolbox model (shared/toolbox/) produces these from the effective toolbox; the ToolBox
 * in node/toolbox/ turns them into handlers.
 */
export const TOOL_KINDS = ['coded', 'langchain', 'toolkit'] as const;
export type ToolKind = (typeof TOOL_KINDS)[number];

/** A JSON value as it appears in a resolved toolbox file (args, parameters): HOCON's one JsonValue. */
export type { JsonValue };

export interface RunnableToolSpec {
  /** The entry's key: the tool's name. */
  name: string;
  /** `coded` when the entry has a description, otherwise `langchain` (a `toolkit` once its class is loaded). */
  kind: ToolKind;
  /** `class` as written: `module.Class` for coded tools, `package.module.Class` for LangChain tools. */
  className: string;
  /** LangChain constructor arguments; dicts with a `class` key are built recursively. */
  args?: { [key: string]: JsonValue };
  /**
   * `args` as JSON text that Python's json reads into the values pyhocon gives neuro-san (exact big integers, `1.0`
   * a float), which `args`' JavaScript numbers cannot carry. What the worker builds the tool with when set.
   */
  argsJson?: string;
  description?: string;
  /** JSON Schema of the arguments the LLM sends (coded tools). */
  parameters?: { [key: string]: JsonValue };
}
