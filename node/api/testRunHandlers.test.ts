import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ApiError } from '../../shared/api/contract';
import type { ToolRunResultDto } from '../../shared/api/toolboxApi';
import { createTestRunHandlers, type RunTool } from './testRunHandlers';
import { toolboxTarget, type RunRequest } from '../../shared/run/index';

const tmp = mkdtempSync(path.join(os.tmpdir(), 'tbe-testrun-api-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

const notUsed = async (): Promise<ToolRunResultDto> => {
  throw new Error('no run expected here');
};

const result = (content: string, isError = false): ToolRunResultDto => ({
  content,
  isError,
  durationMs: 3,
  stdout: '',
  stderr: '',
  logging: '',
  slyData: { calls: 1 },
  contentType: 'text',
  python: 'python3',
  timeoutSeconds: 30,
});

const ask = (tool: string, argsJson = '{}', extra: Partial<RunRequest> = {}): RunRequest => ({ target: toolboxTarget(tool), argsJson, ...extra });

describe('the test-run API methods', () => {
  it('records each run under the toolbox (a relative path and an untitled document included) and lists it newest first', async () => {
    const { handlers, recordRun } = createTestRunHandlers(tmp, path.join(tmp, 'state'), notUsed);
    await recordRun('a/toolbox.hocon', ask('greet', '{"name": "Ada"}'), result('Hello, Ada!'));
    await recordRun(path.join(tmp, 'a', 'toolbox.hocon'), ask('greet', '{}', { slyData: { user: 'u' }, sendInvalidArgs: true }), result('no name', true));
    await recordRun(null, ask('greet', '{"name": "Untitled"}'), result('Hello, Untitled!'));

    const { entries } = await handlers['history.list']({ path: path.join(tmp, 'a', 'toolbox.hocon'), tool: 'greet' });
    expect(entries.map((e) => [e.request, e.result.content, e.result.isError])).toEqual([
      [ask('greet', '{}', { slyData: { user: 'u' }, sendInvalidArgs: true }), 'no name', true],
      [ask('greet', '{"name": "Ada"}'), 'Hello, Ada!', false],
    ]);
    expect(entries[0]!.result.slyData).toEqual({ calls: 1 });
    expect((await handlers['history.list']({ path: null, tool: 'greet' })).entries).toHaveLength(1);

    await handlers['history.rename']({ path: 'a/toolbox.hocon', tool: 'greet', newName: 'hello' });
    expect((await handlers['history.list']({ path: 'a/toolbox.hocon', tool: 'hello' })).entries).toHaveLength(2);
    await handlers['history.clear']({ path: 'a/toolbox.hocon', tool: 'hello' });
    expect((await handlers['history.list']({ path: 'a/toolbox.hocon', tool: 'hello' })).entries).toEqual([]);
  });

  it('saves, edits, duplicates, moves and deletes named cases beside the toolbox; a damaged file is reported, never overwritten', async () => {
    const { handlers } = createTestRunHandlers(tmp, path.join(tmp, 'state'), notUsed);
    const toolbox = path.join(tmp, 'cases', 'toolbox_info.hocon');
    expect(await handlers['testcases.list']({ path: toolbox })).toEqual({ file: path.join(tmp, 'cases', 'toolbox_info.tests.json'), version: 0, cases: [] });
    const testCase = { name: 'greets', request: ask('greet', '{"name": "Ada"}'), expect: { content: 'Hello, Ada!' } };
    expect(await handlers['testcases.save']({ path: toolbox, testCase })).toMatchObject({ saved: testCase, upgraded: false });
    await expect(handlers['testcases.save']({ path: toolbox, testCase })).rejects.toMatchObject({ code: 'invalid_request', message: expect.stringContaining('exists already') });
    expect((await handlers['testcases.duplicate']({ path: toolbox, name: 'greets' })).saved.name).toBe('greets (2)');
    const edited = { ...testCase, name: 'contains Ada', expect: { contains: 'Ada' } };
    expect(await handlers['testcases.save']({ path: toolbox, testCase: edited, replaces: 'greets (2)' })).toMatchObject({ upgraded: true });
    expect((await handlers['testcases.list']({ path: toolbox })).cases.map((c) => c.name)).toEqual(['greets', 'contains Ada']);
    expect(await handlers['testcases.renameTool']({ path: toolbox, tool: 'greet', newName: 'hello' })).toMatchObject({ moved: 2 });
    await handlers['testcases.delete']({ path: toolbox, name: 'greets' });
    expect((await handlers['testcases.list']({ path: toolbox })).cases).toEqual([{ ...edited, request: ask('hello', '{"name": "Ada"}') }]);
    await expect(handlers['testcases.save']({ path: toolbox, testCase: { ...testCase, expect: { matches: '(' } } })).rejects.toMatchObject({ code: 'invalid_request' });

    writeFileSync(path.join(tmp, 'cases', 'toolbox_info.tests.json'), '[]');
    expect((await handlers['testcases.list']({ path: toolbox })).error).toContain('is not a test case file');
    const refused = await handlers['testcases.save']({ path: toolbox, testCase }).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(ApiError);
    expect(refused).toMatchObject({ code: 'conflict' });
    expect(readFileSync(path.join(tmp, 'cases', 'toolbox_info.tests.json'), 'utf8')).toBe('[]');
  });
});

describe('testcases.run', () => {
  it('runs every saved case, or the ones named, against the text it is given, and says which failed, which could not run, and why', async () => {
    const seen: unknown[] = [];
    const runTool: RunTool = async (doc, request) => {
      seen.push([doc.text, request]);
      if (request.target.tool === 'gone') return { ...result("tool not found: gone (tools: greet)", true), errorKind: 'not_found' };
      return request.target.tool === 'greet' ? result('Hello, Ada!') : result('boom', true);
    };
    const { handlers } = createTestRunHandlers(tmp, path.join(tmp, 'state'), runTool);
    const toolbox = path.join(tmp, 'run', 'toolbox_info.hocon');
    expect(await handlers['testcases.run']({ path: toolbox, text: 'T' })).toMatchObject({ outcomes: [], error: expect.stringContaining('No test cases') });

    const greets = { name: 'greets', request: ask('greet', '{"name": 1.0}', { slyData: { u: 1 } }), expect: { content: 'Hello, Ada!' } };
    await handlers['testcases.save']({ path: toolbox, testCase: greets });
    await handlers['testcases.save']({ path: toolbox, testCase: { name: 'raises', request: ask('raising'), expect: { content: 'fine' } } });
    await handlers['testcases.save']({ path: toolbox, testCase: { name: 'gone', request: ask('gone'), expect: { error: true } } });
    const run = await handlers['testcases.run']({ path: toolbox, text: 'T' });
    expect(run.outcomes.map((o) => [o.name, o.outcome, o.reason])).toEqual([
      ['greets', 'passed', undefined],
      ['raises', 'failed', 'expected a result, got an error: "boom"'],
      ['gone', 'could not run', 'tool not found: gone (tools: greet)'],
    ]);
    // The request goes as the file holds it (its args' text as typed).
    expect(seen[0]).toEqual(['T', greets.request]);

    seen.length = 0;
    expect((await handlers['testcases.run']({ path: toolbox, text: 'T', names: ['raises'] })).outcomes.map((o) => o.name)).toEqual(['raises']);
    expect(seen).toHaveLength(1);
    expect((await handlers['testcases.run']({ path: toolbox, text: 'T', names: ['nope'] })).error).toContain("No case named 'nope'");

    // A tool renamed in the unsaved text: its cases run against its new name, and the file keeps the saved one.
    seen.length = 0;
    await handlers['testcases.save']({ path: toolbox, testCase: { name: 'old name', request: ask('salute'), expect: { content: 'Hello, Ada!' } } });
    const renamed = await handlers['testcases.run']({ path: toolbox, text: 'T', names: ['old name'], renamedTools: { salute: 'greet' } });
    expect(renamed.outcomes.map((o) => [o.name, o.outcome, o.target.tool])).toEqual([['old name', 'passed', 'greet']]);
    expect((await handlers['testcases.list']({ path: toolbox })).cases.find((c) => c.name === 'old name')?.request.target.tool).toBe('salute');
  });

  it('stops a run of all cases when its batch is cancelled: the case running is cancelled and the rest do not run', async () => {
    const started: string[] = [];
    let cancelCurrent: (() => void) | undefined;
    const runTool: RunTool = async (_doc, request) => {
      started.push(request.target.tool);
      if (request.target.tool !== 'slow') return result('quick');
      // The slow case ends only when cancelled, as a real run does.
      return new Promise((resolve) => (cancelCurrent = () => resolve({ ...result('cancelled', true), errorKind: 'cancelled' })));
    };
    const cancelled: string[] = [];
    const { handlers, cancelBatch } = createTestRunHandlers(tmp, path.join(tmp, 'state'), runTool, (runId) => {
      cancelled.push(runId);
      cancelCurrent?.();
      return true;
    });
    const toolbox = path.join(tmp, 'cancel', 'toolbox_info.hocon');
    for (const tool of ['quick', 'slow', 'never']) {
      await handlers['testcases.save']({ path: toolbox, testCase: { name: tool, request: ask(tool), expect: { content: 'quick' } } });
    }
    expect(cancelBatch('no-such-batch')).toBe(false);
    const running = handlers['testcases.run']({ path: toolbox, text: 'T', batchId: 'b1' });
    await expect.poll(() => started).toEqual(['quick', 'slow']);
    expect(cancelBatch('b1')).toBe(true);
    const run = await running;
    expect(run.cancelled).toBe(true);
    expect(run.outcomes.map((o) => [o.name, o.outcome])).toEqual([
      ['quick', 'passed'],
      ['slow', 'could not run'],
    ]);
    expect(started).toEqual(['quick', 'slow']);
    expect(cancelled).toHaveLength(1);
    // Once finished, the batch is gone.
    expect(cancelBatch('b1')).toBe(false);
  });

  /** Handlers whose runs only record the tool they ran, and a toolbox in `folder` with one saved case. */
  async function oneSavedCase(folder: string) {
    const started: string[] = [];
    const { handlers, cancelBatch } = createTestRunHandlers(tmp, path.join(tmp, 'state'), async (_doc, request) => {
      started.push(request.target.tool);
      return result('quick');
    });
    const toolbox = path.join(tmp, folder, 'toolbox_info.hocon');
    await handlers['testcases.save']({ path: toolbox, testCase: { name: 'one', request: ask('quick'), expect: { content: 'quick' } } });
    return { handlers, cancelBatch, started, toolbox };
  }

  it('a cancel that comes before its run of cases (two requests: it can overtake) stops it before any case runs', async () => {
    const { handlers, cancelBatch, started, toolbox } = await oneSavedCase('early');
    expect(cancelBatch('b-early')).toBe(false); // nothing under way yet: remembered
    const run = await handlers['testcases.run']({ path: toolbox, text: 'T', batchId: 'b-early' });
    expect(run.cancelled).toBe(true);
    expect(run.outcomes).toEqual([]);
    expect(started).toEqual([]);
    // Remembered once: a run with another id, or the same id again, runs.
    expect((await handlers['testcases.run']({ path: toolbox, text: 'T', batchId: 'b-early' })).outcomes.map((o) => o.outcome)).toEqual(['passed']);
  });

  it('a cancel that comes while the run of cases reads its file is not lost', async () => {
    const { handlers, cancelBatch, started, toolbox } = await oneSavedCase('reading');
    const running = handlers['testcases.run']({ path: toolbox, text: 'T', batchId: 'b-reading' });
    // The handler is awaiting its cases file now: the batch is already there to cancel.
    expect(cancelBatch('b-reading')).toBe(true);
    const run = await running;
    expect(run.cancelled).toBe(true);
    expect(started).toEqual([]);
  });
});
