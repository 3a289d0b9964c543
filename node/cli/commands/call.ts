/**
 * `toolbox-editor call FILE TOOL`: runs one tool of a toolbox file in a real Python worker and prints the result.
 */
import path from 'node:path';
import { describeJsonSyntaxError, readJsonText } from '../../../shared/hocon/index';
import type { JsonValue } from '../../../shared/toolbox/index';
import { ToolRunner, type JsonObject } from '../../python';
import { loadToolSpecs, toolCaller, type ToolResult } from '../../toolbox';
import { PYTHON_OPTION_HELP, PYTHON_OPTION_SPECS, pythonSettings } from './pythonCliSupport';
import { parseCommandLine, UsageError, type CliCommand, type CliIo } from '../command';

export const callCommand: CliCommand = {
  name: 'call',
  summary: 'run one tool of a toolbox file with chosen arguments and sly_data',
  usage: [
    'Usage: toolbox-editor call FILE TOOL [--args JSON] [--sly-data JSON] [--timeout SECONDS] [--python PATH] [--json]',
    '       toolbox-editor call --mcp URL TOOL [--args JSON] [--sly-data JSON] [--timeout SECONDS] [--json]',
    '',
    'Runs TOOL from the toolbox FILE (.hocon or .json, layered over neuro-san\'s default toolbox as neuro-san does)',
    'in a Python worker and prints its content. Exits 1 when the result is an error. A toolkit entry\'s tools are',
    'named <entry>_<tool>. A FILE or TOOL that starts with - goes after --, the options before it:',
    '  toolbox-editor call --args \'{}\' -- toolbox_info.hocon -my_tool',
    '',
    'Options:',
    '  --args JSON             the tool\'s arguments (default {}), sent as written: 1.0 is a float and',
    '                          12345678901234567890 an exact int to Python, as in neuro-san',
    '  --sly-data JSON         sly_data for the call, an object (default {})',
    '  --timeout SECONDS       stop the tool after this long (default 30)',
    ...PYTHON_OPTION_HELP,
    '  --agent-network PATH    the agent network path used to walk up AGENT_TOOL_PATH (e.g. team/sub)',
    '  --send-invalid          send arguments even if they do not match the tool\'s parameters',
    '  --json                  print one JSON object: content, isError, durationMs, stdout, stderr, logging, slyData',
    '  --mcp URL               call TOOL of the MCP server at URL instead (Streamable HTTP, as neuro-san connects),',
    '                          by the name the server gives it or the one neuro-san gives the LLM (a__b for a/b);',
    '                          headers and OAuth client credentials from sly_data\'s http_headers / mcp_client_info',
    '                          for URL, else from the MCP info file neuro-san reads here ($AGENT_MCP_INFO_FILE, else',
    '                          the deprecated $MCP_SERVERS_INFO_FILE, else the project\'s .env or conventional place)',
  ].join('\n'),
  async run(args, io) {
    const options = parseCallArgs(args);
    if (options.mcp !== undefined) {
      // Python's options mean nothing to a server's tool.
      const { callMcpTool } = await import('./callMcp');
      return callMcpTool({ url: options.mcp, tool: options.tool, args: options.args, slyData: options.slyData, json: options.json, ...(options.timeoutMs !== undefined ? { timeoutMs: options.timeoutMs } : {}) }, io);
    }
    const specs = await loadToolSpecs(path.resolve(io.cwd, options.file), {
      cwd: io.cwd,
      env: io.env,
      withDefaults: options.withDefaults,
    });
    const runner = new ToolRunner({
      env: io.env,
      cwd: io.cwd,
      ...(options.python !== undefined ? { python: options.python } : {}),
      ...(options.agentToolPath !== undefined ? { agentToolPath: options.agentToolPath } : {}),
      ...(options.agentNetwork !== undefined ? { agentNetwork: options.agentNetwork } : {}),
      pythonPath: options.pythonPath,
    });
    try {
      const result = await toolCaller(specs.specs, specs.problems, runner, options.file)(
        { name: options.tool, arguments: options.args },
        {
          slyData: options.slyData,
          ...(options.timeoutMs !== undefined ? { timeoutMs: options.timeoutMs } : {}),
          sendInvalid: options.sendInvalid,
        },
      );
      printResult(result, options.json, io);
      return result.isError ? 1 : 0;
    } finally {
      await runner.dispose();
    }
  },
};

interface CallOptions {
  /** With `--mcp URL`: the server to call TOOL of (no FILE). */
  mcp?: string;
  file: string;
  tool: string;
  /** The arguments' JSON text, as given. */
  args: string;
  slyData: JsonObject;
  timeoutMs?: number;
  python?: string;
  pythonPath: string[];
  agentToolPath?: string;
  agentNetwork?: string;
  sendInvalid: boolean;
  withDefaults: boolean;
  json: boolean;
}

function parseCallArgs(args: string[]): CallOptions {
  const parsed = parseCommandLine(args, {
    args: { type: 'string' },
    'sly-data': { type: 'string' },
    timeout: { type: 'string' },
    ...PYTHON_OPTION_SPECS,
    'agent-network': { type: 'string' },
    'send-invalid': { type: 'boolean' },
    json: { type: 'boolean' },
    mcp: { type: 'string' },
  });
  const { values, positionals } = parsed;
  const mcp = values.mcp;
  if (mcp !== undefined && positionals.length !== 1) throw new UsageError('with --mcp URL, give the TOOL name alone');
  if (mcp === undefined && positionals.length !== 2) throw new UsageError('give a toolbox FILE and a TOOL name');
  const [file, tool] = (mcp !== undefined ? ['', positionals[0]] : positionals) as [string, string];
  const slyData = values['sly-data'] === undefined ? {} : parseJson('--sly-data', values['sly-data']);
  if (slyData === null || typeof slyData !== 'object' || Array.isArray(slyData)) {
    throw new UsageError('--sly-data must be a JSON object');
  }
  let timeoutMs: number | undefined;
  if (values.timeout !== undefined) {
    const seconds = Number(values.timeout);
    if (!Number.isFinite(seconds) || seconds <= 0) throw new UsageError('--timeout must be a positive number of seconds');
    timeoutMs = seconds * 1000;
  }
  return {
    ...(mcp !== undefined ? { mcp } : {}),
    file,
    tool,
    args: values.args === undefined ? '{}' : jsonText('--args', values.args),
    slyData,
    ...(timeoutMs !== undefined ? { timeoutMs } : {}),
    ...pythonSettings(values),
    ...(values['agent-network'] !== undefined ? { agentNetwork: values['agent-network'] } : {}),
    sendInvalid: values['send-invalid'] ?? false,
    json: values.json ?? false,
  };
}

function parseJson(option: string, text: string): JsonValue {
  const read = readJsonText(text);
  if (!read.ok) throw new UsageError(`${option} is not valid JSON at ${describeJsonSyntaxError(read.error)}`);
  return read.value;
}

/** The text itself, once it is known to be JSON: it goes to the tool as written. */
function jsonText(option: string, text: string): string {
  parseJson(option, text);
  return text;
}

export function printResult(result: ToolResult, json: boolean, io: CliIo): void {
  if (json) {
    const report = {
      content: result.content,
      isError: result.isError,
      durationMs: Math.round(result.durationMs * 1000) / 1000,
      stdout: result.stdout ?? '',
      stderr: result.stderr ?? '',
      logging: result.logging ?? '',
      slyData: result.slyData ?? null,
      ...(result.errorKind ? { errorKind: result.errorKind } : {}),
      ...(result.contentType ? { contentType: result.contentType } : {}),
      ...(result.traceback ? { traceback: result.traceback } : {}),
      ...(result.validationErrors ? { validationErrors: result.validationErrors } : {}),
    };
    io.stdout(`${JSON.stringify(report)}\n`);
    return;
  }
  // The tool's own output goes to stderr, so stdout holds only the content.
  for (const [label, text] of [
    ['stdout', result.stdout],
    ['stderr', result.stderr],
    ['logging', result.logging],
  ] as const) {
    if (text) io.stderr(`--- tool ${label} ---\n${text}${text.endsWith('\n') ? '' : '\n'}`);
  }
  const line = result.content.endsWith('\n') ? result.content : `${result.content}\n`;
  if (!result.isError) {
    io.stdout(line);
    return;
  }
  // A traceback already ends with the exception's line, which is the content: print it once.
  if (result.traceback) io.stderr(result.traceback.endsWith(line) ? result.traceback : result.traceback + line);
  else io.stderr(line);
}
