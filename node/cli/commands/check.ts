/**
 * `toolbox-editor check FILE`: preflight of every entry the user wrote, in the chosen interpreter, without calling
 * any tool (see node/preflight/preflightToolbox.ts).
 */
import { factsOfProject } from '../../../shared/neurosan/versions/index';
import { diagnosticsJson, formatDiagnosticLine } from '../../../shared/toolbox/index';
import { DEFAULT_TIME_LIMIT_MS, preflightToolbox, summaryLines } from '../../preflight/preflightToolbox';
import { toolboxOf } from '../../workspace/toolboxOnDisk';
import { parseCommandLine, UsageError, type CliCommand } from '../command';
import { RUN_OPTION_HELP, RUN_OPTION_SPECS, withToolRun } from './runCliSupport';
import { reportUnreadFiles } from './toolboxCliSupport';

export const checkCommand: CliCommand = {
  name: 'check',
  usage: [
    'Usage: toolbox-editor check FILE [--python P] [--pythonpath DIR]... [--timeout SECONDS] [--json]',
    '',
    "Asks the interpreter, with the project's run settings and without calling any tool, for every entry FILE defines:",
    "does its class import, found as a run finds it (a coded tool's class only where the project's neuro-san version",
    'looks: PYTHONPATH, AGENT_TOOL_PATH and its walk-up)? A LangChain class (and each nested {class, args}): does it',
    'accept the args (names, required ones, types, from its signature or pydantic fields), and are the environment',
    'variables its fields read by default set (names only, never values)? A coded class: does it define invoke or',
    'async_invoke, and which args keys does its code read (best effort, from the source)?',
    'Importing a module runs its code: each entry gets 10 s, the whole a time limit.',
    'Prints one line per problem (FILE:LINE:COLUMN SEVERITY RULE MESSAGE), then a summary. Exits 1 on any problem.',
    '',
    'Options:',
    ...RUN_OPTION_HELP,
    '  --agent-network PATH    the agent network path used to walk up AGENT_TOOL_PATH (e.g. team/sub)',
    `  --timeout SECONDS       time limit of the whole check (default ${DEFAULT_TIME_LIMIT_MS / 1000})`,
    '  --json                  the problems as `validate --json` prints them, each naming its tool; the summary on stderr',
  ].join('\n'),
  async run(args, io) {
    const parsed = parseCommandLine(args, { ...RUN_OPTION_SPECS, 'agent-network': { type: 'string' }, timeout: { type: 'string' }, json: { type: 'boolean' } });
    if (parsed.positionals.length !== 1) throw new UsageError('give exactly one FILE');
    let timeLimitMs = DEFAULT_TIME_LIMIT_MS;
    if (parsed.values.timeout !== undefined) {
      const seconds = Number(parsed.values.timeout);
      if (!Number.isFinite(seconds) || seconds <= 0) throw new UsageError('--timeout must be a positive number of seconds');
      timeLimitMs = seconds * 1000;
    }
    const file = parsed.positionals[0] as string;
    const agentNetwork = parsed.values['agent-network'];
    return withToolRun(file, io, parsed.values, { unread: (unread) => Math.sign(reportUnreadFiles(unread, io)) }, async ({ loaded, runner, context }) => {
      const python = context.settings.python.value;
      const report = await preflightToolbox(toolboxOf(loaded), runner, { timeLimitMs, neuroSan: factsOfProject(loaded.neuroSan), ...(agentNetwork !== undefined ? { agentNetwork } : {}) });
      const summary = summaryLines(report.summary, python, timeLimitMs).map((line) => `${line}\n`).join('');
      if (parsed.values.json) {
        io.stdout(diagnosticsJson(report.diagnostics));
        io.stderr(summary);
      } else {
        for (const d of report.diagnostics) io.stdout(`${formatDiagnosticLine(d)}\n`);
        io.stdout(summary);
      }
      const problems = report.diagnostics.length > 0 || report.summary.notChecked.length > 0 || report.summary.error !== undefined;
      return problems ? 1 : 0;
    });
  },
};
