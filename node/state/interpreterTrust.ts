/**
 * Which interpreters a project's committed run settings name that the user has trusted (issue #32). A
 * `.toolbox-editor.json` that says `"python": "./evil.sh"` comes with a cloned repository: the app starts a program a
 * project chose only after its user said so, once per project and value, kept in the state folder (never in the
 * project, where a commit could say it for them). VS Code asks before it trusts a folder's settings in the same way.
 *
 * The rule, on every surface:
 * - the app (desktop and browser): `python` from the project's file is used by a run once trusted; until then the run
 *   is refused with the choice (the Test run pane's settings offer it); `python3` or the user's preference needs none;
 * - the CLI takes the project's choice, as before: it runs in the user's own checkout and in CI, where the command
 *   line is the user's word (`--python` overrides it);
 * - nothing that is not a run starts it at all (node/python/pythonFiles.ts).
 */
import path from 'node:path';
import { ApiError } from '../../shared/api/index';
import { DEFAULT_PYTHON, type ResolvedRunSettings } from '../../shared/run/index';
import { readRegularFileSync } from '../files/regularFile';
import { writePrivateFile } from './privateState';

const TRUST_MAX_BYTES = 4 * 1024 * 1024;

type Trusted = Record<string, string[]>;

export class InterpreterTrust {
  private readonly file: string;
  private cached: Trusted | undefined;

  constructor(private readonly stateDir: string) {
    this.file = path.join(stateDir, 'trusted-interpreters.json');
  }

  private read(): Trusted {
    if (this.cached) return this.cached;
    let stored: Trusted = {};
    try {
      const parsed: unknown = JSON.parse(new TextDecoder().decode(readRegularFileSync(this.file, TRUST_MAX_BYTES).bytes));
      if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) {
        for (const [key, values] of Object.entries(parsed)) {
          if (Array.isArray(values)) stored[key] = values.filter((v): v is string => typeof v === 'string');
        }
      }
    } catch {
      stored = {}; // none yet, or unreadable: nothing is trusted (a damaged file is replaced on the next trust)
    }
    this.cached = stored;
    return stored;
  }

  /** The interpreter these settings would start that the user has not trusted yet, if any. */
  untrusted(settings: Pick<ResolvedRunSettings, 'python' | 'file'>): string | undefined {
    const { value, from } = settings.python;
    if (from !== 'project file' || value === DEFAULT_PYTHON) return undefined;
    return this.read()[settings.file.path]?.includes(value) ? undefined : value;
  }

  /** Trusts the interpreter the project's file names, for that file only. */
  async trust(settings: Pick<ResolvedRunSettings, 'python' | 'file'>): Promise<void> {
    const value = this.untrusted(settings);
    if (value === undefined) return;
    const next = { ...this.read(), [settings.file.path]: [...(this.read()[settings.file.path] ?? []), value] };
    await writePrivateFile(this.file, `${JSON.stringify(next, null, 2)}\n`, this.stateDir);
    this.cached = next;
  }

  /** Throws `untrusted` when a run with these settings would start an interpreter the user has not trusted. */
  require(settings: Pick<ResolvedRunSettings, 'python' | 'file'>): void {
    const value = this.untrusted(settings);
    if (value === undefined) return;
    throw new ApiError(
      'untrusted',
      `${settings.file.path} chooses ${value} as the Python for this project's runs. Toolbox Editor starts a program a project names only once you trust it: ` +
        `choose "Trust and use it" in the Test run pane's run settings, or set an interpreter of your own in Preferences.`,
    );
  }
}
