import { describe, expect, it } from 'vitest';
import { ToolBox, type Tool } from './toolBox';

const tool = (name: string, reply = name): Tool => ({ name, handler: () => reply });
const names = (box: ToolBox): string[] => box.tools().map((t) => t.name);

describe('ToolBox', () => {
  it('registers tools in insertion order; a same-named tool replaces the old one in place', async () => {
    const box = new ToolBox();
    box.register(tool('a'), tool('b'), tool('c'));
    box.register(tool('b', 'new b'), tool('d'));
    expect(names(box)).toEqual(['a', 'b', 'c', 'd']);
    expect(box.size).toBe(4);
    expect((await box.call({ name: 'b' })).content).toBe('new b');
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
    expect((await box.call({ name: 'a' })).content).toBe('other a');
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

  it('calls a handler with the parsed arguments and echoes the call id', async () => {
    const box = new ToolBox([{ name: 'greet', handler: (input) => `Hello, ${(input as { name: string }).name}!` }]);
    const result = await box.call({ id: '1', name: 'greet', arguments: '{"name":"World"}' });
    expect(result).toMatchObject({ toolCallId: '1', name: 'greet', content: 'Hello, World!', isError: false });
    expect(result.durationMs).toBeGreaterThanOrEqual(0);
    const fromObject = await box.call({ name: 'greet', arguments: { name: 'Ada' } });
    expect(fromObject.content).toBe('Hello, Ada!');
  });

  it('never throws: unknown tool, throwing handler, rejecting handler, bad JSON arguments', async () => {
    const box = new ToolBox([
      { name: 'throws', handler: () => { throw new Error('boom'); } },
      { name: 'rejects', handler: () => Promise.reject(new Error('async boom')) },
    ]);
    expect(await box.call({ name: 'nope' })).toMatchObject({ content: 'tool not found: nope (tools: throws, rejects)', isError: true, errorKind: 'not_found' });
    expect((await new ToolBox([], 'tb.hocon').call({ name: 'nope' })).content).toBe('tool not found: nope (tools in tb.hocon: none)');
    expect(await box.call({ name: 'throws' })).toMatchObject({ content: 'boom', isError: true });
    expect(await box.call({ name: 'rejects' })).toMatchObject({ content: 'async boom', isError: true });
    const badJson = await box.call({ name: 'throws', arguments: '{oops' });
    expect(badJson.isError).toBe(true);
    expect(badJson.content).toBe("The arguments are not valid JSON at line 1, column 2: Expecting property name enclosed in double quotes");
  });

  it('passes a handler\'s error flag and details through', async () => {
    const box = new ToolBox([{ name: 't', handler: () => ({ content: 'no', isError: true, stdout: 'out' }) }]);
    expect(await box.call({ name: 't' })).toMatchObject({ content: 'no', isError: true, stdout: 'out' });
  });
});
