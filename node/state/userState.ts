import { readFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { writePrivateFile } from './privateState';

/**
 * Where the app keeps per-user state (recent files). Electron passes its userData folder; the CLI uses
 * $TOOLBOX_EDITOR_STATE_DIR, else $XDG_CONFIG_HOME/toolbox-editor, else ~/.config/toolbox-editor.
 */
export function defaultStateDir(env: Record<string, string | undefined>): string {
  if (env.TOOLBOX_EDITOR_STATE_DIR) return env.TOOLBOX_EDITOR_STATE_DIR;
  const config = env.XDG_CONFIG_HOME || path.join(os.homedir(), '.config');
  return path.join(config, 'toolbox-editor');
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
      const parsed: unknown = JSON.parse(await readFile(this.file, 'utf8'));
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
