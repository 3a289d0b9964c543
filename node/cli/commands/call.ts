/**
 * `toolbox-editor call FILE TOOL`: runs one tool of a toolbox file in a real Python worker, with the project's run
 * settings, and prints the result.
 */
import path from 'node:path';
import { describeJsonSyntaxError, readJsonText } from '../../../shared/hocon/index';
import { mcpTarget, targetFromName, toolboxTarget, type McpTarget, type RunRequest } from '../../../shared/run/index';
import { toolBoxFromSpecs, type ToolResult } from '../../toolbox';
import { toolboxOf } from '../../workspace/toolboxOnDisk';
import { factsOfProject } from '../../../shared/neurosan/versions/index';
import { RUN_OPTION_HELP, RUN_OPTION_SPECS, secondsOption, withToolRun } from './runCliSupport';
import { reportUnreadFiles } from './toolboxCliSupport';
import { parseCommandLine, UsageError, type CliCommand, type CliIo } from '../command';

export const callCommand: CliCommand = {
  name: 'call',
  usage: [
    'Usage: toolbox-editor call FILE TOOL [--toolkit-tool NAME] [--args JSON] [--sly-data JSON] [--timeout SECONDS] [--python PATH] [--json]',
    '       toolbox-editor call --mcp URL TOOL [--args JSON] [--sly-data JSON] [--timeout SECONDS] [--json]',
    '',
    'Runs TOOL from the toolbox FILE (.hocon or .json, layered over neuro-san\'s default toolbox as neuro-san does)',
    "in a Python worker, with the project's run settings (docs/testing.md, \"Run settings\"), and prints its content. Exits 1",
    "when the result is an error. A toolkit entry's tools: --toolkit-tool NAME, or TOOL written <entry>_<tool>.",
    'A FILE or TOOL that starts with - goes after --, the options before it:',
    '  toolbox-editor call --args \'{}\' -- toolbox_info.hocon -my_tool',
    '',
    'Options:',
    '  --toolkit-tool NAME     for a toolkit entry: which of its tools (its own name)',
    '  --args JSON             the tool\'s arguments (default {}), sent as written: 1.0 is a float and',
    '                          12345678901234567890 an exact int to Python, as in neuro-san',
    '  --sly-data JSON         sly_data for the call, an object (default {})',
    "  --timeout SECONDS       stop the tool after this long (default: the project's, else 30)",
    ...RUN_OPTION_HELP,
    '  --agent-network PATH    the agent network path used to walk up AGENT_TOOL_PATH (e.g. team/sub)',
    '  --send-invalid          send arguments even if they do not match the tool\'s parameters',
    '  --json                  print one JSON object: content, isError, durationMs, stdout, stderr, logging, slyData',
    "                          (and argumentWarnings: what the project's neuro-san version does not know of the",
    '                          parameters, also printed on stderr without --json)',
    '  --mcp URL               call TOOL of the MCP server at URL instead (Streamable HTTP, as neuro-san connects),',
    '                          by the name the server gives it or the one neuro-san gives the LLM (a__b for a/b);',
    "                          headers and OAuth client credentials from sly_data's http_headers / mcp_client_info",
    '                          for URL, else from the MCP info file neuro-san would read here (AGENT_MCP_INFO_FILE or',
    "                          MCP_SERVERS_INFO_FILE, by the project's neuro-san version)",
  ].join('\n'),
  async run(args, io) {
    const parsed = parseCommandLine(args, {
      'toolkit-tool': { type: 'string' },
      args: { type: 'string' },
      'sly-data': { type: 'string' },
      timeout: { type: 'string' },
      ...RUN_OPTION_SPECS,
      'agent-network': { type: 'string' },
      'send-invalid': { type: 'boolean' },
      json: { type: 'boolean' },
      mcp: { type: 'string' },
    });
    const { values, positionals } = parsed;
    const slyData = values['sly-data'] === undefined ? undefined : parseJson('--sly-data', values['sly-data']);
    if (slyData !== undefined && (slyData === null || typeof slyData !== 'object' || Array.isArray(slyData))) throw new UsageError('--sly-data must be a JSON object');
    const timeoutSeconds = secondsOption('--timeout', values.timeout);
    const argsJson = values.args === undefined ? '{}' : jsonText('--args', values.args);
    if (values.mcp !== undefined) {
      if (positionals.length !== 1) throw new UsageError('with --mcp URL, give the TOOL name alone');
      const { callMcpTool } = await import('./callMcp');
      const request: RunRequest & { target: McpTarget } = {
        target: mcpTarget(values.mcp, positionals[0]!),
        argsJson,
        ...(slyData !== undefined ? { slyData: slyData as Record<string, unknown> } : {}),
        ...(timeoutSeconds !== undefined ? { timeoutSeconds } : {}),
      };
      return callMcpTool(request, values.json ?? false, io);
    }
    if (positionals.length !== 2) throw new UsageError('give a toolbox FILE and a TOOL name');
    const [file, tool] = positionals as [string, string];

    const agentNetwork = values['agent-network'];
    return withToolRun(file, io, values, { ...(agentNetwork !== undefined ? { agentNetwork } : {}), unread: (unread) => Math.sign(reportUnreadFiles(unread, io)) }, async ({ loaded, specs, runner }) => {
      const toolkitTool = values['toolkit-tool'];
      const request: RunRequest = {
        target: toolkitTool !== undefined ? toolboxTarget(tool, toolkitTool) : targetFromName(tool, toolboxOf(loaded).tools),
        argsJson,
        ...(slyData !== undefined ? { slyData: slyData as Record<string, unknown> } : {}),
        ...(timeoutSeconds !== undefined ? { timeoutSeconds } : {}),
        ...(values['send-invalid'] ? { sendInvalidArgs: true } : {}),
      };
      // The arguments' schema is read as the neuro-san version the file is checked for reads it (`int` is integer).
      const result = await toolBoxFromSpecs(specs.specs, runner, specs.problems, path.basename(file)).call(request, { neuroSan: factsOfProject(loaded.neuroSan) });
      printResult(result, values.json ?? false, io);
      return result.isError ? 1 : 0;
    });
  },
};

function parseJson(option: string, text: string): unknown {
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
      ...(result.argumentWarnings ? { argumentWarnings: result.argumentWarnings } : {}),
    };
    io.stdout(`${JSON.stringify(report)}\n`);
    return;
  }
  // What the check of the arguments could not say for sure, before what the tool printed.
  for (const warning of result.argumentWarnings ?? []) io.stderr(`toolbox-editor call: warning: arguments: ${warning}\n`);
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
