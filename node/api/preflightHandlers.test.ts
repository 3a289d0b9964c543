import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { ToolboxCheckResult, ToolScaffoldResult, ToolSourceResult } from '../../shared/api/preflightApi';
import type { ToolboxAnalysis, ToolRunResultDto } from '../../shared/api/toolboxApi';
import { appRoot } from '../paths';
import { fixturesPythonDir } from '../python/testFixtures';
import type { ApiService } from './handlers';
import { apiCaller, browserModeService } from '../testSupport/apiCalls';
import { classLookupProject } from '../testSupport/classLookupProject';

let service: ApiService | undefined;
afterEach(() => service?.dispose());

function setup() {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'toolbox-editor-api-preflight-'));
  service = browserModeService(dir, {
    env: { PATH: process.env.PATH, HOME: process.env.HOME, PYTHONPATH: fixturesPythonDir() },
  });
  const call = apiCaller(service);
  return { dir, call };
}

const planted = path.join(appRoot(), 'fixtures', 'toolboxes', 'preflight_toolbox.hocon');

describe('the entry-to-Python methods of the API', () => {
  it('toolbox.check reports the planted problems, which then join the analysis until their entry changes', async () => {
    const { call } = setup();
    const text = readFileSync(planted, 'utf8');
    const result = await call<ToolboxCheckResult>('toolbox.check', { path: planted, text, runId: 'check-1' });
    expect(result.diagnostics.map((d) => `${d.tool} ${d.rule}`)).toEqual([
      'ghost class-import',
      'strict_tool constructor-unknown-arg',
      'index_tool constructor-missing-arg',
      'keyed_search env-var-unset',
      'no_invoke coded-no-invoke',
      'reads_undeclared code-reads-undeclared',
    ]);
    expect(result.summaryText[0]).toMatch(/^1 tool ready, 6 with problems/);

    const analysis = await call<ToolboxAnalysis>('toolbox.analyze', { path: planted, text });
    expect(analysis.diagnostics.filter((d) => d.rule === 'constructor-unknown-arg').map((d) => d.line)).toEqual([21]);
    expect(analysis.tools.find((t) => t.name === 'strict_tool')?.errors).toBe(1);

    // A line added above moves the finding with its entry; fixing the entry drops it.
    const moved = await call<ToolboxAnalysis>('toolbox.analyze', { path: planted, text: `# new line\n${text}` });
    expect(moved.diagnostics.filter((d) => d.rule === 'constructor-unknown-arg').map((d) => d.line)).toEqual([22]);
    const fixed = await call<ToolboxAnalysis>('toolbox.analyze', { path: planted, text: text.replace('"colour": "red"', '"limit": 3') });
    expect(fixed.diagnostics.map((d) => d.rule)).not.toContain('constructor-unknown-arg');
    expect(fixed.diagnostics.map((d) => d.rule)).toContain('coded-no-invoke');
  });

  it('tool.scaffold writes the module (never twice) and the next run answers its not-implemented message', async () => {
    const { dir, call } = setup();
    const file = path.join(dir, 'tb.hocon');
    const text = 'fresh_tool { class = "fresh_tool.FreshTool", description = "Does something new.", parameters { type = object, properties { q { type = string } } } }';
    const planned = await call<ToolScaffoldResult>('tool.scaffold', { path: file, text, tool: 'fresh_tool', root: dir, dryRun: true });
    expect(planned).toMatchObject({ file: path.join(dir, 'fresh_tool.py'), created: [] });
    const made = await call<ToolScaffoldResult>('tool.scaffold', { path: file, text, tool: 'fresh_tool', root: dir });
    expect(made.created).toEqual([path.join(dir, 'fresh_tool.py')]);
    // The root is the toolbox's folder, already on the runs' PYTHONPATH: recorded as the root, nothing added.
    expect(made).toMatchObject({ addedToPythonPath: false, settingsFile: path.join(dir, '.toolbox-editor.json') });
    expect(JSON.parse(readFileSync(path.join(dir, '.toolbox-editor.json'), 'utf8'))).toEqual({ run: { toolRoot: '.' } });
    await expect(call('tool.scaffold', { path: file, text, tool: 'fresh_tool', root: dir })).rejects.toThrow(
      `conflict: The module fresh_tool exists already (${path.join(dir, 'fresh_tool.py')})`,
    );
    const run = await call<ToolRunResultDto>('tool.run', { path: file, text, runId: 'r1', run: { target: { kind: 'toolbox', tool: 'fresh_tool' }, argsJson: '{"q": "x"}' } });
    expect(run).toMatchObject({ isError: false, content: "Not implemented: FreshTool.invoke in fresh_tool.py does not do anything yet (called with q='x')." });
  });

  it('tool.source answers the class file, its line and text', async () => {
    const { call } = setup();
    const text = readFileSync(planted, 'utf8');
    const found = await call<ToolSourceResult>('tool.source', { path: planted, text, tool: 'strict_tool' });
    expect(found).toMatchObject({ ok: true, file: path.join(fixturesPythonDir(), 'fake_langchain', 'strict.py'), line: 4 });
    if (found.ok) expect(found.text.split('\n')[3]).toBe('class StrictTool:');
    const missing = await call<ToolSourceResult>('tool.source', { path: planted, text, tool: 'ghost' });
    expect(missing).toMatchObject({ ok: false, error: expect.stringContaining("has no attribute 'Ghost'") });
  });
});

describe("what opens a coded class finds it as the project's neuro-san does, as a run does", () => {
  const copies: string[] = [];
  afterEach(() => copies.splice(0).forEach((dir) => rmSync(dir, { recursive: true, force: true })));

  function project(pin: string) {
    const dir = classLookupProject(pin);
    copies.push(dir);
    service = browserModeService(dir, { env: { PATH: process.env.PATH, HOME: process.env.HOME } });
    const file = path.join(dir, 'toolbox', 'toolbox_info.hocon');
    return { dir, call: apiCaller(service), doc: { path: file, text: readFileSync(file, 'utf8') } };
  }
  const hint = "neuro-san 0.5.55 would not find coded_tools.shared_tool.Shared (the editor's runner finds it in coded_tools/shared_tool.py): write the class as 'shared_tool.Shared', relative to AGENT_TOOL_PATH (coded_tools).";

  it('0.5.55: Check all tools, the class source and loading the class agree with a run of the tool', async () => {
    const { call, doc } = project('0.5.55');
    const run = await call<ToolRunResultDto>('tool.run', { ...doc, runId: 'r1', run: { target: { kind: 'toolbox', tool: 'qualified' }, argsJson: '{}' } });
    expect(run).toMatchObject({ isError: true, errorKind: 'load' });
    expect(run.content.split('\n')[0]).toBe(hint);

    const checked = await call<ToolboxCheckResult>('toolbox.check', { ...doc, runId: 'check-1' });
    expect(checked.diagnostics.map((d) => `${d.tool} ${d.rule}`)).toEqual(['qualified class-import', 'outside class-import', 'level class-import']);
    expect(checked.diagnostics[0]?.message).toBe(hint);
    expect(checked.summaryText[0]).toMatch(/^1 tool ready, 3 with problems/);

    expect(await call<ToolSourceResult>('tool.source', { ...doc, tool: 'qualified' })).toEqual({ ok: false, error: hint });
    const described = await call<{ ok: boolean; error?: string }>('tool.describe', { ...doc, tool: 'qualified' });
    expect(described.ok).toBe(false);
    // A run's words: the line on what would make it found, then neuro-san 0.5.55's own text.
    expect(described.error?.split('\n\n').slice(0, 2)).toEqual([hint, run.content.split('\n\n')[1]]);
    expect(described.error).toContain('Could not find class "Shared"');
  });

  it("the check's findings leave the analysis when the project pins another neuro-san", async () => {
    const { dir, call, doc } = project('0.5.55');
    await call<ToolboxCheckResult>('toolbox.check', { ...doc, runId: 'check-3' });
    const lookups = async (text: string) =>
      (await call<ToolboxAnalysis>('toolbox.analyze', { ...doc, text })).diagnostics.filter((d) => d.rule === 'class-import').map((d) => d.tool);
    expect(await lookups(doc.text)).toEqual(['qualified', 'outside', 'level']);
    writeFileSync(path.join(dir, 'requirements.txt'), 'neuro-san==0.6.95\n');
    // The next keystroke (past every entry: their findings would stand) reads the new pin. 0.6.95 finds two of those
    // classes: what 0.5.55 said of them no longer holds (check again to know).
    expect(await lookups(`${doc.text}\n`)).toEqual([]);
  });

  it('a check is for the neuro-san the runs\' Python has installed, learnt before it, and its findings stay', async () => {
    const { dir, call, doc } = project('0.6.95');
    // The runs' Python has the metadata of neuro-san 0.5.40 (no code): it beats the pin.
    const installed = path.join(appRoot(), 'fixtures', 'versions', 'installed_0_5_40');
    writeFileSync(path.join(dir, '.toolbox-editor.json'), JSON.stringify({ run: { pythonPath: ['.', installed] } }));
    const checked = await call<ToolboxCheckResult>('toolbox.check', { ...doc, runId: 'check-4' });
    expect(checked.diagnostics.map((d) => `${d.tool} ${d.rule}`)).toEqual(['qualified class-import', 'outside class-import', 'level class-import']);
    expect(checked.diagnostics[0]?.message).toMatch(/^neuro-san 0\.5\.40 would not find coded_tools\.shared_tool\.Shared /);
    const analysis = await call<ToolboxAnalysis>('toolbox.analyze', { ...doc, text: `${doc.text}\n` });
    expect(analysis.diagnostics.filter((d) => d.rule === 'class-import').map((d) => d.tool)).toEqual(['qualified', 'outside', 'level']);
  });

  it('0.6.95 imports the full name first: the same class checks, opens and loads', async () => {
    const { dir, call, doc } = project('0.6.95');
    const checked = await call<ToolboxCheckResult>('toolbox.check', { ...doc, runId: 'check-2' });
    expect(checked.diagnostics.map((d) => `${d.tool} ${d.rule}`)).toEqual(['level class-import']);
    expect(await call<ToolSourceResult>('tool.source', { ...doc, tool: 'qualified' })).toMatchObject({ ok: true, file: path.join(dir, 'coded_tools', 'shared_tool.py'), line: 1 });
    expect(await call<{ ok: boolean }>('tool.describe', { ...doc, tool: 'qualified' })).toMatchObject({ ok: true });
  });
});
