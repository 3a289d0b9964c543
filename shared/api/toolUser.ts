/** An agent that uses a tool (or names an MCP server): where, in the project. Shared by projectApi.ts and mcpApi.ts. */
import { Type } from '@sinclair/typebox';

export const ToolUserT = Type.Object({
  /** Relative to the project root. */
  network: Type.String(),
  /** Where the reference is written (the network or a file it includes); offset and length are in it. */
  file: Type.String(),
  agent: Type.String(),
  line: Type.Integer(),
  column: Type.Integer(),
  offset: Type.Integer(),
  length: Type.Integer(),
});
