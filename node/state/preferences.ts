import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { DEFAULT_PREFERENCES, type Preferences } from '../../shared/api/index';
import { writePrivateFile } from './privateState';

/** The user's preferences (theme, Python interpreter, AGENT_TOOL_PATH...), in `preferences.json` in the state folder. */
export class PreferencesStore {
  private readonly file: string;
  private cached: Preferences | undefined;

  constructor(stateDir: string) {
    this.file = path.join(stateDir, 'preferences.json');
  }

  async get(): Promise<Preferences> {
    if (this.cached) return this.cached;
    let stored: Partial<Preferences> = {};
    try {
      const parsed: unknown = JSON.parse(await readFile(this.file, 'utf8'));
      if (parsed && typeof parsed === 'object') stored = parsed as Partial<Preferences>;
    } catch {
      // none yet, or unreadable: the defaults apply (a damaged file is replaced on the next change)
    }
    this.cached = { ...DEFAULT_PREFERENCES, ...stored };
    return this.cached;
  }

  /** The preferences once read (undefined before the first `get`): for code that cannot wait. */
  peek(): Preferences | undefined {
    return this.cached;
  }

  async set(change: Partial<Preferences>): Promise<Preferences> {
    const next = { ...(await this.get()), ...change };
    await writePrivateFile(this.file, `${JSON.stringify(next, null, 2)}\n`, path.dirname(this.file));
    this.cached = next;
    return next;
  }
}
