import { describe, expect, it } from 'vitest';
import { cliCommand, shellQuote } from './cliCommand';

describe('copy as CLI command', () => {
  it('quotes for sh only where needed, a quote inside included', () => {
    expect(shellQuote('/tmp/toolbox_info.hocon')).toBe('/tmp/toolbox_info.hocon');
    expect(shellQuote('/my files/t.hocon')).toBe(`'/my files/t.hocon'`);
    expect(shellQuote(`{"q":"it's"}`)).toBe(`'{"q":"it'\\''s"}'`);
  });

  it('writes the call with arguments, sly_data, timeout and --send-invalid as the run had them', () => {
    expect(cliCommand({ file: '/w/t.hocon', tool: 'greet', argsJson: '{"name":"Ada"}' })).toBe(`toolbox-editor call /w/t.hocon greet --args '{"name":"Ada"}'`);
    expect(cliCommand({ file: '/w/t.hocon', tool: 'notes', toolkitTool: 'read', argsJson: '{}', slyData: { user: 'u' }, timeoutSeconds: 5, sendInvalidArgs: true })).toBe(
      `toolbox-editor call /w/t.hocon notes_read --args '{}' --sly-data '{"user":"u"}' --timeout 5 --send-invalid`,
    );
  });

  it('repeats the Python setup: interpreter, every PYTHONPATH folder, AGENT_TOOL_PATH', () => {
    expect(cliCommand({ file: 't.hocon', tool: 'p', argsJson: '{}', python: '/venv/bin/python', pythonPath: ['/my project', '/tools'], agentToolPath: 'my.coded_tools' })).toBe(
      `toolbox-editor call t.hocon p --args '{}' --python /venv/bin/python --pythonpath '/my project' --pythonpath /tools --agent-tool-path my.coded_tools`,
    );
    expect(cliCommand({ file: 't.hocon', tool: 'p', argsJson: '{}', python: 'python3', pythonPath: [] })).toBe(`toolbox-editor call t.hocon p --args '{}'`);
  });

  it('writes the arguments on one line as the run sent them: 1.0 and big integers as typed', () => {
    expect(cliCommand({ file: 't.hocon', tool: 'p', argsJson: '{\n  "x": 1.0,\n  "big": 12345678901234567890\n}' })).toBe(
      `toolbox-editor call t.hocon p --args '{"x":1.0,"big":12345678901234567890}'`,
    );
  });

  it('puts the options first and -- before a file or tool name that starts with -, and --name=value for a value that does', () => {
    expect(cliCommand({ file: 't.hocon', tool: '-dash', argsJson: '{}' })).toBe(`toolbox-editor call --args '{}' -- t.hocon -dash`);
    expect(cliCommand({ file: '-t.hocon', tool: 'p', argsJson: '-1', pythonPath: ['-odd dir'] })).toBe(`toolbox-editor call --args=-1 '--pythonpath=-odd dir' -- -t.hocon p`);
    // The line node/cli/commands/call.test.ts runs.
    expect(cliCommand({ file: '-dashed.hocon', tool: '-dash', argsJson: '{"name": "-Ada"}', timeoutSeconds: 30 })).toBe(`toolbox-editor call --args '{"name":"-Ada"}' --timeout 30 -- -dashed.hocon -dash`);
  });
});
