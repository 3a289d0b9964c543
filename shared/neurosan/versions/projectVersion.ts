/**
 * Which neuro-san version a project runs, and why: what the user set for the project, else what the chosen Python
 * has installed (known only when a run or check has started that Python), else the project's pin, else the newest
 * release the editor knows.
 */
import { factsFor, NEWEST_KNOWN_VERSION, type NeuroSanFacts } from './facts';
import { describePin, type NeuroSanPin } from './pin';
import { compareVersions, parseVersion, version as v } from './version';

export type VersionSource = 'command line' | 'project setting' | 'interpreter' | 'pin' | 'newest known';

export interface ProjectNeuroSan {
  /** As the user would write it (`0.5.55`). */
  version: string;
  from: VersionSource;
  /** Why, in words: `neuro-san==0.5.55 in requirements.txt:12`, `installed in /usr/bin/python3`. */
  how: string;
  /** The file that says so, relative to the project root, when one does. */
  file?: string;
  /** 1-based, with `file`. */
  line?: number;
}

export interface VersionSources {
  /** `neuroSanVersion` of the project's `.toolbox-editor.json` (`where`: that file), or the command line's `--neuro-san-version`. */
  override?: { version: string; where: string; commandLine?: boolean };
  /** What the chosen interpreter has installed: its version, or null when neuro-san is not installed there. */
  interpreter?: { version: string | null; python: string };
  /** The project's requirements on neuro-san, in the order they are looked at. */
  pins?: readonly NeuroSanPin[];
}

export function chooseNeuroSanVersion(sources: VersionSources): ProjectNeuroSan {
  const override = sources.override;
  if (override && parseVersion(override.version)) {
    return override.commandLine
      ? { version: override.version, from: 'command line', how: `--neuro-san-version ${override.version}` }
      : { version: override.version, from: 'project setting', how: `neuroSanVersion in ${override.where}`, file: override.where };
  }
  const interpreter = sources.interpreter;
  if (interpreter?.version && parseVersion(interpreter.version)) {
    return { version: interpreter.version, from: 'interpreter', how: `installed in ${interpreter.python} (importlib.metadata)` };
  }
  const pin = sources.pins?.find((p) => p.implied !== undefined);
  if (pin) return { version: pin.implied!.text, from: 'pin', how: describePin(pin), file: pin.file, line: pin.line };
  const unread = sources.pins?.[0];
  return {
    version: NEWEST_KNOWN_VERSION,
    from: 'newest known',
    how: unread ? `${describePin(unread)}: ${unread.how}; the newest release the editor knows` : 'no neuro-san pin in requirements*.txt, pyproject.toml or setup.cfg: the newest release the editor knows',
  };
}

export function factsOfProject(chosen: ProjectNeuroSan): NeuroSanFacts {
  return factsFor(parseVersion(chosen.version) ?? v(NEWEST_KNOWN_VERSION));
}

/**
 * `neuro-san 0.5.55 (pin: neuro-san==0.5.55 in requirements.txt:3)`: the summary line of `validate` and the status
 * bar's title. A version newer than the newest release the editor knows says so, and what it is judged as: that
 * release's facts (and the changes the table places in no release yet), not the version's own.
 */
export function describeProjectNeuroSan(chosen: ProjectNeuroSan): string {
  return `neuro-san ${chosen.version} (${chosen.from}: ${chosen.how}${newerThanKnownWords(chosen.version)})`;
}

/** ` — newer than 0.7.4, the newest release the editor knows: judged as 0.7.4`, or '' for a version it knows. */
export function newerThanKnownWords(text: string): string {
  const parsed = parseVersion(text);
  if (!parsed || compareVersions(parsed, v(NEWEST_KNOWN_VERSION)) <= 0) return '';
  return ` — newer than ${NEWEST_KNOWN_VERSION}, the newest release the editor knows: judged as ${NEWEST_KNOWN_VERSION}`;
}
