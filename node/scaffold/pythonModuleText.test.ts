import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { pythonModuleText } from './pythonModuleText';

const dir = mkdtempSync(path.join(os.tmpdir(), 'tbe-module-text-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Imports the module in Python and calls invoke with `args`: what it returns, and the class's docstring. */
function runInPython(text: string, args: object): { result: string; doc: string } {
  const file = path.join(dir, 'made_tool.py');
  writeFileSync(file, text);
  const script = [
    'import asyncio, json, sys',
    'sys.path.insert(0, sys.argv[1])',
    'import made_tool',
    'tool = made_tool.Made()',
    'print(json.dumps({"result": asyncio.run(tool.async_invoke(json.loads(sys.argv[2]), {})), "doc": made_tool.Made.__doc__}))',
  ].join('\n');
  return JSON.parse(execFileSync('python3', ['-c', script, dir, JSON.stringify(args)], { encoding: 'utf8' })) as { result: string; doc: string };
}

describe('pythonModuleText', () => {
  it('stays valid Python whatever the description and parameter names hold', () => {
    const text = pythonModuleText({
      className: 'Made',
      tool: 'made',
      fileName: 'made_tool.py',
      description: '\n      Quotes """ and \\ backslashes\n      and {braces}.\n',
      parameters: { type: 'object', properties: { 'a-b{': { type: 'array', items: { type: 'string' } }, for: { type: 'string', description: 'first\nsecond' } } },
      codedToolBase: false,
      python: 'python3',
    });
    const { result, doc } = runInPython(text, { 'a-b{': ['x'], for: 'y' });
    expect(result).toBe("Not implemented: Made.invoke in made_tool.py does not do anything yet (called with a-b{=['x'], for='y').");
    expect(doc).toBe('\n    Quotes """ and \\ backslashes\n    and {braces}.\n    ');
    expect(text).toContain('        for_ = args.get("for")  # string: first\n');
  });

  it('without parameters, answers the plain message', () => {
    const text = pythonModuleText({ className: 'Made', tool: 'made', fileName: 'made_tool.py', codedToolBase: false, python: 'python3' });
    expect(runInPython(text, {}).result).toBe('Not implemented: Made.invoke in made_tool.py does not do anything yet.');
  });
});
