import { mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { DESKTOP_STATE_FOLDER, desktopStateDir, stateDirsOf } from './userState';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe("the desktop app's state folder (Electron's userData for this app)", () => {
  it('is found on each platform as Electron names it', () => {
    expect(desktopStateDir({}, 'linux', '/home/ada')).toBe('/home/ada/.config/toolbox-editor');
    expect(desktopStateDir({ XDG_CONFIG_HOME: '/xdg' }, 'linux', '/home/ada')).toBe('/xdg/toolbox-editor');
    expect(desktopStateDir({}, 'darwin', '/Users/ada')).toBe('/Users/ada/Library/Application Support/toolbox-editor');
    expect(desktopStateDir({ APPDATA: 'C:\\Users\\ada\\AppData\\Roaming' }, 'win32', 'C:\\Users\\ada')).toBe('C:\\Users\\ada\\AppData\\Roaming\\toolbox-editor');
    expect(desktopStateDir({ TOOLBOX_EDITOR_STATE_DIR: '/elsewhere' }, 'darwin', '/Users/ada')).toBe('/elsewhere');
  });

  it("is the name Electron gives this app's userData: package.json's productName, else its name", () => {
    const pkg = JSON.parse(readFileSync(path.join(__dirname, '../../package.json'), 'utf8')) as { name: string; productName?: string };
    expect(pkg.productName ?? pkg.name).toBe(DESKTOP_STATE_FOLDER);
  });

  it("rename's history moves in the desktop app's folder and browser mode's, those that exist", () => {
    const home = mkdtempSync(path.join(os.tmpdir(), 'tbe-home-'));
    dirs.push(home);
    const desktop = path.join(home, 'Library', 'Application Support', 'toolbox-editor');
    const browser = path.join(home, 'xdg', 'toolbox-editor');
    const env = { XDG_CONFIG_HOME: path.join(home, 'xdg') };
    // Neither exists yet: browser mode's, where the CLI keeps state.
    expect(stateDirsOf(env, 'darwin', home)).toEqual([browser]);
    mkdirSync(desktop, { recursive: true });
    expect(stateDirsOf(env, 'darwin', home)).toEqual([desktop]);
    mkdirSync(browser, { recursive: true });
    expect(stateDirsOf(env, 'darwin', home)).toEqual([desktop, browser]);
    // On Linux both are one folder.
    expect(stateDirsOf(env, 'linux', home)).toEqual([browser]);
    // The variable names the one folder every side uses.
    expect(stateDirsOf({ ...env, TOOLBOX_EDITOR_STATE_DIR: desktop }, 'darwin', home)).toEqual([desktop]);
  });
});
