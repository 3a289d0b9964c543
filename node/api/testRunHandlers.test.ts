import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ApiError } from '../../shared/api/contract';
import type { ToolRunResultDto } from '../../shared/api/toolboxApi';
import { createTestRunHandlers } from './testRunHandlers';

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

describe('the test-run API methods', () => {
  it('records each run under the toolbox (a relative path and an untitled document included) and lists it newest first', async () => {
    const { handlers, recordRun } = createTestRunHandlers(tmp, path.join(tmp, 'state'), notUsed);
    const base = { text: '', tool: 'greet', runId: 'r' };
    await recordRun({ ...base, path: 'a/toolbox.hocon', args: { name: 'Ada' } }, result('Hello, Ada!'));
    await recordRun({ ...base, path: path.join(tmp, 'a', 'toolbox.hocon'), args: {}, slyData: { user: 'u' }, sendInvalidArgs: true }, result('no name', true));
    await recordRun({ ...base, path: null, args: { name: 'Untitled' } }, result('Hello, Untitled!'));

    const { entries } = await handlers['history.list']({ path: path.join(tmp, 'a', 'toolbox.hocon'), tool: 'greet' });
    expect(entries.map((e) => [e.args, e.slyData, e.sendInvalidArgs, e.result.content, e.result.isError])).toEqual([
      [{}, { user: 'u' }, true, 'no name', true],
      [{ name: 'Ada' }, null, undefined, 'Hello, Ada!', false],
    ]);
    expect(entries[0]!.result.slyData).toEqual({ calls: 1 });
    expect((await handlers['history.list']({ path: null, tool: 'greet' })).entries).toHaveLength(1);

    await handlers['history.clear']({ path: 'a/toolbox.hocon', tool: 'greet' });
    expect((await handlers['history.list']({ path: 'a/toolbox.hocon', tool: 'greet' })).entries).toEqual([]);
  });

  it('saves cases beside the toolbox and lists them; a damaged file is reported, never overwritten', async () => {
    const { handlers } = createTestRunHandlers(tmp, path.join(tmp, 'state'), notUsed);
    const toolbox = path.join(tmp, 'cases', 'toolbox_info.hocon');
    expect(await handlers['testcases.list']({ path: toolbox })).toEqual({ file: path.join(tmp, 'cases', 'toolbox_info.tests.json'), cases: [] });
    const testCase = { name: 'greets', tool: 'greet', args: { name: 'Ada' }, expect: { content: 'Hello, Ada!' } };
    expect((await handlers['testcases.save']({ path: toolbox, testCase })).saved.name).toBe('greets');
    expect((await handlers['testcases.save']({ path: toolbox, testCase })).saved.name).toBe('greets (2)');
    expect((await handlers['testcases.list']({ path: toolbox })).cases.map((c) => c.name)).toEqual(['greets', 'greets (2)']);

    writeFileSync(path.join(tmp, 'cases', 'toolbox_info.tests.json'), '[]');
    expect((await handlers['testcases.list']({ path: toolbox })).error).toContain('is not a test case file');
    const refused = await handlers['testcases.save']({ path: toolbox, testCase }).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(ApiError);
    expect(refused).toMatchObject({ code: 'conflict' });
  });
});

describe('testcases.run', () => {
  it('runs every saved case against the text it is given and says which failed and why', async () => {
    const seen: unknown[] = [];
    const runTool = async (request: { tool: string; text: string; args?: unknown; argsJson?: string; slyData?: unknown }) => {
      seen.push([request.tool, request.text, request.args, request.argsJson, request.slyData]);
      return request.tool === 'greet' ? result('Hello, Ada!') : result('boom', true);
    };
    const { handlers } = createTestRunHandlers(tmp, path.join(tmp, 'state'), runTool);
    const toolbox = path.join(tmp, 'run', 'toolbox_info.hocon');
    expect(await handlers['testcases.run']({ path: toolbox, text: 'T' })).toMatchObject({ outcomes: [], error: expect.stringContaining('No test cases') });

    await handlers['testcases.save']({ path: toolbox, testCase: { name: 'greets', tool: 'greet', args: { name: 'Ada' }, sly_data: { u: 1 }, expect: { content: 'Hello, Ada!' } } });
    await handlers['testcases.save']({ path: toolbox, testCase: { name: 'raises', tool: 'raising', args: {}, expect: { content: 'fine' } } });
    const run = await handlers['testcases.run']({ path: toolbox, text: 'T' });
    expect(run.outcomes.map((o) => [o.name, o.pass, o.reason])).toEqual([
      ['greets', true, undefined],
      ['raises', false, 'expected "fine", got an error: "boom"'],
    ]);
    // The args go as the file's text (never as a value, whose numbers are JavaScript's).
    expect(seen).toEqual([
      ['greet', 'T', undefined, '{\n  "name": "Ada"\n}', { u: 1 }],
      ['raising', 'T', undefined, '{}', undefined],
    ]);
  });

  it('saves a case with the arguments as the user wrote them and runs it with that same text', async () => {
    const seen: unknown[] = [];
    const runTool = async (request: { argsJson?: string }) => {
      seen.push(request.argsJson);
      return result('ok');
    };
    const { handlers } = createTestRunHandlers(tmp, path.join(tmp, 'state'), runTool);
    const toolbox = path.join(tmp, 'exact', 'toolbox_info.hocon');
    const typed = '{"x": 1.0, "big": 12345678901234567890}';
    const testCase = { name: 'exact', tool: 't', args: { x: 1, big: Number('12345678901234567890') }, expect: { content: 'ok' } };
    const { saved } = await handlers['testcases.save']({ path: toolbox, testCase, argsJson: ` ${typed}\n` });
    expect(saved).toEqual({ ...testCase, args: JSON.parse(typed) });
    expect(readFileSync(path.join(tmp, 'exact', 'toolbox_info.tests.json'), 'utf8')).toContain(`      "args": ${typed},\n`);
    expect((await handlers['testcases.run']({ path: toolbox, text: 'T' })).outcomes[0]!.pass).toBe(true);
    expect(seen).toEqual([typed]);
    expect((await handlers['testcases.list']({ path: toolbox })).cases).toEqual([saved]);

    const refused = await handlers['testcases.save']({ path: toolbox, testCase, argsJson: '{"x": 1.0,}' }).catch((e: unknown) => e);
    expect(refused).toMatchObject({ code: 'invalid_request', message: "The case's arguments are not valid JSON at line 1, column 11: Expecting property name enclosed in double quotes" });
  });

  it('stops a run of all cases when its batch is cancelled: the case running is cancelled and the rest do not run', async () => {
    const started: string[] = [];
    let cancelCurrent: (() => void) | undefined;
    const runTool = async (request: { tool: string; runId: string }): Promise<ToolRunResultDto> => {
      started.push(request.tool);
      if (request.tool !== 'slow') return result('quick');
      // The slow case ends only when cancelled, as a real run does.
      return new Promise((resolve) => (cancelCurrent = () => resolve(result('cancelled', true))));
    };
    const cancelled: string[] = [];
    const { handlers, cancelBatch } = createTestRunHandlers(tmp, path.join(tmp, 'state'), runTool, (runId) => {
      cancelled.push(runId);
      cancelCurrent?.();
      return true;
    });
    const toolbox = path.join(tmp, 'cancel', 'toolbox_info.hocon');
    for (const tool of ['quick', 'slow', 'never']) {
      await handlers['testcases.save']({ path: toolbox, testCase: { name: tool, tool, args: {}, expect: { content: 'quick' } } });
    }
    expect(cancelBatch('no-such-batch')).toBe(false);
    const running = handlers['testcases.run']({ path: toolbox, text: 'T', batchId: 'b1' });
    await expect.poll(() => started).toEqual(['quick', 'slow']);
    expect(cancelBatch('b1')).toBe(true);
    const run = await running;
    expect(run.cancelled).toBe(true);
    expect(run.outcomes.map((o) => [o.name, o.pass])).toEqual([
      ['quick', true],
      ['slow', false],
    ]);
    expect(started).toEqual(['quick', 'slow']);
    expect(cancelled).toHaveLength(1);
    // Once finished, the batch is gone.
    expect(cancelBatch('b1')).toBe(false);
  });
});
