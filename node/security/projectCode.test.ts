/**
 * Issue #32's rule, kept: a project's code runs only when its user runs a tool. A cloned project plants canaries
 * everywhere Python would run them — `sitecustomize.py`, `usercustomize.py`, modules that shadow the standard library,
 * a committed interpreter script, a coded tool and a LangChain module that write on import — and every command that
 * is not a run (CLI, browser-mode API, the MCP server's start and tools/list, the language server) must leave no
 * canary. `call`, an MCP tools/call and the API's Run still run the tool (the canaries fire: the test can fail).
 */
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { apiCaller, browserModeService } from '../testSupport/apiCalls';
import { bundleEntry } from '../testSupport/bundleEntry';
import { runCliIn } from '../testSupport/cliRun';
import { languageServerInProcess } from '../testSupport/languageServerClient';
import type { ApiService } from '../api/handlers';

const here = path.dirname(fileURLToPath(import.meta.url));
const scratch = mkdtempSync(path.join(os.tmpdir(), 'tbe-hostile-'));
const canaries = path.join(scratch, 'canaries');
const bundle = path.join(scratch, 'toolbox-editor.cjs');

/** Python that leaves a file named `name` in the canary folder: proof that it ran. */
const canary = (name: string) => `import os as _os\nopen(_os.path.join(${JSON.stringify(canaries)}, ${JSON.stringify(name)}), "w").close()\n`;

/** A module that shadows the standard library's: leaves its canary, then hands the real module over (runs still work). */
const shadow = (name: string) =>
  canary(name) +
  [
    'import sys as _sys',
    '_here = _os.path.dirname(_os.path.abspath(__file__))',
    '_saved = list(_sys.path)',
    "_sys.path[:] = [p for p in _sys.path if _os.path.abspath(p or '.') != _here]",
    'del _sys.modules[__name__]',
    'import importlib as _importlib',
    '_real = _importlib.import_module(__name__)',
    '_sys.path[:] = _saved',
    '_sys.modules[__name__] = _real',
    '',
  ].join('\n');

const TOOLBOX = `# A toolbox whose every class is a trap
canary_tool {
    class = "canary_module.CanaryTool"
    description = "Says hello."
    parameters { type = object, properties { name { type = string, description = "Who." } }, required = [name] }
}
lc_tool {
    class = "evil_lc.sub.EvilTool"
    args { }
}
`;

/** A neuro-san project as a stranger's repository may ship it, canaries in every place Python looks. */
function hostileProject(options: { committedInterpreter: boolean }): string {
  const root = mkdtempSync(path.join(scratch, 'project-'));
  const files: Record<string, string> = {
    'registries/manifest.hocon': '{ "hello.hocon": true }\n',
    'registries/hello.hocon': '{ "tools": [ { "name": "front", "function": { "description": "Greets." }, "instructions": "Greet.", "tools": ["canary_tool"] } ] }\n',
    'toolbox/toolbox_info.hocon': TOOLBOX,
    '.env': 'AGENT_TOOLBOX_INFO_FILE=toolbox/toolbox_info.hocon\nAGENT_TOOL_PATH=coded_tools\n',
    'coded_tools/canary_module.py': `${canary('coded tool imported')}\nclass CanaryTool:\n    def invoke(self, args, sly_data):\n        return "hello " + args["name"]\n`,
    'evil_lc/__init__.py': canary('LangChain package imported'),
    'evil_lc/sub.py': `${canary('LangChain module imported')}\nclass EvilTool:\n    pass\n`,
    'sitecustomize.py': canary('sitecustomize.py'),
    'usercustomize.py': canary('usercustomize.py'),
    'typing.py': shadow('typing.py'),
    'inspect.py': shadow('inspect.py'),
    'traceback.py': shadow('traceback.py'),
    'requirements.txt': 'neuro-san==0.6.95\n',
  };
  if (options.committedInterpreter) {
    files['evil.sh'] = `#!/bin/sh\n: > ${JSON.stringify(path.join(canaries, 'evil.sh'))}\nexec python3 "$@"\n`;
    files['.toolbox-editor.json'] = JSON.stringify({ run: { python: './evil.sh' } });
  }
  for (const [name, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(root, name)), { recursive: true });
    writeFileSync(path.join(root, name), text);
  }
  if (options.committedInterpreter) chmodSync(path.join(root, 'evil.sh'), 0o755);
  return root;
}

const fired = (): string[] => (existsSync(canaries) ? readdirSync(canaries).sort() : []);
const env = () => ({ PATH: process.env.PATH, HOME: process.env.HOME });

beforeAll(async () => {
  await bundleEntry(path.join(here, '..', 'cli', 'bin.ts'), bundle, new URL('../../node/cli/x.cjs', import.meta.url));
}, 60_000);
beforeEach(() => {
  rmSync(canaries, { recursive: true, force: true });
  mkdirSync(canaries, { recursive: true });
});
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

let service: ApiService | undefined;
const clients: Client[] = [];
afterEach(async () => {
  await service?.dispose();
  service = undefined;
  await Promise.all(clients.splice(0).map((c) => c.close()));
});

async function mcpClient(root: string, ...args: string[]): Promise<Client> {
  const client = new Client({ name: 'hostile-project-test', version: '0' });
  clients.push(client);
  await client.connect(new StdioClientTransport({ command: process.execPath, args: [bundle, 'mcp', ...args], cwd: root, env: env() as Record<string, string>, stderr: 'ignore' }));
  return client;
}

describe.each([
  ['with a committed interpreter script', true],
  ['with the default python3', false],
])("a hostile project (%s): nothing but a run runs its code", (_, committedInterpreter) => {
  it('the CLI: validate, format, tools, catalog, agents, scaffold', async () => {
    const root = hostileProject({ committedInterpreter });
    const toolbox = 'toolbox/toolbox_info.hocon';
    for (const args of [
      ['validate', toolbox],
      ['validate', '.'],
      ['format', '--check', toolbox],
      ['tools', toolbox],
      ['catalog', toolbox],
      ['agents', 'registries/hello.hocon'],
      ['agents', 'registries/hello.hocon', '--agent', 'front', '--json'],
    ]) {
      const result = await runCliIn(root, args, env());
      expect(result.stderr, args.join(' ')).not.toMatch(/Traceback/);
    }
    writeFileSync(path.join(root, toolbox), `${TOOLBOX}fresh { class = "fresh_module.Fresh", description = "New.", parameters { type = object, properties {} } }\n`);
    const scaffold = await runCliIn(root, ['scaffold', toolbox, 'fresh'], env());
    expect(scaffold.code, scaffold.stderr).toBe(0);
    expect(fired()).toEqual([]);
  }, 60_000);

  it('the browser-mode API: analysis, project, catalog, class source, Create Python class', async () => {
    const root = hostileProject({ committedInterpreter });
    const file = path.join(root, 'toolbox', 'toolbox_info.hocon');
    service = browserModeService(root, { env: env() });
    const call = apiCaller(service);
    const doc = { path: file, text: TOOLBOX };
    await call('toolbox.analyze', doc);
    await call('project.open', { path: root });
    await call('catalog.render', { ...doc, keyOrder: 'insertion', vars: {} });
    const source = await call<{ ok: boolean; file?: string }>('tool.source', { ...doc, tool: 'canary_tool' });
    expect(source).toMatchObject({ ok: true, file: path.join(root, 'coded_tools', 'canary_module.py') });
    await call('tool.source', { ...doc, tool: 'lc_tool' });
    const fresh = { path: file, text: `${TOOLBOX}fresh { class = "fresh_module.Fresh", description = "New." }\n` };
    await call('tool.scaffold', { ...fresh, tool: 'fresh', dryRun: true });
    await call('tool.scaffold', { ...fresh, tool: 'fresh' });
    expect(existsSync(path.join(root, 'coded_tools', 'fresh_module.py'))).toBe(true);
    expect(fired()).toEqual([]);

    // The control: Run runs the project's code, as the user asked — with the interpreter the project names only once
    // the user trusted it (kept in the state folder).
    const runRequest = { ...doc, runId: 'r1', run: { target: { kind: 'toolbox', tool: 'canary_tool' }, argsJson: '{"name": "Ada"}' } };
    if (committedInterpreter) {
      await expect(call('tool.run', runRequest)).rejects.toThrow(/^untrusted: .*\.toolbox-editor\.json chooses .*evil\.sh as the Python/);
      expect(fired()).toEqual([]);
      expect(await call('run.settings', { path: file })).toMatchObject({ untrustedInterpreter: path.join(root, 'evil.sh') });
      expect(await call('run.trustInterpreter', { path: file })).not.toHaveProperty('untrustedInterpreter');
    }
    const run = await call<{ isError: boolean; content: string }>('tool.run', runRequest);
    expect(run).toMatchObject({ isError: false, content: 'hello Ada' });
    expect(fired()).toContain('coded tool imported');
    if (committedInterpreter) expect(fired()).toContain('evil.sh');
  }, 60_000);

  it('the language server: diagnostics, symbols and hovers of the project', async () => {
    const root = hostileProject({ committedInterpreter });
    const server = await languageServerInProcess({ rootUri: pathToFileURL(root).href });
    try {
      const uri = pathToFileURL(path.join(root, 'toolbox', 'toolbox_info.hocon')).href;
      server.client.sendNotification('textDocument/didOpen', { textDocument: { uri, languageId: 'hocon', version: 1, text: TOOLBOX } });
      await server.client.sendRequest('textDocument/documentSymbol', { textDocument: { uri } });
      await server.client.sendRequest('textDocument/hover', { textDocument: { uri }, position: { line: 2, character: 16 } });
      const deadline = Date.now() + 20_000;
      while (!server.diagnostics.has(uri) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
      expect(server.diagnostics.has(uri)).toBe(true);
    } finally {
      await server.dispose();
    }
    expect(fired()).toEqual([]);
  }, 60_000);

  it("the MCP server: its start and tools/list run nothing; a tools/call runs the tool", async () => {
    const root = hostileProject({ committedInterpreter });
    const client = await mcpClient(root, '.');
    const listed = await client.listTools();
    expect(listed.tools.map((t) => t.name)).toEqual(expect.arrayContaining(['canary_tool', 'lc_tool']));
    await new Promise((r) => setTimeout(r, 300));
    expect(fired()).toEqual([]);

    const result = await client.callTool({ name: 'canary_tool', arguments: { name: 'Ada' } });
    expect(result.content).toEqual([{ type: 'text', text: 'hello Ada' }]);
    expect(fired()).toContain('coded tool imported');
    if (committedInterpreter) expect(fired()).toContain('evil.sh');
  }, 60_000);

  it('`call` runs the project\'s code, with its committed interpreter: the CLI takes the project\'s choice', async () => {
    const root = hostileProject({ committedInterpreter });
    const result = await runCliIn(root, ['call', 'toolbox/toolbox_info.hocon', 'canary_tool', '--args', '{"name": "Ada"}'], env());
    expect(result).toMatchObject({ code: 0, stdout: 'hello Ada\n' });
    expect(fired()).toEqual(expect.arrayContaining(['coded tool imported', 'sitecustomize.py', ...(committedInterpreter ? ['evil.sh'] : [])]));
  }, 60_000);
});
