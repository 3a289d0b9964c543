/**
 * Which neuro-san version a project runs, found on disk: `neuroSanVersion` in the project's `.toolbox-editor.json`,
 * else what the chosen Python has installed (only when the caller already asked that Python: opening a project runs
 * no Python), else the pin in its requirements*.txt, pyproject.toml or setup.cfg, else the newest release the editor
 * knows (shared/neurosan/versions). Reading these files runs no project code.
 */
import { readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import {
  chooseNeuroSanVersion,
  factsOfProject,
  pinsInFile,
  type NeuroSanFacts,
  type NeuroSanPin,
  type ProjectNeuroSan,
  type VersionSources,
} from '../../shared/neurosan/versions/index';
import { readRegularFileSync } from '../files/regularFile';
import { reviewSettingsFor } from '../review/reviewToolbox';
import { resourcesDir } from '../paths';
import { isDirectory } from '../project/projectSettingsOnDisk';

/** A requirements file is small; past this it is not one worth reading for a pin. */
const PIN_FILE_MAX_BYTES = 1024 * 1024;

/** The files a pin is looked for in, in this order, at the project's root. */
function pinFiles(root: string): string[] {
  let names: string[];
  try {
    names = readdirSync(root);
  } catch {
    return [];
  }
  const requirements = names.filter((n) => /^requirements.*\.txt$/i.test(n)).sort((a, b) => (a === 'requirements.txt' ? -1 : b === 'requirements.txt' ? 1 : a < b ? -1 : a > b ? 1 : 0));
  return [...requirements, ...['pyproject.toml', 'setup.cfg'].filter((n) => names.includes(n))];
}

/**
 * The pins last read per root, with the stats they were read at: the app asks at every keystroke, and a folder
 * listing and a few stats are cheap where reading and parsing the files again is not.
 */
const pinCache = new Map<string, { stamp: string; pins: NeuroSanPin[] }>();

/** Every neuro-san requirement at the project's root, in the order they are looked at. */
export function projectPins(root: string): NeuroSanPin[] {
  const names = pinFiles(root);
  const stamp = names.map((name) => `${name}:${stampOf(path.join(root, name))}`).join('|');
  const cached = pinCache.get(root);
  if (cached?.stamp === stamp) return cached.pins;
  const pins = readPins(root, names);
  if (pinCache.size > 64) pinCache.clear();
  pinCache.set(root, { stamp, pins });
  return pins;
}

function stampOf(file: string): string {
  try {
    const info = statSync(file);
    return `${info.ino}:${info.size}:${info.mtimeMs}:${info.ctimeMs}`;
  } catch {
    return 'none';
  }
}

function readPins(root: string, names: readonly string[]): NeuroSanPin[] {
  const pins: NeuroSanPin[] = [];
  for (const name of names) {
    let text: string;
    try {
      text = new TextDecoder('utf-8', { fatal: true }).decode(readRegularFileSync(path.join(root, name), PIN_FILE_MAX_BYTES).bytes);
    } catch {
      continue; // unreadable, too big, not UTF-8, not a regular file: no pin from it
    }
    pins.push(...pinsInFile(name, text));
  }
  return pins;
}

export interface VersionLookup {
  /** A version the caller was given (the command line's `--neuro-san-version`): it wins over everything. */
  override?: string;
  /** What the chosen interpreter said it has, when the caller already ran it. */
  interpreter?: VersionSources['interpreter'];
  /** Another folder whose `.toolbox-editor.json` may set the version (the file's own, outside the root). */
  alsoSettingsIn?: string;
}

/** The version `root`'s project runs, and why. */
export function projectNeuroSanVersion(root: string, lookup: VersionLookup = {}): ProjectNeuroSan {
  const override = lookup.override !== undefined ? { version: lookup.override, where: '--neuro-san-version', commandLine: true } : settingsOverride(root, lookup.alsoSettingsIn);
  return chooseNeuroSanVersion({
    ...(override ? { override } : {}),
    ...(lookup.interpreter ? { interpreter: lookup.interpreter } : {}),
    pins: projectPins(root),
  });
}

function settingsOverride(root: string, other: string | undefined): { version: string; where: string } | undefined {
  for (const folder of other !== undefined && path.resolve(other) !== path.resolve(root) ? [root, other] : [root]) {
    const { file, settings } = reviewSettingsFor(path.join(folder, 'toolbox_info.hocon'));
    if (settings.neuroSanVersion) return { version: settings.neuroSanVersion, where: path.relative(root, file) || file };
  }
  return undefined;
}

/**
 * Where a file outside any project (no `registries/` upward) takes its pin from: the nearest folder upward that holds
 * a requirements*.txt, pyproject.toml or setup.cfg, not past the top of its git repository; else its own folder.
 */
export function pinFolderOf(folder: string): string {
  for (let dir = path.resolve(folder); ; dir = path.dirname(dir)) {
    if (pinFiles(dir).length > 0) return dir;
    if (isDirectory(path.join(dir, '.git')) || path.dirname(dir) === dir) return folder;
  }
}

/** The project's version and its facts, together (what the loaders take). */
export interface ProjectVersionFacts {
  neuroSan: ProjectNeuroSan;
  facts: NeuroSanFacts;
}

export function projectVersionFacts(root: string, lookup: VersionLookup = {}): ProjectVersionFacts {
  const neuroSan = projectNeuroSanVersion(root, lookup);
  return { neuroSan, facts: factsOfProject(neuroSan) };
}

/** The default toolbox the version ships (resources/default_toolboxes/, see resources/README.md), or undefined if none. */
export function defaultToolboxFileOf(facts: NeuroSanFacts): string | undefined {
  const name = facts.sure.defaultToolbox;
  if (name === null) return undefined;
  return name === 'latest' ? path.join(resourcesDir(), 'default_toolbox_info.hocon') : path.join(resourcesDir(), 'default_toolboxes', name);
}
