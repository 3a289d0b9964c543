import { statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { readStateFile, SMALL_STATE_FILE_BYTES, writePrivateFile } from './privateState';

/**
 * Where browser mode and the CLI keep per-user state (recent files, preferences, test-run history):
 * $TOOLBOX_EDITOR_STATE_DIR, else $XDG_CONFIG_HOME/toolbox-editor, else ~/.config/toolbox-editor.
 */
export function defaultStateDir(env: Record<string, string | undefined>): string {
  if (env.TOOLBOX_EDITOR_STATE_DIR) return env.TOOLBOX_EDITOR_STATE_DIR;
  const config = env.XDG_CONFIG_HOME || path.join(os.homedir(), '.config');
  return path.join(config, 'toolbox-editor');
}

/**
 * The desktop app's state folder is Electron's `appData` folder joined with this name (electron/main.ts). It is what
 * Electron's `userData` is for this app: package.json's `name`, as it has no `productName` (electron-builder.yml's
 * productName names the packages and the window, not this folder).
 */
export const DESKTOP_STATE_FOLDER = 'toolbox-editor';

type Platform = NodeJS.Platform;

/** Electron's `appData` on each platform: %APPDATA% on Windows, ~/Library/Application Support on macOS, else $XDG_CONFIG_HOME or ~/.config. */
export function electronAppDataDir(env: Record<string, string | undefined>, platform: Platform = process.platform, home: string = os.homedir()): string {
  const join = platform === 'win32' ? path.win32.join : path.posix.join;
  if (platform === 'win32') return env.APPDATA || join(home, 'AppData', 'Roaming');
  if (platform === 'darwin') return join(home, 'Library', 'Application Support');
  return env.XDG_CONFIG_HOME || join(home, '.config');
}

/** The desktop app's state folder ($TOOLBOX_EDITOR_STATE_DIR when set, as the app takes it too). */
export function desktopStateDir(env: Record<string, string | undefined>, platform: Platform = process.platform, home: string = os.homedir()): string {
  if (env.TOOLBOX_EDITOR_STATE_DIR) return env.TOOLBOX_EDITOR_STATE_DIR;
  return (platform === 'win32' ? path.win32.join : path.posix.join)(electronAppDataDir(env, platform, home), DESKTOP_STATE_FOLDER);
}

/**
 * Every state folder of this user that holds Toolbox Editor's state, for a command that changes what is kept there
 * (`rename` moves a tool's runs): the desktop app's and browser mode's (one folder on Linux, two on macOS and Windows),
 * those that exist; browser mode's when none does.
 */
export function stateDirsOf(
  env: Record<string, string | undefined>,
  platform: Platform = process.platform,
  home: string = os.homedir(),
  exists: (dir: string) => boolean = isDirectory,
): string[] {
  const candidates = [...new Set([desktopStateDir(env, platform, home), defaultStateDir(env)])];
  const found = candidates.filter(exists);
  return found.length > 0 ? found : [defaultStateDir(env)];
}

function isDirectory(dir: string): boolean {
  try {
    return statSync(dir).isDirectory();
  } catch {
    return false;
  }
}

const MAX_RECENT = 12;

/** The recently opened files, newest first, kept in `recent.json` in the state folder. */
export class RecentFiles {
  private readonly file: string;

  constructor(stateDir: string) {
    this.file = path.join(stateDir, 'recent.json');
  }

  async list(): Promise<string[]> {
    try {
      const parsed: unknown = JSON.parse((await readStateFile(this.file, SMALL_STATE_FILE_BYTES)) ?? '[]');
      return Array.isArray(parsed) ? parsed.filter((p): p is string => typeof p === 'string').slice(0, MAX_RECENT) : [];
    } catch {
      return []; // no file yet, or a damaged one: recent files are a convenience, never a reason to fail
    }
  }

  async add(filePath: string): Promise<string[]> {
    const next = [filePath, ...(await this.list()).filter((p) => p !== filePath)].slice(0, MAX_RECENT);
    await this.save(next);
    return next;
  }

  async clear(): Promise<void> {
    await this.save([]);
  }

  private async save(files: string[]): Promise<void> {
    await writePrivateFile(this.file, `${JSON.stringify(files, null, 2)}\n`, path.dirname(this.file));
  }
}
