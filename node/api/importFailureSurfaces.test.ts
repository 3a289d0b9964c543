import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import type { ToolboxCheckResult } from '../../shared/api/preflightApi';
import type { ToolRunResultDto } from '../../shared/api/toolboxApi';
import { appRoot } from '../paths';
import { runCliIn } from '../testSupport/cliRun';
import { apiCaller, browserModeService } from '../testSupport/apiCalls';
import type { ApiService } from './handlers';

// Issue 34: a coded tool whose module imports a package that is not installed. Every surface leads with one line
// (resources/python/tbe_worker/import_failure.py): the class, the file whose import failed and the missing package —
// not neuro-san's "Could not find class … typo in your AGENT_TOOL_PATH?" with the real error 30 lines down.
const project = path.join(appRoot(), 'fixtures', 'import_failure');
const toolbox = path.join(project, 'toolbox', 'toolbox_info.hocon');
const HEADLINE = /^Class report\.Report cannot be loaded: coded_tools\/report_format\.py, line 3, imports 'tbe_fixture_not_installed', which is not installed for \S+\.$/;
const firstLine = (text: string) => text.split('\n')[0] ?? '';
const env = { PATH: process.env.PATH, HOME: process.env.HOME };
const out = mkdtempSync(path.join(os.tmpdir(), 'tbe-import-failure-'));
afterAll(() => rmSync(out, { recursive: true, force: true }));

let service: ApiService | undefined;
afterEach(() => service?.dispose());

describe('a tool whose module imports a package that is not installed', () => {
  it('the app: a run says so first; "Check all tools" says the same', async () => {
    service = browserModeService(out, { env });
    const call = apiCaller(service);
    const doc = { path: toolbox, text: readFileSync(toolbox, 'utf8') };
    const run = await call<ToolRunResultDto>('tool.run', { ...doc, runId: 'r1', run: { target: { kind: 'toolbox', tool: 'report' }, argsJson: '{"topic": "sales"}' } });
    expect(run).toMatchObject({ isError: true, errorKind: 'load' });
    expect(firstLine(run.content)).toMatch(HEADLINE);
    // neuro-san's own words follow, then the traceback.
    expect(run.content).toContain('\n\nCould not find class "Report"');
    expect(run.content).toContain("ModuleNotFoundError: No module named 'tbe_fixture_not_installed'");
    const checked = await call<ToolboxCheckResult>('toolbox.check', doc);
    const problem = checked.diagnostics.find((d) => d.tool === 'report' && d.rule === 'class-import');
    expect(problem?.message).toMatch(HEADLINE);
  }, 60_000);

  it('call says so first', async () => {
    const run = await runCliIn(project, ['call', 'toolbox/toolbox_info.hocon', 'report', '--args', '{"topic": "sales"}'], env);
    expect(run.code).toBe(1);
    expect(firstLine(run.stderr)).toMatch(HEADLINE);
  }, 30_000);

  it('test says so as the reason, and its JUnit report as the message', async () => {
    const junit = path.join(out, 'report.xml');
    const run = await runCliIn(project, ['test', 'toolbox/toolbox_info.hocon', '--junit', junit], env);
    expect(run.code).toBe(1);
    const reason = run.stdout.split('\n').find((l) => l.includes('could not run report:'))?.trim();
    expect(reason?.replace('could not run report: ', '')).toMatch(HEADLINE);
    expect(run.stdout).toContain('1 passed, 0 failed, 1 could not run');
    const message = /<error message="([^"]*)"/.exec(readFileSync(junit, 'utf8'))?.[1];
    expect(message?.replaceAll('&apos;', "'")).toMatch(HEADLINE);
  }, 30_000);

  it('check says so, and counts the package as missing', async () => {
    const run = await runCliIn(project, ['check', 'toolbox/toolbox_info.hocon'], env);
    expect(run.code).toBe(1);
    const line = run.stdout.split('\n').find((l) => l.includes('class-import'));
    expect(line?.replace(/^.*error class-import /, '')).toMatch(HEADLINE);
    expect(run.stdout).toContain('Missing packages (not installed for python3): tbe_fixture_not_installed (1 tool).');
  }, 30_000);
});
