/**
 * The format of a saved test case file (`<toolbox>.tests.json`; docs/testing.md, "Saved test cases"), as a schema the file is
 * checked against when read. Version 2 only adds expectations (shared/run/expectation.ts); both are read alike.
 */
import { Type } from '@sinclair/typebox';
import { ExpectationT } from '../../shared/api/index';
import { TIMEOUT_SECONDS } from '../../shared/run/index';

export const CaseEntryT = Type.Object(
  {
    name: Type.String({ minLength: 1 }),
    /** A case of an MCP server's tool: the server's URL. */
    mcp_server: Type.Optional(Type.String({ minLength: 1 })),
    tool: Type.String({ minLength: 1 }),
    toolkit_tool: Type.Optional(Type.String({ minLength: 1 })),
    args: Type.Unknown(),
    sly_data: Type.Optional(Type.Record(Type.String(), Type.Unknown())),
    timeout_seconds: Type.Optional(Type.Number({ minimum: TIMEOUT_SECONDS.min, maximum: TIMEOUT_SECONDS.max })),
    send_invalid_args: Type.Optional(Type.Boolean()),
    expect: ExpectationT,
  },
  { additionalProperties: false },
);

export const CaseFileT = Type.Object({
  version: Type.Union([Type.Literal(1), Type.Literal(2)]),
  cases: Type.Array(CaseEntryT),
});
