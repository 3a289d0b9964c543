/**
 * `toolbox-editor test FILE`: runs the saved test cases beside a toolbox file (the ones the app's Test run pane saves)
 * with the project's run settings, and exits non-zero when one fails or could not run, so a CI job makes the same
 * checks as the app — from any folder, with no options.
 */
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { targetLabel, type SavedCase } from '../../../shared/run/index';
import { factsOfProject } from '../../../shared/neurosan/versions/index';
import { toolBoxFromSpecs } from '../../toolbox';
import { projectRootOf } from '../../project/projectSettingsOnDisk';
import { readCaseFile, testCaseFileFor } from '../../testcases/testCaseFile';
import { countsLine, runCases, type CaseResult } from '../../testcases/runCases';
import { junitReport } from '../../testcases/junitReport';
import { writeFileAtomic } from '../../files/atomicWrite';
import { checkWriteBounds, outputWriteRoot } from '../../files/folderBounds';
import { RUN_OPTION_HELP, RUN_OPTION_SPECS, secondsOption, withToolRun } from './runCliSupport';
import { parseCommandLine, UsageError, type CliCommand, type CliIo } from '../command';

export const testCommand: CliCommand = {
  name: 'test',
  usage: [
    'Usage: toolbox-editor test FILE [--cases CASES.json] [--only NAME]... [--junit REPORT.xml] [--json] [--timeout SECONDS] [--python PATH] [--pythonpath DIR]...',
    '',
    'Runs every case of the test case file beside the toolbox FILE (toolbox_info.hocon -> toolbox_info.tests.json),',
    "one after another in a Python worker with the project's run settings (docs/testing.md, \"Run settings\"), and prints one",
    'line per case: ok, FAIL (the run did not meet the expectation) or ERROR (the case could not run: no such tool, a',
    'class that does not import, arguments held back, a crashed worker). Exits 0 when all pass, 1 when one fails or',
    'could not run, or the cases cannot be read. The file format: docs/testing.md, "Saved test cases".',
    '',
    'Options:',
    '  --cases PATH            the test case file (default: beside FILE)',
    '  --only NAME             run only the case with this name (repeatable)',
    '  --junit PATH            also write the results as JUnit XML (a <failure> per failed case, an <error> per case that could not run);',
    '                          never through a symbolic link, nor out of the working directory through one',
    '  --json                  print one JSON object (file, counts, and each case with its outcome and reason) instead of lines',
    "  --timeout SECONDS       the default timeout of a case that gives none (default: the project's, else 30)",
    ...RUN_OPTION_HELP,
  ].join('\n'),
  async run(args, io) {
    const { values, positionals } = parseCommandLine(args, {
      cases: { type: 'string' },
      only: { type: 'string', multiple: true },
      junit: { type: 'string' },
      json: { type: 'boolean' },
      timeout: { type: 'string' },
      ...RUN_OPTION_SPECS,
    });
    if (positionals.length !== 1) throw new UsageError('give exactly one toolbox FILE');
    const file = positionals[0]!;
    const only = values.only ?? [];
    const timeoutSeconds = secondsOption('--timeout', values.timeout);
    const toolboxFile = path.resolve(io.cwd, file);
    // The report's place is checked before any case runs: a link there is refused now, not after the whole run.
    const report = values.junit !== undefined ? path.resolve(io.cwd, values.junit) : undefined;
    if (report !== undefined) await checkReportPlace(report, io);
    const casesFile = values.cases ? path.resolve(io.cwd, values.cases) : testCaseFileFor(toolboxFile);
    const content = await readCaseFile(casesFile); // a damaged file throws: main prints it and exits 1
    if (!content) {
      io.stderr(`toolbox-editor test: no test cases at ${casesFile} (save some with "Save as test case" in the Test run pane)\n`);
      return 1;
    }
    const all = content.cases.map((c) => c.testCase);
    const unknown = only.filter((name) => !all.some((c) => c.name === name));
    if (unknown.length) throw new UsageError(`no case named ${unknown.map((n) => `'${n}'`).join(', ')} in ${casesFile}`);
    const cases = only.length ? all.filter((c) => only.includes(c.name)) : all;
    const shownFile = path.relative(io.cwd, casesFile) || casesFile;

    const print = values.json ? () => undefined : (r: CaseResult) => io.stdout(caseLine(r));
    const results = await withToolRun(
      file,
      io,
      values,
      {
        ...(timeoutSeconds !== undefined ? { timeoutSeconds } : {}),
        quiet: values.json ?? false,
        unread: (unread) => {
          // The toolbox cannot be read whole: no case can run, and each says why (in the report too).
          const reason = `${file} cannot be read: ${unread.map((d) => `${d.file}:${d.line}:${d.column}: ${d.message}`).join('; ')}`;
          const results: CaseResult[] = cases.map((c) => ({ name: c.name, target: c.request.target, verdict: { outcome: 'could not run' as const, reason }, durationMs: 0 }));
          results.forEach(print);
          return results;
        },
      },
      async ({ loaded, specs, runner, context }) => {
        const toolbox = toolBoxFromSpecs(specs.specs, runner, specs.problems, path.basename(file));
        // A case of an MCP server's tool runs as the app runs it: the project's MCP info file, its default timeout.
        const root = projectRootOf(path.resolve(io.cwd, file)) ?? path.dirname(path.resolve(io.cwd, file));
        const runOne = async (c: SavedCase) => {
          const { request } = c;
          // The arguments' schema read as the project's neuro-san reads it, as the app's runs of the same cases do.
          if (request.target.kind !== 'mcp') return toolbox.call(request, { neuroSan: factsOfProject(loaded.neuroSan) });
          const { runMcpRequest } = await import('../../mcp/mcpRuns');
          // Its MCP info variables are those of the neuro-san the cases run for (the installed one, when it said).
          const installed = loaded.neuroSan.from === 'interpreter' ? { interpreter: { version: loaded.neuroSan.version, python: context.settings.python.value } } : undefined;
          return runMcpRequest({ ...request, target: request.target, timeoutSeconds: request.timeoutSeconds ?? context.settings.timeoutSeconds.value }, root, io.env, {}, installed);
        };
        return runCases(cases, runOne, print);
      },
    );
    if (report !== undefined) await writeReport(report, junitReport(shownFile, results, new Date()), io);
    if (values.json) io.stdout(`${JSON.stringify(jsonReport(shownFile, results), null, 2)}\n`);
    else io.stdout(`${countsLine(results)} (${shownFile})\n`);
    return results.every((r) => r.verdict.outcome === 'passed') ? 0 : 1;
  },
};

function caseLine(r: CaseResult): string {
  const ms = `${Math.round(r.durationMs)} ms`;
  if (r.verdict.outcome === 'passed') return `ok    ${r.name} (${ms})\n`;
  const reason = r.verdict.reason.replace(/\n/g, '\n      ');
  if (r.verdict.outcome === 'failed') return `FAIL  ${r.name} (${ms})\n      ${reason}\n`;
  return `ERROR ${r.name} (${ms})\n      could not run ${targetLabel(r.target)}: ${reason}\n`;
}

function jsonReport(file: string, results: readonly CaseResult[]) {
  const count = (outcome: string) => results.filter((r) => r.verdict.outcome === outcome).length;
  return {
    file,
    passed: count('passed'),
    failed: count('failed'),
    couldNotRun: count('could not run'),
    cases: results.map((r) => ({
      name: r.name,
      target: r.target,
      outcome: r.verdict.outcome,
      ...(r.verdict.outcome === 'passed' ? {} : { reason: r.verdict.reason }),
      durationMs: Math.round(r.durationMs * 1000) / 1000,
    })),
  };
}

/**
 * The JUnit report is written only inside the working directory (or, for a path outside it, in the folder named),
 * symlinks resolved, and never through a link in its place: a `junit.xml` committed as a link must not make a CI run
 * overwrite the file it names.
 */
function checkReportPlace(target: string, io: CliIo): Promise<string> {
  return checkWriteBounds(target, { ...outputWriteRoot(target, io.cwd), finalLink: 'refuse', what: 'the JUnit report', advice: 'Remove the link, or give --junit a path that does not go through it.' });
}

async function writeReport(target: string, xml: string, io: CliIo): Promise<void> {
  await checkReportPlace(target, io);
  await mkdir(path.dirname(target), { recursive: true });
  await writeFileAtomic(target, xml);
  io.stderr(`toolbox-editor test: wrote ${path.relative(io.cwd, target) || target}\n`);
}
