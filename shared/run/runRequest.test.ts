import { describe, expect, it } from 'vitest';
import { callCommandLine } from './commandLine';
import { caseFileFor, caseFromEntry, entryOfCase } from './savedCase';
import { renameToolInCaseFile } from './caseFileEdits';
import { applyEdits } from '../hocon/index';
import { mcpTarget, runKey, targetFromName, targetLabel, toolboxTarget } from './runRequest';

describe('a target named on the command line', () => {
  const entries = [
    { name: 'notes', kind: 'toolkit' },
    { name: 'notes_pro', kind: 'langchain' },
    { name: 'greet', kind: 'coded' },
  ];
  it("is an entry, or a LangChain entry's tool written <entry>_<tool> (the longest entry wins)", () => {
    expect(targetFromName('greet', entries)).toEqual({ kind: 'toolbox', tool: 'greet' });
    expect(targetFromName('notes_add_note', entries)).toEqual({ kind: 'toolbox', tool: 'notes', toolkitTool: 'add_note' });
    expect(targetFromName('notes_pro_list', entries)).toEqual({ kind: 'toolbox', tool: 'notes_pro', toolkitTool: 'list' });
    expect(targetFromName('greet_x', entries)).toEqual({ kind: 'toolbox', tool: 'greet_x' });
    expect(targetFromName('nope', entries)).toEqual({ kind: 'toolbox', tool: 'nope' });
  });
});

describe('Copy as CLI', () => {
  it('writes the request as `toolbox-editor call` takes it, with the options the settings add', () => {
    const request = { target: toolboxTarget('notes', 'add_note'), argsJson: '{\n  "text": "it\'s 1.0"\n}', slyData: { u: 1 }, timeoutSeconds: 5, sendInvalidArgs: true };
    expect(callCommandLine('/a b/tb.hocon', request, ['--python', '/py', '--timeout', '60'])).toBe(
      `toolbox-editor call '/a b/tb.hocon' notes --toolkit-tool add_note --args '{"text":"it'\\''s 1.0"}' --sly-data '{"u":1}' --send-invalid --python /py --timeout 5`,
    );
    expect(callCommandLine('tb.hocon', { target: toolboxTarget('greet'), argsJson: '{}' })).toBe(`toolbox-editor call tb.hocon greet --args '{}'`);
  });

  it('puts the options first and -- before a file or tool name that starts with -, and --name=value for a value that does', () => {
    expect(callCommandLine('t.hocon', { target: toolboxTarget('-dash'), argsJson: '{}' })).toBe(`toolbox-editor call --args '{}' -- t.hocon -dash`);
    expect(callCommandLine('-t.hocon', { target: toolboxTarget('p'), argsJson: '-1' }, ['--pythonpath', '-odd dir'])).toBe(`toolbox-editor call --args=-1 '--pythonpath=-odd dir' -- -t.hocon p`);
    // The line node/cli/commands/call.test.ts runs.
    expect(callCommandLine('-dashed.hocon', { target: toolboxTarget('-dash'), argsJson: '{"name": "-Ada"}', timeoutSeconds: 30 })).toBe(
      `toolbox-editor call --args '{"name":"-Ada"}' --timeout 30 -- -dashed.hocon -dash`,
    );
  });
});

describe('the saved cases of a toolbox', () => {
  it('live beside it, named after it', () => {
    expect(caseFileFor('toolbox/toolbox_info.hocon')).toBe('toolbox/toolbox_info.tests.json');
    expect(caseFileFor('C:\\p\\tb.json')).toBe('C:\\p\\tb.tests.json');
    expect(caseFileFor('.hidden')).toBe('.hidden.tests.json');
  });

  it("follow a rename: each case's tool, and nothing else of the file", () => {
    const text = '{"version": 1, "cases": [\n  {"name": "greet", "tool": "greet", "args": {"tool": "greet"}, "expect": {"content": "greet"}},\n  {"name": "b", "tool": "other", "args": {}, "expect": {"error": true}}\n]}';
    expect(applyEdits(text, renameToolInCaseFile(text, 'greet', 'hello'))).toBe(text.replace('"tool": "greet", "args"', '"tool": "hello", "args"'));
    expect(renameToolInCaseFile('not json', 'greet', 'hello')).toEqual([]);
  });
});

describe("an MCP server's tool as a run's target", () => {
  const url = 'http://127.0.0.1:3001/mcp';
  const slyData = { user: 'ada', http_headers: { [url]: { Authorization: 'Bearer sekret' } } };
  const request = { target: mcpTarget(url, 'echo'), argsJson: '{"message": "hi"}', slyData, timeoutSeconds: 5 };

  it("keeps its runs apart from an entry of the same name", () => {
    expect(runKey(request.target)).toBe(`mcp ${url} echo`);
    expect(runKey(toolboxTarget('echo'))).toBe('echo');
    expect(targetLabel(request.target)).toBe(`echo (MCP ${url})`);
  });

  it('is copied as call --mcp, with the folder the info file is found from, and without the credentials sly_data had', () => {
    const line = callCommandLine('/p/registries/n.hocon', request, ['--python', '/py', '--cwd', '/p', '--timeout', '60']);
    expect(line).toBe(
      `toolbox-editor call --mcp ${url} --args '{"message":"hi"}' --sly-data '{"user":"ada","http_headers":{"${url}":{"Authorization":"<not kept: give it as \${VAR} in the MCP info file>"}}}' --cwd /p --timeout 5 echo`,
    );
    expect(line).not.toContain('sekret');
  });

  it('is saved with mcp_server, read back as the same target, and written without the credentials', () => {
    const entry = entryOfCase({ name: 'echoes', request, expect: { content: 'Echo: hi' } }, { message: 'hi' });
    expect(entry).toMatchObject({ name: 'echoes', mcp_server: url, tool: 'echo', args: { message: 'hi' }, timeout_seconds: 5 });
    expect(JSON.stringify(entry)).not.toContain('sekret');
    expect(caseFromEntry(entry, '{"message": "hi"}').request.target).toEqual({ kind: 'mcp', url, tool: 'echo' });
  });
});
