/**
 * `toolbox-editor test FILE`: runs the saved test cases beside a toolbox file (the ones the app's "Save as test case"
 * writes) and exits non-zero when one fails, so a CI job runs the same checks as the app.
 */
import path from 'node:path';
import { ToolRunner, type JsonObject } from '../../python';
import { loadToolSpecs, toolCaller } from '../../toolbox';
import { caseArgsJson, readTestCaseFile, testCaseFileFor, type StoredCase } from '../../testcases/testCaseFile';
import { runCases } from '../../testcases/runCases';
import { PYTHON_OPTION_HELP, PYTHON_OPTION_SPECS, pythonSettings } from './pythonCliSupport';
import { parseCommandLine, UsageError, type CliCommand } from '../command';

export const testCommand: CliCommand = {
  name: 'test',
  summary: "run a toolbox's saved test cases (FILE's .tests.json); exit 1 if one fails",
  usage: [
    'Usage: toolbox-editor test FILE [--cases CASES.json] [--only NAME]... [--python PATH] [--pythonpath DIR]... [--agent-tool-path PATH] [--no-default]',
    '',
    'Runs every case of the test case file beside the toolbox FILE (toolbox_info.hocon -> toolbox_info.tests.json),',
    'one after another in a Python worker, and prints one line per case. Exits 0 when all pass, 1 when one fails',
    'or the cases cannot be read. The file format is described in the README ("Saved test cases").',
    '',
    'Options:',
    '  --cases PATH            the test case file (default: beside FILE)',
    '  --only NAME             run only the case with this name (repeatable)',
    ...PYTHON_OPTION_HELP,
  ].join('\n'),
  async run(args, io) {
    const options = parseTestArgs(args);
    const toolboxFile = path.resolve(io.cwd, options.file);
    const casesFile = options.cases ? path.resolve(io.cwd, options.cases) : testCaseFileFor(toolboxFile);
    const content = await readTestCaseFile(casesFile); // a damaged file throws: main prints it and exits 1
    if (!content) {
      io.stderr(`toolbox-editor test: no test cases at ${casesFile} (save some with "Save as test case" in the Test run pane)\n`);
      return 1;
    }
    const unknown = options.only.filter((name) => !content.cases.some((c) => c.name === name));
    if (unknown.length) throw new UsageError(`no case named ${unknown.map((n) => `'${n}'`).join(', ')} in ${casesFile}`);
    const cases = options.only.length ? content.cases.filter((c) => options.only.includes(c.name)) : content.cases;

    const specs = await loadToolSpecs(toolboxFile, { cwd: io.cwd, env: io.env, withDefaults: options.withDefaults });
    const runner = new ToolRunner({
      env: io.env,
      cwd: io.cwd,
      ...(options.python !== undefined ? { python: options.python } : {}),
      ...(options.agentToolPath !== undefined ? { agentToolPath: options.agentToolPath } : {}),
      pythonPath: options.pythonPath,
    });
    try {
      const callTool = toolCaller(specs.specs, specs.problems, runner, options.file);
      const call = (testCase: StoredCase) =>
        callTool(
          // The args' text as the file writes it, sent as it is: 1.0 stays a float for Python.
          { name: testCase.toolkit_tool ? `${testCase.tool}_${testCase.toolkit_tool}` : testCase.tool, arguments: caseArgsJson(testCase) },
          {
            slyData: (testCase.sly_data ?? {}) as JsonObject,
            ...(testCase.timeout_seconds !== undefined ? { timeoutMs: testCase.timeout_seconds * 1000 } : {}),
            sendInvalid: testCase.send_invalid_args ?? false,
          },
        );
      const outcomes = await runCases(cases, call, (o) => {
        const ms = `${Math.round(o.durationMs)} ms`;
        if (o.verdict.pass) io.stdout(`ok    ${o.name} (${ms})\n`);
        else io.stdout(`FAIL  ${o.name} (${ms})\n      ${o.verdict.reason}\n`);
      });
      const failed = outcomes.filter((o) => !o.verdict.pass).length;
      io.stdout(`${outcomes.length - failed} passed, ${failed} failed (${path.relative(io.cwd, casesFile) || casesFile})\n`);
      return failed ? 1 : 0;
    } finally {
      await runner.dispose();
    }
  },
};

interface TestOptions {
  file: string;
  cases?: string;
  only: string[];
  python?: string;
  pythonPath: string[];
  agentToolPath?: string;
  withDefaults: boolean;
}

function parseTestArgs(args: string[]): TestOptions {
  const parsed = parseCommandLine(args, {
    cases: { type: 'string' },
    only: { type: 'string', multiple: true },
    ...PYTHON_OPTION_SPECS,
  });
  const { values, positionals } = parsed;
  if (positionals.length !== 1) throw new UsageError('give exactly one toolbox FILE');
  return {
    file: positionals[0]!,
    ...(values.cases !== undefined ? { cases: values.cases } : {}),
    only: values.only ?? [],
    ...pythonSettings(values),
  };
}
