import path from 'node:path';
import { DEFAULT_PREFERENCES, type Preferences } from '../../shared/api/index';
import { readRegularFileSync } from '../files/regularFile';
import { writePrivateFile } from './privateState';

/** Far more than any preferences file: a larger one (or a device, a FIFO) is not read, and the defaults apply. */
const PREFERENCES_MAX_BYTES = 1024 * 1024;

/** The user's preferences (theme, Python interpreter, AGENT_TOOL_PATH...), in `preferences.json` in the state folder. */
export class PreferencesStore {
  private readonly file: string;
  private cached: Preferences | undefined;

  constructor(stateDir: string) {
    this.file = path.join(stateDir, 'preferences.json');
  }

  async get(): Promise<Preferences> {
    return this.current();
  }

  /**
   * The preferences, read from their file the first time (a few hundred bytes, once): synchronous, so that a load of
   * a toolbox, which is, can follow a preference such as neuro-san's working directory without its caller having to
   * read the preferences first.
   */
  current(): Preferences {
    if (this.cached) return this.cached;
    let stored: Partial<Preferences> = {};
    try {
      const parsed: unknown = JSON.parse(new TextDecoder().decode(readRegularFileSync(this.file, PREFERENCES_MAX_BYTES).bytes));
      if (parsed && typeof parsed === 'object') stored = parsed as Partial<Preferences>;
    } catch {
      // none yet, or unreadable: the defaults apply (a damaged file is replaced on the next change)
    }
    this.cached = { ...DEFAULT_PREFERENCES, ...stored };
    return this.cached;
  }

  async set(change: Partial<Preferences>): Promise<Preferences> {
    const next = { ...(await this.get()), ...change };
    await writePrivateFile(this.file, `${JSON.stringify(next, null, 2)}\n`, path.dirname(this.file));
    this.cached = next;
    return next;
  }
}
