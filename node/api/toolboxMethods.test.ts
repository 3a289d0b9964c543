import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { ToolboxAnalysis, ToolRunResultDto } from '../../shared/api/toolboxApi';
import { fixturesPythonDir } from '../python/testFixtures';
import type { ApiService } from './handlers';
import { apiCaller, browserModeService } from '../testSupport/apiCalls';

let service: ApiService | undefined;
afterEach(() => service?.dispose());

function setup() {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'toolbox-editor-api-tools-'));
  const events: Array<{ event: string; payload: unknown }> = [];
  service = browserModeService(dir, {
    env: { ...process.env, PYTHONPATH: fixturesPythonDir() },
    emit: (event, payload) => events.push({ event, payload }),
  });
  const call = apiCaller(service);
  return { dir, events, call };
}

const text = [
  '# unsaved edits are what gets analysed, not the disk',
  'echo { class = "fixture_tools.echo.Echo", description = "Echoes", parameters { type = object, properties { n { type = integer } }, required = [n] } }',
  'sleepy { class = "fixture_tools.sleeping.Sleeping", description = "Sleeps" }',
  'bad { class = "x.Y", description = "d", parameters { type = object, required = [missing] } }',
].join('\n');

describe('the toolbox methods of the API', () => {
  it('toolbox.analyze reads the unsaved text over the default toolbox and reports tools and problems', async () => {
    const { dir, call } = setup();
    writeFileSync(path.join(dir, 'tb.hocon'), '# on disk: nothing yet\n');
    const analysis = await call<ToolboxAnalysis>('toolbox.analyze', { path: path.join(dir, 'tb.hocon'), text });
    // Each tool's errors, warnings and hints (the description checks' style advice), each counted as what it is.
    expect(analysis.tools.map((t) => [t.name, t.kind, t.origin, t.errors, t.warnings, t.hints])).toEqual([
      ['get_current_date_time', 'coded', 'default', 0, 0, 0],
      ['echo', 'coded', 'user', 0, 0, 2],
      ['sleepy', 'coded', 'user', 0, 0, 1],
      ['bad', 'coded', 'user', 1, 1, 1],
    ]);
    // Every problem, exactly: neuro-san's checks with the description checks (node/review/) in position order.
    expect(analysis.diagnostics.map((d) => [d.severity, d.rule, d.line, d.tool])).toEqual([
      ['hint', 'description-too-short', 2, 'echo'],
      ['hint', 'parameter-undocumented', 2, 'echo'],
      ['hint', 'description-too-short', 3, 'sleepy'],
      ['hint', 'description-too-short', 4, 'bad'],
      ['error', 'parameters-properties', 4, 'bad'],
      ['warning', 'required-unknown', 4, 'bad'],
    ]);
    expect(analysis.tools[1]!.keyRange.start).toMatchObject({ line: 2, column: 1 });
    // Summaries stay light; the first tool of the file (what the editor selects first) comes with its detail.
    expect(analysis.tools[1]).not.toHaveProperty('parameters');
    expect(analysis.detail).toEqual({
      name: 'echo',
      description: 'Echoes',
      parameters: { type: 'object', properties: { n: { type: 'integer' } }, required: ['n'] },
      args: null,
    });
  });

  it('toolbox.analyze gives the detail of the tool it names, or of the first tool of the file when that one is gone', async () => {
    const { dir, call } = setup();
    const file = path.join(dir, 'tb.hocon');
    const sleepy = await call<ToolboxAnalysis>('toolbox.analyze', { path: file, text, detail: 'sleepy' });
    expect(sleepy.detail).toEqual({ name: 'sleepy', description: 'Sleeps', parameters: null, args: null });
    const defaultTool = await call<ToolboxAnalysis>('toolbox.analyze', { path: file, text, detail: 'get_current_date_time' });
    expect(defaultTool.detail?.name).toBe('get_current_date_time');
    const gone = await call<ToolboxAnalysis>('toolbox.analyze', { path: file, text, detail: 'renamed_away' });
    expect(gone.detail?.name).toBe('echo');
    const none = await call<ToolboxAnalysis>('toolbox.analyze', { path: null, text: '# nothing yet', noDefault: true, detail: null });
    expect(none.detail).toBeNull();
  });

  it('catalog.render gives the catalog of the unsaved text', async () => {
    const { call } = setup();
    const rendered = await call<{ text: string; diagnostics: unknown[] }>('catalog.render', { path: null, text: 'a { class = "m.A", description = "Does A" }', keyOrder: 'insertion', vars: {}, noDefault: true });
    expect(rendered.text).toBe('Here is the toolbox catalog: {"tools": [{"name": "a", "description": "Does A", "input": {}, "output": "string", "type": "code"}]}');
    expect(rendered.diagnostics).toEqual([]);
  });

  it('tool.run checks arguments first, runs the real class, and can send invalid arguments on request', async () => {
    const { call, events } = setup();
    const base = { path: null, text, runId: 'r1' };
    const echo = (argsJson: string, extra = {}) => ({ target: { kind: 'toolbox', tool: 'echo' }, argsJson, ...extra });
    const refused = await call<ToolRunResultDto>('tool.run', { ...base, run: echo('{"n": "one"}') });
    expect(refused).toMatchObject({ isError: true, errorKind: 'validation', argumentProblems: ['/n must be integer'] });
    const ran = await call<ToolRunResultDto>('tool.run', { ...base, runId: 'r2', run: echo('{"n": 2}') });
    expect(ran).toMatchObject({ isError: false, contentType: 'json', python: 'python3', timeoutSeconds: 30 });
    expect(JSON.parse(ran.content)).toEqual({ echo: { n: 2 } });
    const forced = await call<ToolRunResultDto>('tool.run', { ...base, runId: 'r3', run: echo('{"n": "one"}', { sendInvalidArgs: true }) });
    expect(JSON.parse(forced.content)).toEqual({ echo: { n: 'one' } });
    expect(events.filter((e) => e.event === 'run.progress').map((e) => e.payload)).toEqual([
      { runId: 'r2', state: 'started' },
      { runId: 'r2', state: 'finished' },
      { runId: 'r3', state: 'started' },
      { runId: 'r3', state: 'finished' },
    ]);
  });

  it('tool.cancel stops a running tool; tool.run answers for an unknown tool without failing', async () => {
    const { call, events } = setup();
    const running = call<ToolRunResultDto>('tool.run', { path: null, text, runId: 'long', run: { target: { kind: 'toolbox', tool: 'sleepy' }, argsJson: '{"seconds": 30}' } });
    await expect.poll(() => events.some((e) => e.event === 'run.progress' && (e.payload as { runId: string; state: string }).runId === 'long')).toBe(true);
    expect(await call('tool.cancel', { runId: 'long' })).toEqual({ cancelled: true });
    expect(await running).toMatchObject({ isError: true, errorKind: 'cancelled' });
    expect(await call('tool.run', { path: null, text, runId: 'x', run: { target: { kind: 'toolbox', tool: 'nope' }, argsJson: '{}' } })).toMatchObject({
      isError: true,
      errorKind: 'not_found',
      content: 'tool not found: nope (tools in Untitled.hocon: get_current_date_time, echo, sleepy, bad)',
    });
    // Loading the class of a tool that is not there says so in the same words.
    await expect(call('tool.describe', { path: null, text, tool: 'nope' })).rejects.toThrow('not_found: tool not found: nope (tools in Untitled.hocon: get_current_date_time, echo, sleepy, bad)');
  });

  it('preferences persist in the state folder', async () => {
    const { call } = setup();
    // No interpreter of this machine's own: the project's run settings choose, else python3.
    expect(await call('prefs.get', {})).toMatchObject({ theme: 'system', python: '' });
    await call('prefs.set', { theme: 'dark', timeoutSeconds: 5 });
    expect(await call('prefs.get', {})).toMatchObject({ theme: 'dark', timeoutSeconds: 5, python: '' });
  });
});
