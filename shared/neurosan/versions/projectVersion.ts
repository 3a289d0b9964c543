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
  /**
   * What the chosen interpreter said it has (null: no neuro-san), when a run or check had started it: the version
   * may come from elsewhere (a setting, the pin) while that Python has another, or none.
   */
  interpreter?: { python: string; version: string | null };
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
  const interpreter = sources.interpreter;
  const said = interpreter ? { interpreter: { python: interpreter.python, version: interpreter.version } } : {};
  const override = sources.override;
  if (override && parseVersion(override.version)) {
    return override.commandLine
      ? { version: override.version, from: 'command line', how: `--neuro-san-version ${override.version}`, ...said }
      : { version: override.version, from: 'project setting', how: `neuroSanVersion in ${override.where}`, file: override.where, ...said };
  }
  if (interpreter?.version && parseVersion(interpreter.version)) {
    return { version: interpreter.version, from: 'interpreter', how: `installed in ${interpreter.python} (importlib.metadata)`, ...said };
  }
  const pin = sources.pins?.find((p) => p.implied !== undefined);
  if (pin) return { version: pin.implied!.text, from: 'pin', how: describePin(pin), file: pin.file, line: pin.line, ...said };
  const unread = sources.pins?.[0];
  return {
    version: NEWEST_KNOWN_VERSION,
    from: 'newest known',
    how: unread ? `${describePin(unread)}: ${unread.how}; the newest release the editor knows` : 'no neuro-san pin in requirements*.txt, pyproject.toml or setup.cfg: the newest release the editor knows',
    ...said,
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

/**
 * The status bar's title: where the version comes from in full, and what the runs' Python said it has when the
 * version is not its own (`pin: neuro-san==0.6.95 in requirements.txt:3; python3 has no neuro-san installed
 * (importlib.metadata)`). Its metadata is what it was asked: a neuro-san only put on the path has none.
 */
export function whyNeuroSan(chosen: ProjectNeuroSan): string {
  const python = chosen.from === 'interpreter' ? undefined : chosen.interpreter;
  const also = python ? `; ${python.python} has ${python.version === null ? 'no neuro-san installed' : `neuro-san ${python.version} installed`} (importlib.metadata)` : '';
  return `${chosen.from}: ${chosen.how}${newerThanKnownWords(chosen.version)}${also}`;
}

const SHORT_SOURCE: Record<VersionSource, string> = {
  'command line': '--neuro-san-version',
  'project setting': 'setting',
  interpreter: 'installed',
  pin: 'pin',
  'newest known': 'newest known',
};

/**
 * The status bar's words: `neuro-san 0.6.95 (pin; python3 has none)`, `neuro-san 0.6.94 (installed in .venv/bin/python)`,
 * `neuro-san 0.6.95 (setting; python3 has 0.6.80)`. The version alone could be read as what the runs' Python has.
 */
export function neuroSanLabel(chosen: ProjectNeuroSan): string {
  const python = chosen.interpreter;
  if (chosen.from === 'interpreter' && python) return `neuro-san ${chosen.version} (installed in ${shortPython(python.python)})`;
  const has = python && chosen.from !== 'interpreter' ? `; ${shortPython(python.python)} has ${python.version ?? 'none'}` : '';
  return `neuro-san ${chosen.version} (${SHORT_SOURCE[chosen.from]}${has})`;
}

/** An interpreter as the status bar has room for: as set when short, else its last three parts (`.venv/bin/python`). */
function shortPython(python: string): string {
  const parts = python.split(/[\\/]/);
  return parts.length <= 3 ? python : `…/${parts.slice(-3).join('/')}`;
}

/** ` — newer than 0.7.4, the newest release the editor knows: judged as 0.7.4`, or '' for a version it knows. */
export function newerThanKnownWords(text: string): string {
  const parsed = parseVersion(text);
  if (!parsed || compareVersions(parsed, v(NEWEST_KNOWN_VERSION)) <= 0) return '';
  return ` — newer than ${NEWEST_KNOWN_VERSION}, the newest release the editor knows: judged as ${NEWEST_KNOWN_VERSION}`;
}
