// The desktop shell's hardening, checked without an Electron binary: the build's fuses, the policies in the sources,
// and the link opener's behaviour with Electron's dialog and shell stubbed.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { DESKTOP_CSP, RENDERER_CSP } from '../shared/security/csp';
import { rendererFile } from '../node/server/staticFiles';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const source = (file: string) => readFileSync(path.join(root, file), 'utf8');

const electron = vi.hoisted(() => ({
  dialog: { showMessageBox: vi.fn(async () => ({ response: 1 })) },
  shell: { openExternal: vi.fn(async () => undefined) },
}));
vi.mock('electron', () => electron);

describe('the packaged app', () => {
  it('flips the fuses: no RunAsNode, cookies encrypted, asar integrity, app code only from the asar', () => {
    const config = source('electron-builder.yml');
    const fuses = /^electronFuses:\n((?: {2}.+\n)+)/m.exec(config)?.[1] ?? '';
    const value = (name: string) => new RegExp(`^ {2}${name}: (true|false)$`, 'm').exec(fuses)?.[1];
    expect(value('runAsNode')).toBe('false');
    expect(value('enableCookieEncryption')).toBe('true');
    expect(value('enableEmbeddedAsarIntegrityValidation')).toBe('true');
    expect(value('onlyLoadAppFromAsar')).toBe('true');
    expect(value('enableNodeOptionsEnvironmentVariable')).toBe('false');
    expect(value('enableNodeCliInspectArguments')).toBe('false');
    expect(value('grantFileProtocolExtraPrivileges')).toBe('false');
  });

  it('has no developer tools, in the window or the menu', () => {
    expect(source('electron/main.ts')).toContain('devTools: !app.isPackaged');
    const menu = source('electron/menu.ts');
    expect(menu).toContain("...(app.isPackaged ? [] : [{ role: 'toggleDevTools' as const }])");
    expect(menu.match(/toggleDevTools/g)).toHaveLength(1);
  });

  it('loads its page from app://, not file://, and trusts IPC only from that page', () => {
    const main = source('electron/main.ts');
    expect(main).toContain('mainWindow.loadURL(APP_PAGE_URL)');
    expect(main).not.toMatch(/loadFile\(|file:\/\//);
    expect(source('electron/ipc.ts')).toContain('const pageUrl = APP_PAGE_URL;');
    expect(source('electron/appProtocol.ts')).toContain("'Content-Security-Policy': DESKTOP_CSP");
  });

  it('answers no permission check and no permission request', () => {
    const security = source('electron/security.ts');
    expect(security).toContain('setPermissionCheckHandler(() => false)');
    expect(security).toContain('setPermissionRequestHandler((_contents, _permission, callback) => callback(false))');
  });

  it('has a desktop CSP without the WebSocket source browser mode needs', () => {
    expect(DESKTOP_CSP).not.toMatch(/ws:|wss:/);
    expect(DESKTOP_CSP).toContain("connect-src 'self'");
    expect(RENDERER_CSP).toContain('ws://127.0.0.1:*');
  });

  it('serves over app:// only files inside the renderer folder', () => {
    const dir = path.join(root, 'dist', 'renderer');
    expect(rendererFile(dir, '/')).toBe(path.join(dir, 'index.html'));
    expect(rendererFile(dir, '/assets/x.js')).toBe(path.join(dir, 'assets', 'x.js'));
    for (const bad of ['/../package.json', '/%2e%2e/package.json', '/assets/%E0%A4%A', '/..%2f..%2fetc/passwd']) expect(rendererFile(dir, bad)).toBeUndefined();
  });
});

describe('links opened in the browser', () => {
  beforeEach(() => {
    electron.dialog.showMessageBox.mockClear();
    electron.shell.openExternal.mockClear();
  });

  it('opens only http(s), never file:, javascript: or a custom scheme', async () => {
    const { openExternalLink } = await import('./externalLinks');
    for (const url of ['file:///etc/passwd', 'javascript:alert(1)', 'smb://host/share', 'not a url']) {
      expect(await openExternalLink(url, null)).toBe(false);
    }
    expect(electron.dialog.showMessageBox).not.toHaveBeenCalled();
    expect(electron.shell.openExternal).not.toHaveBeenCalled();
  });

  it('asks before opening an unknown host, and only once per host', async () => {
    const { openExternalLink } = await import('./externalLinks');
    electron.dialog.showMessageBox.mockResolvedValueOnce({ response: 1 });
    expect(await openExternalLink('https://unknown.example/a', null)).toBe(false);
    expect(electron.shell.openExternal).not.toHaveBeenCalled();
    electron.dialog.showMessageBox.mockResolvedValueOnce({ response: 0 });
    expect(await openExternalLink('https://unknown.example/b', null)).toBe(true);
    expect(await openExternalLink('https://unknown.example/c', null)).toBe(true);
    expect(electron.dialog.showMessageBox).toHaveBeenCalledTimes(2);
    expect(electron.shell.openExternal.mock.calls.map((c) => (c as unknown[])[0])).toEqual(['https://unknown.example/b', 'https://unknown.example/c']);
  });
});
