/**
 * `toolbox-editor mcp FILE|DIR`: the toolbox's tools served to any MCP client (Claude Desktop, VS Code, MCP Inspector),
 * over stdio, or Streamable HTTP on 127.0.0.1 with `--http PORT`.
 */
import { statSync } from 'node:fs';
import path from 'node:path';
import { readJsonText, describeJsonSyntaxError } from '../../../shared/hocon/index';
import { REVIEW_SETTINGS_FILE } from '../../../shared/toolbox/index';
import { describeProjectNeuroSan } from '../../../shared/neurosan/versions/index';
import { errorMessage } from '../../../shared/errorMessage';
import { FileWatcher } from '../../files/fileWatcher';
import { readTextFile } from '../../files/textFiles';
import { defaultToolboxFileOf, projectVersionFacts, versionFactsOfFile, type ProjectVersionFacts } from '../../neurosan/projectVersion';
import { isDirectoryArgument } from '../../project/projectArgument';
import { findProjectRoot, projectRootOf, projectSettingsOf } from '../../project/projectSettingsOnDisk';
import { ToolRunner, type JsonObject } from '../../python';
import { ServedToolbox } from '../../mcp/servedToolbox';
import type { RunContext } from '../../run/runSettingsOnDisk';
import { installedNeuroSanLookupOf, neuroSanVersionOptions, neuroSanVersionUsage, versionLookupOf } from './neuroSanVersionCliSupport';
import { reportSettingsProblems, RUN_OPTION_HELP, RUN_OPTION_SPECS, runContextOfCli, secondsOption } from './runCliSupport';
import { parseCommandLine, UsageError, type CliCommand, type CliIo } from '../command';

/** The variable a fixed HTTP token is read from (so a client's configuration can keep it). */
export const MCP_TOKEN_VARIABLE = 'TOOLBOX_EDITOR_MCP_TOKEN';

export const mcpCommand: CliCommand = {
  name: 'mcp',
  usage: [
    'Usage: toolbox-editor mcp FILE|DIR [--http PORT] [--timeout SECONDS] [--sly-data FILE] [--python PATH] ...',
    '',
    'An MCP server whose tools are the toolbox\'s effective tools (the default toolbox overridden or extended by FILE,',
    'as neuro-san merges them), each with the description and the argument schema neuro-san gives an LLM. A call',
    "runs the real Python class in a warm worker with the project's run settings; a call past its timeout, or",
    'cancelled by the client, is stopped and every process it started is killed. An edit of FILE is announced to',
    'clients (notifications/tools/list_changed). A DIR is a neuro-san project: its toolbox (AGENT_TOOLBOX_INFO_FILE,',
    '.env, conventional place; the default toolbox alone when it has none).',
    '',
    'Without --http it speaks MCP on stdin/stdout (what a client that starts it expects); its messages go to stderr.',
    '',
    'Options:',
    '  --http PORT             Streamable HTTP at http://127.0.0.1:PORT/mcp instead (0: a free port). Every request',
    `                          needs "Authorization: Bearer TOKEN": TOKEN is $${MCP_TOKEN_VARIABLE} when set, else a`,
    '                          random one; the URL and token are printed on stdout. At most 64 sessions are kept,',
    '                          and one unused for 30 minutes is closed (its client gets 404 and initialises again)',
    "  --timeout SECONDS       stop a call after this long (default: the project's, else 30)",
    '  --sly-data FILE         a JSON object: the sly_data of a call that brings none in _meta.sly_data',
    ...neuroSanVersionUsage,
    ...RUN_OPTION_HELP,
  ].join('\n'),
  async run(args, io) {
    const log = (line: string) => io.stderr(`toolbox-editor mcp: ${line}\n`);
    const { served, runner, options } = await openServedToolbox(args, io, log);
    // The SDK is loaded only by the commands that speak MCP: every other command starts without it.
    const { serveHttp, serveStdio } = await import('../../mcp/mcpSessions');
    const watcher = new FileWatcher(() => void served.load());
    try {
      const readAt = mtimeOf(options.file);
      await served.load();
      log(`serving ${served.tools.length} tool${served.tools.length === 1 ? '' : 's'} of ${options.file} as ${describeProjectNeuroSan(options.version.neuroSan)} offers them`);
      // From the version read: an edit made while the classes were loading is announced too.
      watcher.watch(options.file, readAt);
      // The project's .env and run settings decide what the file reads as (a `${?VAR}` the .env sets) and the
      // version: a change to either is read again in the running session, as the app and the language server do.
      for (const settingsFile of projectSettingsFiles(options)) watcher.watch(settingsFile, mtimeOf(settingsFile));
      if (options.port === undefined) {
        await serveStdio(served);
        return 0;
      }
      const http = await serveHttp(served, { port: options.port, ...(io.env[MCP_TOKEN_VARIABLE] ? { token: io.env[MCP_TOKEN_VARIABLE] } : {}), log });
      io.stdout(`Toolbox Editor MCP: ${http.url}\nAuthorization: Bearer ${http.token}\n`);
      await new Promise<void>((resolve) => {
        const stop = () => void http.close().then(resolve);
        process.once('SIGINT', stop);
        process.once('SIGTERM', stop);
      });
      return 0;
    } finally {
      watcher.dispose();
      await runner.dispose();
    }
  },
};

/**
 * The toolbox `mcp ARGS` serves, not yet read, with its worker (the caller disposes it): read as `call` reads it — the
 * run settings' working directory, the neuro-san version the file runs (`--neuro-san-version`, the project's setting,
 * else what the worker's Python has installed, else the pin), that version's default toolbox under it.
 */
export async function openServedToolbox(args: string[], io: CliIo, log: (line: string) => void): Promise<{ served: ServedToolbox; runner: ToolRunner; options: McpOptions }> {
  const parsed = await parseMcpArgs(args, io);
  const { context } = parsed;
  reportSettingsProblems(context, io);
  // Created, not started: its Python starts with the first tools/call (issue #32), never to list the tools.
  const runner = new ToolRunner(context.runner);
  // The version the run's Python has installed, read from its site-packages (no Python the project chose runs), when
  // neither the command line nor the project sets one (as `call`).
  const chosen = parsed.version.neuroSan;
  const interpreter = chosen.from === 'project setting' || chosen.from === 'command line' ? undefined : installedNeuroSanLookupOf(context);
  const installed = interpreter?.version && interpreter.version !== chosen.version ? { interpreter } : undefined;
  const options = { ...parsed, version: installed ? versionFactsOfFile(parsed.file, installed, parsed.versionRoot ?? null) : parsed.version };
  const served = new ServedToolbox({
    file: options.file,
    cwd: options.readFrom,
    env: io.env,
    withDefaults: options.withDefaults,
    runner,
    timeoutMs: context.settings.timeoutSeconds.value * 1000,
    slyData: options.slyData,
    log,
    version: options.version,
  });
  return { served, runner, options };
}

interface McpOptions {
  /** The toolbox served (absolute). */
  file: string;
  /** Where neuro-san reads it from (a top-level include is found there): the run settings' working directory, as `call`. */
  readFrom: string;
  /** The project the file lies in (its version is the project's), when it lies in one. */
  versionRoot?: string;
  withDefaults: boolean;
  port?: number;
  slyData: JsonObject;
  /** The project's run settings, the command line's over them. */
  context: RunContext;
  /** The neuro-san version the tools are offered as (its converter makes the schemas). */
  version: ProjectVersionFacts;
}

async function parseMcpArgs(args: string[], io: CliIo): Promise<McpOptions> {
  const { values, positionals } = parseCommandLine(args, {
    http: { type: 'string' },
    timeout: { type: 'string' },
    'sly-data': { type: 'string' },
    ...neuroSanVersionOptions,
    ...RUN_OPTION_SPECS,
  });
  if (positionals.length !== 1) throw new UsageError('give one toolbox FILE or project DIR');
  const given = positionals[0]!;
  let port: number | undefined;
  if (values.http !== undefined) {
    port = Number(values.http);
    if (!Number.isInteger(port) || port < 0 || port > 65535) throw new UsageError('--http must be a port number from 0 to 65535');
  }
  const timeoutSeconds = secondsOption('--timeout', values.timeout);
  const slyData = values['sly-data'] === undefined ? {} : await readSlyDataFile(path.resolve(io.cwd, values['sly-data']));
  const lookup = versionLookupOf(values);
  let file: string;
  let withDefaults = !(values['no-default'] ?? false);
  let root: string | undefined;
  if (isDirectoryArgument(given, io.cwd)) {
    // A project: its toolbox as neuro-san would find it; without one, neuro-san offers the default toolbox alone.
    root = findProjectRoot(path.resolve(io.cwd, given));
    const toolbox = projectSettingsOf(root, { env: io.env }).AGENT_TOOLBOX_INFO_FILE;
    // The default toolbox of the neuro-san version the project runs (a 0.5.x project's has LangChain tools).
    const defaults = defaultToolboxFileOf(projectVersionFacts(root, lookup).facts);
    if (!toolbox && !defaults) throw new UsageError(`${root} names no toolbox, and the neuro-san version it runs has no default toolbox the editor knows`);
    file = toolbox ? path.resolve(root, toolbox.value) : defaults!;
    if (!toolbox) withDefaults = false;
  } else {
    file = path.resolve(io.cwd, given);
    root = projectRootOf(file);
  }
  const context = runContextOfCli(file, io, values, timeoutSeconds);
  return {
    file,
    // Where `call` reads it and its tools run: the run settings' (--cwd, the project's workingDirectory, its root...).
    readFrom: context.settings.workingDirectory.value,
    ...(root !== undefined ? { versionRoot: root } : {}),
    withDefaults,
    ...(port !== undefined ? { port } : {}),
    slyData,
    context,
    version: versionFactsOfFile(file, lookup, root ?? null),
  };
}

async function readSlyDataFile(file: string): Promise<JsonObject> {
  let text: string;
  try {
    text = (await readTextFile(file)).text;
  } catch (error) {
    throw new UsageError(`--sly-data: ${errorMessage(error)}`);
  }
  const read = readJsonText(text);
  if (!read.ok) throw new UsageError(`--sly-data ${file} is not valid JSON at ${describeJsonSyntaxError(read.error)}`);
  if (read.value === null || typeof read.value !== 'object' || Array.isArray(read.value)) throw new UsageError(`--sly-data ${file} must hold a JSON object`);
  return read.value as JsonObject;
}

/** The project's `.env` and `.toolbox-editor.json` (of its root, else of the file's folder), watched with the file. */
function projectSettingsFiles(options: Pick<McpOptions, 'file' | 'versionRoot'>): string[] {
  const folder = options.versionRoot ?? path.dirname(options.file);
  return ['.env', REVIEW_SETTINGS_FILE].map((name) => path.join(folder, name));
}

function mtimeOf(file: string): number {
  try {
    return statSync(file).mtimeMs;
  } catch {
    return 0;
  }
}
