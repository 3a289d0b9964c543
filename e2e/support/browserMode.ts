import { test as base, expect, type Page } from '@playwright/test';
import { spawn, type ChildProcess } from 'node:child_process';
import { copyFileSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
export const cliPath = path.join(repoRoot, 'dist', 'cli', 'toolbox-editor.cjs');
export const fixturePath = (name: string) => path.join(repoRoot, 'fixtures', 'toolboxes', name);

export interface BrowserModeServer {
  url: string;
  port: number;
  token: string;
  /** A private temporary folder: the server's working directory; fixture files are copied here. */
  dir: string;
  stop(): Promise<void>;
}

/** Starts `toolbox-editor web [FILE]` in its own temp folder and state folder, on a free port. */
export async function startBrowserMode(
  options: { fixture?: string; dir?: string; env?: Record<string, string>; args?: string[]; /** A file or folder to name on the command line (`web DIR`). */ open?: string } = {},
): Promise<BrowserModeServer> {
  const dir = options.dir ?? mkdtempSync(path.join(os.tmpdir(), 'toolbox-editor-e2e-'));
  const args = [cliPath, 'web', '--port', '0', ...(options.args ?? [])];
  if (options.fixture) {
    copyFileSync(fixturePath(options.fixture), path.join(dir, options.fixture));
    args.push(options.fixture);
  }
  if (options.open) args.push(options.open);
  const child = spawn(process.execPath, args, {
    cwd: dir,
    env: { ...process.env, TOOLBOX_EDITOR_STATE_DIR: path.join(dir, '.state'), ...options.env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const url = await firstUrl(child);
  const parsed = new URL(url);
  return {
    url,
    port: Number(parsed.port),
    token: parsed.searchParams.get('token')!,
    dir,
    stop: async () => {
      if (child.exitCode === null) {
        child.kill('SIGTERM');
        await new Promise((resolve) => child.once('exit', resolve));
      }
      if (!options.dir) rmSync(dir, { recursive: true, force: true });
    },
  };
}

function firstUrl(child: ChildProcess): Promise<string> {
  return new Promise((resolve, reject) => {
    let out = '';
    let err = '';
    const timer = setTimeout(() => reject(new Error(`toolbox-editor web printed no URL in 15 s\n${out}\n${err}`)), 15_000);
    child.stdout!.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const match = /^Toolbox Editor: (http:\/\/127\.0\.0\.1:\d+\/\?token=\S+)$/m.exec(out);
      if (match) {
        clearTimeout(timer);
        resolve(match[1]!);
      }
    });
    child.stderr!.on('data', (chunk: Buffer) => (err += chunk.toString()));
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`toolbox-editor web exited with ${code}\n${out}\n${err}`));
    });
  });
}

/** Records every request the page makes, so a test can assert that nothing leaves 127.0.0.1. */
export function recordRequests(page: Page): string[] {
  const urls: string[] = [];
  page.on('request', (request) => urls.push(request.url()));
  return urls;
}

export function foreignRequests(urls: string[], port: number): string[] {
  return urls.filter((u) => !u.startsWith(`http://127.0.0.1:${port}/`) && !u.startsWith(`ws://127.0.0.1:${port}/`) && !/^(data|blob):/.test(u));
}

/** Switches the centre pane to the file as text (it opens on the selected tool's form). */
export async function showHoconText(page: Page): Promise<void> {
  await page.getByRole('region', { name: 'Editor' }).getByRole('tab', { name: 'HOCON', exact: true }).click();
}

/** Monaco's rendered lines in the HOCON tab. */
export function hoconLines(page: Page) {
  return page.getByRole('region', { name: 'Editor' }).locator('.monaco-editor .view-lines');
}

/** The Monaco editor's visible text area: click, then type. */
export async function typeAtEndOfEditor(page: Page, text: string): Promise<void> {
  await showHoconText(page);
  const editor = page.getByRole('region', { name: 'Editor' }).locator('.monaco-editor').first();
  await expect(editor).toBeVisible();
  await editor.locator('.view-lines').click();
  await page.keyboard.press('ControlOrMeta+End');
  await page.keyboard.type(text);
}

export const test = base.extend<{ server: BrowserModeServer }>({
  // eslint-disable-next-line no-empty-pattern
  server: async ({}, use) => {
    const server = await startBrowserMode({ fixture: 'commented.hocon' });
    await use(server);
    await server.stop();
  },
});
export { expect };
