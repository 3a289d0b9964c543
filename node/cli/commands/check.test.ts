import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { appRoot } from '../../paths';
import { runCliIn, workspace } from '../../testSupport/cliRun';

const toolboxes = path.join(appRoot(), 'fixtures', 'toolboxes');
const pythonDir = path.join(appRoot(), 'fixtures', 'python');
const env = (extra: Record<string, string> = {}) => ({ PATH: process.env.PATH, HOME: process.env.HOME, ...extra });

interface JsonDiagnostic {
  tool: string;
  rule: string;
  severity: string;
  line: number;
  column: number;
  message: string;
}

async function check(file: string, extraArgs: string[] = [], extraEnv: Record<string, string> = {}) {
  return runCliIn(appRoot(), ['check', path.join(toolboxes, file), '--pythonpath', pythonDir, ...extraArgs], env(extraEnv));
}

describe('toolbox-editor check', () => {
  it('reports exactly the planted problems, each on its entry with a position, and exits 1', async () => {
    const run = await check('preflight_toolbox.hocon', ['--json']);
    expect(run.code).toBe(1);
    const found = (JSON.parse(run.stdout) as JsonDiagnostic[]).map((d) => `${d.tool} ${d.severity} ${d.rule} ${d.line}:${d.column}`);
    expect(found).toEqual([
      'ghost error class-import 15:18',
      'strict_tool error constructor-unknown-arg 21:35',
      'index_tool error constructor-missing-arg 25:9',
      'keyed_search error env-var-unset 29:9',
      'no_invoke error coded-no-invoke 32:18',
      'reads_undeclared warning code-reads-undeclared 41:13',
    ]);
    expect(run.stderr).toContain('1 tool ready, 6 with problems');
  });

  it('names the unset variable, never a value, and is content once it is set', async () => {
    const unset = await check('preflight_toolbox.hocon', ['--json']);
    const keyProblem = (JSON.parse(unset.stdout) as JsonDiagnostic[]).find((d) => d.tool === 'keyed_search');
    expect(keyProblem?.message).toContain('TBE_FIXTURE_SEARCH_API_KEY');
    const set = await check('preflight_toolbox.hocon', ['--json'], { TBE_FIXTURE_SEARCH_API_KEY: 'sk-very-secret-value' });
    expect(set.stdout + set.stderr).not.toContain('sk-very-secret-value');
    expect((JSON.parse(set.stdout) as JsonDiagnostic[]).map((d) => d.tool)).not.toContain('keyed_search');
  });

  it('exits 0 on a clean toolbox, with its summary', async () => {
    const run = await check('preflight_clean.hocon');
    expect(run).toMatchObject({ code: 0, stderr: '' });
    expect(run.stdout).toMatch(/^4 tools ready, 0 with problems \(\d+(\.\d+)? s\)\.\n$/);
  });

  it('prints validate-style lines naming where each problem is', async () => {
    const run = await check('preflight_toolbox.hocon');
    expect(run.stdout).toContain(`${path.join(toolboxes, 'preflight_toolbox.hocon')}:21:35 error constructor-unknown-arg Arguments ['colour'] for 'StrictTool'`);
  });
});

describe('toolbox-editor check and AGENT_TOOL_PATH', () => {
  it('finds a coded class by walking up from the agent network, as a run does', async () => {
    const dir = workspace({ 'walkup.hocon': 'walk { class = "walkup_tool.WalkUp", description = "found by walking up" }\n' });
    const file = path.join(dir, 'walkup.hocon');
    const found = await runCliIn(dir, ['check', file, '--pythonpath', pythonDir, '--agent-tool-path', 'agent_tools', '--agent-network', 'team/sub', '--json'], env());
    expect(found).toMatchObject({ code: 0, stdout: '[]\n' });
    const lost = await runCliIn(dir, ['check', file, '--pythonpath', pythonDir, '--json'], env());
    expect(lost.code).toBe(1);
    expect(JSON.parse(lost.stdout)).toMatchObject([{ tool: 'walk', rule: 'class-import' }]);
  });
});
