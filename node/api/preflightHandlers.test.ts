import { mkdtempSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { ToolboxCheckResult, ToolScaffoldResult, ToolSourceResult } from '../../shared/api/preflightApi';
import type { ToolboxAnalysis, ToolRunResultDto } from '../../shared/api/toolboxApi';
import { appRoot } from '../paths';
import { fixturesPythonDir } from '../python/testFixtures';
import type { ApiService } from './handlers';
import { apiCaller, browserModeService } from '../testSupport/apiCalls';

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
