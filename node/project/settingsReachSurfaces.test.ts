import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import type { ToolboxAnalysis } from '../../shared/api/index';
import type { ApiService } from '../api/handlers';
import { ProjectWorkspace } from '../language/projectWorkspace';
import { apiCaller, browserModeService } from '../testSupport/apiCalls';
import { workspace } from '../testSupport/cliRun';
import { languageServerInProcess, type InProcessServer } from '../testSupport/languageServerClient';

/**
 * Issue #34: a change to the project's `.env` or its settings file (`.toolbox-editor.json`) reaches each running
 * surface without a restart: the app's analysis (browser mode's API) and a language server session. (The MCP server's
 * is in node/mcp/mcpServer.test.ts: it needs the bundled CLI.) The network uses a tool of toolbox/custom.hocon, which
 * only the `.env` names; the toolbox's short description is style advice the settings file can turn off.
 */
const PROJECT = {
  'registries/manifest.hocon': '{ "parts.hocon": true }\n',
  'registries/parts.hocon': '{\n  "tools": [\n    { "name": "front", "instructions": "Answer.", "function": { "description": "Answers." }, "tools": ["lookup"] }\n    { "name": "lookup", "toolbox": "lookup" }\n  ]\n}\n',
  'toolbox/custom.hocon': '{\n  "lookup": { "class": "tools.Lookup", "description": "Looks up.", "parameters": { "type": "object", "properties": {} } }\n}\n',
};
const DOT_ENV = 'AGENT_TOOLBOX_INFO_FILE=toolbox/custom.hocon\n';
const RULES_OFF = '{ "rules": { "description-too-short": "off" } }\n';

let service: ApiService | undefined;
let server: InProcessServer | undefined;
afterEach(async () => {
  service?.dispose();
  await server?.dispose();
  service = undefined;
  server = undefined;
});

describe("the project's settings reach each surface without a restart", () => {
  it('the app: the next analysis reads the changed .env and settings file', async () => {
    const root = workspace(PROJECT, 'tbe-settings-live-');
    service = browserModeService(root, { env: {} });
    const call = apiCaller(service);
    const rules = async (file: string) => (await call<ToolboxAnalysis>('toolbox.analyze', { path: path.join(root, file), text: PROJECT[file as keyof typeof PROJECT] })).diagnostics.map((d) => d.rule);
    expect(await rules('registries/parts.hocon')).toContain('undefined-tool');
    writeFileSync(path.join(root, '.env'), DOT_ENV);
    await expect.poll(() => rules('registries/parts.hocon'), { timeout: 10_000, interval: 250 }).not.toContain('undefined-tool');
    expect(await rules('toolbox/custom.hocon')).toContain('description-too-short');
    writeFileSync(path.join(root, '.toolbox-editor.json'), RULES_OFF);
    await expect.poll(() => rules('toolbox/custom.hocon'), { timeout: 10_000, interval: 250 }).not.toContain('description-too-short');
  }, 30_000);

  it('a language server session: the next diagnostics after the file events', async () => {
    const root = workspace(PROJECT, 'tbe-settings-live-');
    server = await languageServerInProcess({ env: {}, rootUri: pathToFileURL(root).href });
    const rulesOf = (file: string) => (server!.diagnostics.get(pathToFileURL(path.join(root, file)).href) ?? []).map((d) => d.code);
    await expect.poll(() => rulesOf('registries/parts.hocon'), { timeout: 15_000 }).toContain('undefined-tool');
    const changed = (name: string, text: string) => {
      writeFileSync(path.join(root, name), text);
      server!.client.sendNotification('workspace/didChangeWatchedFiles', { changes: [{ uri: pathToFileURL(path.join(root, name)).href, type: 1 }] });
    };
    changed('.env', DOT_ENV);
    await expect.poll(() => rulesOf('registries/parts.hocon'), { timeout: 15_000 }).not.toContain('undefined-tool');
    expect(rulesOf('toolbox/custom.hocon')).toContain('description-too-short');
    changed('.toolbox-editor.json', RULES_OFF);
    await expect.poll(() => rulesOf('toolbox/custom.hocon'), { timeout: 15_000 }).not.toContain('description-too-short');
  }, 45_000);

  it("a language server's hovers read the .env again once it changed, even with no file event", () => {
    const root = workspace({ ...PROJECT, '.env': 'GREETING=hello\n' }, 'tbe-settings-live-');
    const project = new ProjectWorkspace(root, new Map(), {});
    expect(project.resolveOptions().env?.GREETING).toBe('hello');
    // A longer text: its size differs even where the file system's mtime is coarse.
    writeFileSync(path.join(root, '.env'), 'GREETING=good morning\n');
    expect(project.resolveOptions().env?.GREETING).toBe('good morning');
  });
});
