import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { ProjectView, ToolboxAnalysis, ToolRunResultDto } from '../../shared/api/index';
import { appRoot } from '../paths';
import { openServedToolbox } from '../cli/commands/mcp';
import { apiCaller, browserModeService } from '../testSupport/apiCalls';
import { runCliIn, workspace } from '../testSupport/cliRun';
import type { ApiService } from '../api/handlers';

// One answer to "which neuro-san does this file run" on every surface: a repository whose top pins neuro-san 0.5.34
// (what `pip install -r requirements.txt` installs), with the neuro-san project one folder down in sub/.
const toolbox = '{ "echo": { "class": "echo_tool.Echo", "description": "Says back what it is given." } }\n';
const PIN = 'checked for neuro-san 0.5.34 (pin: neuro-san==0.5.34 in ../requirements.txt:1)';

function nestedRepository(extra: Record<string, string> = {}): { top: string; project: string; file: string } {
  const top = workspace({
    'requirements.txt': 'neuro-san==0.5.34\n',
    'sub/registries/.keep': '',
    'sub/toolbox/toolbox_info.hocon': toolbox,
    ...extra,
  });
  mkdirSync(path.join(top, '.git'));
  const project = path.join(top, 'sub');
  return { top, project, file: path.join(project, 'toolbox', 'toolbox_info.hocon') };
}

const lastLine = (text: string) => text.trimEnd().split('\n').at(-1);

let service: ApiService | undefined;
afterEach(() => service?.dispose());

describe('the neuro-san version of a project below the top of its repository', () => {
  it('validate FILE and validate DIR both take the pin the repository installs with', async () => {
    const { project } = nestedRepository();
    expect(lastLine((await runCliIn(project, ['validate', 'toolbox/toolbox_info.hocon'])).stdout)).toBe(PIN);
    expect(lastLine((await runCliIn(project, ['validate', '.'])).stdout)).toBe(PIN);
  });

  it("call runs over that version's default toolbox (bing_search is one of 0.5.34's tools)", async () => {
    const { project } = nestedRepository();
    // python3 has no neuro-san here: the interpreter says none, and the pin stays.
    const { stderr } = await runCliIn(project, ['call', 'toolbox/toolbox_info.hocon', 'bing_search', '--args', '{"query":"x"}'], { PATH: process.env.PATH });
    expect(stderr).not.toContain('tool not found');
    expect(stderr).toContain("Failed to create Agent/tool 'bing_search'");
  }, 30_000);

  it('mcp serves the file as that version offers it', async () => {
    const { project } = nestedRepository();
    const io = { cwd: project, env: { PATH: process.env.PATH }, stdout: () => undefined, stderr: () => undefined };
    const { runner, options } = await openServedToolbox(['toolbox/toolbox_info.hocon'], io, () => undefined);
    await runner.dispose();
    expect(options.version.neuroSan).toMatchObject({ version: '0.5.34', from: 'pin', file: '../requirements.txt' });
  }, 30_000);

  it("the app's analysis of the file and its project view say the same version", async () => {
    const { project, file } = nestedRepository();
    service = browserModeService(project, { env: {} });
    const call = apiCaller(service);
    const analysis = await call<ToolboxAnalysis>('toolbox.analyze', { path: file, text: toolbox });
    const view = await call<ProjectView>('project.open', { path: project });
    expect(analysis.neuroSan).toMatchObject({ version: '0.5.34', from: 'pin', file: '../requirements.txt' });
    expect(view.neuroSan).toEqual(analysis.neuroSan);
  });

  it('neuroSanVersion at the project root wins everywhere; one beside a toolbox deeper in the project does not', async () => {
    const setting = 'checked for neuro-san 0.6.3 (project setting: neuroSanVersion in .toolbox-editor.json)';
    const atRoot = nestedRepository({ 'sub/.toolbox-editor.json': JSON.stringify({ neuroSanVersion: '0.6.3' }) });
    expect(lastLine((await runCliIn(atRoot.project, ['validate', 'toolbox/toolbox_info.hocon'])).stdout)).toBe(setting);
    expect(lastLine((await runCliIn(atRoot.project, ['validate', '.'])).stdout)).toBe(setting);
    const beside = nestedRepository({ 'sub/toolbox/.toolbox-editor.json': JSON.stringify({ neuroSanVersion: '0.6.3' }) });
    expect(lastLine((await runCliIn(beside.project, ['validate', 'toolbox/toolbox_info.hocon'])).stdout)).toBe(PIN);
    const dir = await runCliIn(beside.project, ['validate', '.']);
    expect(lastLine(dir.stdout)).toBe(PIN);
    // Said where it is written, not ignored silently.
    expect(dir.stdout).toContain(`toolbox/.toolbox-editor.json:1:1 warning review-settings .toolbox-editor.json: neuroSanVersion is not used here: a project runs one neuro-san version, set in ${path.join(beside.project, '.toolbox-editor.json')}`);
  });
});

describe('.toolbox-editor.json: beside the file, else at the project root, for every setting', () => {
  const short = '{ "echo": { "class": "echo_tool.Echo", "description": "Echo." } }\n';
  const rulesOff = JSON.stringify({ rules: { 'description-too-short': 'off' } });
  const rulesOf = async (dir: string) => {
    const { stdout } = await runCliIn(dir, ['validate', 'toolbox/toolbox_info.hocon', '--json']);
    return (JSON.parse(stdout) as { rule: string }[]).map((d) => d.rule);
  };

  it("the description checks' settings at the root apply to a toolbox below it, as the run settings do", async () => {
    const dir = workspace({ 'registries/.keep': '', 'toolbox/toolbox_info.hocon': short });
    expect(await rulesOf(dir)).toContain('description-too-short');
    const atRoot = workspace({ 'registries/.keep': '', 'toolbox/toolbox_info.hocon': short, '.toolbox-editor.json': rulesOff });
    expect(await rulesOf(atRoot)).not.toContain('description-too-short');
  });

  it('the file beside the toolbox applies whole: the root one is not merged into it', async () => {
    const dir = workspace({ 'registries/.keep': '', 'toolbox/toolbox_info.hocon': short, '.toolbox-editor.json': rulesOff, 'toolbox/.toolbox-editor.json': '{}' });
    expect(await rulesOf(dir)).toContain('description-too-short');
  });
});

describe("the argument check's warnings in the app's run result", () => {
  it("say what the project's neuro-san does not know (\"bool\" before 0.6.96)", async () => {
    // Relative to AGENT_TOOL_PATH: 0.5.55 never imports a coded tool's fully qualified name.
    const text = '"greet" { class = "echo.Greet", description = "Greets.", parameters { type = object, properties { name { type = string }, loud { type = bool } } } }\n';
    const dir = workspace({
      'tb.hocon': text,
      'requirements.txt': 'neuro-san==0.5.55\n',
      '.toolbox-editor.json': JSON.stringify({ run: { pythonPath: [path.join(appRoot(), 'fixtures', 'python')], agentToolPath: 'fixture_tools' } }),
    });
    service = browserModeService(dir, { env: { PATH: process.env.PATH } });
    const call = apiCaller(service);
    const result = await call<ToolRunResultDto>('tool.run', { path: path.join(dir, 'tb.hocon'), text, runId: 'r1', run: { target: { kind: 'toolbox', tool: 'greet' }, argsJson: '{"name":"Ada","loud":true}' } });
    expect(result.content).toBe('Hello, Ada!');
    expect(result.argumentWarnings).toEqual(['/properties/loud: type "bool" is neither JSON Schema nor a type neuro-san 0.5.55 knows; checked as "boolean"']);
  }, 30_000);
});
