import { describe, expect, it } from 'vitest';
import { ToolBox, type Tool } from './toolBox';
import { toolboxTarget, type RunRequest } from '../../shared/run/index';

/** A request for `tool` with these arguments' text. */
const ask = (tool: string, argsJson = '{}', extra: Partial<RunRequest> = {}): RunRequest => ({ target: toolboxTarget(tool), argsJson, ...extra });

const tool = (name: string, reply = name): Tool => ({ name, handler: () => reply });
const names = (box: ToolBox): string[] => box.tools().map((t) => t.name);

describe('ToolBox', () => {
  it('registers tools in insertion order; a same-named tool replaces the old one in place', async () => {
    const box = new ToolBox();
    box.register(tool('a'), tool('b'), tool('c'));
    box.register(tool('b', 'new b'), tool('d'));
    expect(names(box)).toEqual(['a', 'b', 'c', 'd']);
    expect(box.size).toBe(4);
    expect((await box.call(ask('b'))).content).toBe('new b');
  });

  it('gets a tool by name, or undefined', () => {
    const a = tool('a');
    const box = new ToolBox([a]);
    expect(box.get('a')).toBe(a);
    expect(box.get('zz')).toBeUndefined();
  });

  it('merges another toolbox in its order, replacing by name', async () => {
    const box = new ToolBox([tool('a'), tool('b')]);
    box.merge(new ToolBox([tool('c'), tool('a', 'other a')]));
    expect(names(box)).toEqual(['a', 'b', 'c']);
    expect((await box.call(ask('a'))).content).toBe('other a');
  });

  it('returns a copy from tools()', () => {
    const box = new ToolBox([tool('a')]);
    box.tools().push(tool('b'));
    expect(box.size).toBe(1);
  });

  it('filters: no list is the same toolbox, [] is empty, names in the order asked, unknown skipped, original untouched', () => {
    const box = new ToolBox([tool('a'), tool('b'), tool('c')]);
    expect(box.filter()).toBe(box);
    expect(box.filter([]).size).toBe(0);
    const picked = box.filter(['c', 'zz', 'a']);
    expect(names(picked)).toEqual(['c', 'a']);
    picked.register(tool('x'));
    expect(names(box)).toEqual(['a', 'b', 'c']);
  });

  it('calls a handler with the request as given and the arguments read', async () => {
    const seen: RunRequest[] = [];
    const box = new ToolBox([{ name: 'greet', handler: (request, input) => (seen.push(request), `Hello, ${(input as { name: string }).name}!`) }]);
    const request = ask('greet', '{"name": "World", "x": 1.0}', { slyData: { u: 1 }, timeoutSeconds: 2 });
    const result = await box.call(request);
    expect(result).toMatchObject({ name: 'greet', content: 'Hello, World!', isError: false });
    expect(result.durationMs).toBeGreaterThanOrEqual(0);
    // The request reaches the tool unchanged: its text (1.0), sly_data and timeout.
    expect(seen).toEqual([request]);
    expect(seen[0]).toBe(request);
  });

  it('never throws: unknown tool, throwing handler, rejecting handler, bad JSON arguments', async () => {
    const box = new ToolBox([
      { name: 'throws', handler: () => { throw new Error('boom'); } },
      { name: 'rejects', handler: () => Promise.reject(new Error('async boom')) },
    ]);
    expect(await box.call(ask('nope'))).toMatchObject({ content: 'tool not found: nope (tools: throws, rejects)', isError: true, errorKind: 'not_found' });
    expect((await new ToolBox([], 'tb.hocon').call(ask('nope'))).content).toBe('tool not found: nope (tools in tb.hocon: none)');
    expect(await box.call(ask('throws'))).toMatchObject({ content: 'boom', isError: true });
    expect(await box.call(ask('rejects'))).toMatchObject({ content: 'async boom', isError: true });
    const badJson = await box.call(ask('throws', '{oops'));
    expect(badJson.isError).toBe(true);
    expect(badJson.content).toBe("The arguments are not valid JSON at line 1, column 2: Expecting property name enclosed in double quotes");
  });

  it('passes a handler\'s error flag and details through', async () => {
    const box = new ToolBox([{ name: 't', handler: () => ({ content: 'no', isError: true, stdout: 'out' }) }]);
    expect(await box.call(ask('t'))).toMatchObject({ content: 'no', isError: true, stdout: 'out' });
  });
});
