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
import { reviewSettingsFor } from '../review/reviewSettingsOnDisk';
import { resourcesDir } from '../paths';
import { isDirectory, projectRootOf } from '../project/projectSettingsOnDisk';
import { keptBriefly } from '../project/keptBriefly';
import { slashed } from '../files/slashedPaths';

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
}

/**
 * The folder a file's neuro-san version is decided for: the root of the neuro-san project it lies in (every file of a
 * project is checked for the project's one version), else the file's own folder.
 */
export function versionFolderOf(absoluteFile: string, projectRoot?: string | null): string {
  return (projectRoot === undefined ? projectRootOf(absoluteFile) : (projectRoot ?? undefined)) ?? path.dirname(absoluteFile);
}

/**
 * The version `folder`'s files run (`folder`: a project's root, or a lone file's folder: versionFolderOf), and why:
 * `--neuro-san-version`; else `neuroSanVersion` in the folder's settings file (`.toolbox-editor.json` there, else at
 * the root of the project it lies in: node/run/settingsFile.ts); else what the interpreter has installed, when the
 * caller asked it; else the pin the project installs with (pinFolderOf: up to the top of its git repository); else
 * the newest known. The app, `validate FILE` and `DIR`, `call`, `test`, `check`, `mcp`, the project view and the
 * language server all ask here.
 */
export function projectNeuroSanVersion(folder: string, lookup: VersionLookup = {}): ProjectNeuroSan {
  const override = lookup.override !== undefined ? { version: lookup.override, where: '--neuro-san-version', commandLine: true } : settingsOverride(folder);
  const pinFolder = pinFolderOf(folder);
  // The pin's file named from the folder checked: `../requirements.txt` when the repository's top holds it.
  const pins = pinFolder === folder ? projectPins(pinFolder) : projectPins(pinFolder).map((pin) => ({ ...pin, file: slashed(path.relative(folder, path.join(pinFolder, pin.file))) }));
  return chooseNeuroSanVersion({
    ...(override ? { override } : {}),
    ...(lookup.interpreter ? { interpreter: lookup.interpreter } : {}),
    pins,
  });
}

function settingsOverride(folder: string): { version: string; where: string } | undefined {
  const { file, settings } = reviewSettingsFor(path.join(folder, 'toolbox_info.hocon'));
  return settings.neuroSanVersion ? { version: settings.neuroSanVersion, where: slashed(path.relative(folder, file)) || file } : undefined;
}

/**
 * Where the pin of `folder` (a project's root, a lone file's folder) is read: the nearest folder upward that holds a
 * requirements*.txt, pyproject.toml or setup.cfg, not past the top of its git repository (a project below the top of
 * its repository installs with the repository's requirements); else the folder itself.
 */
export function pinFolderOf(folder: string): string {
  return pinFolders.get(folder, () => pinFolderFound(folder));
}

/**
 * The walk up is a folder listing per level, to the top of the repository or of the disk: asked at every keystroke,
 * it is kept as the other project facts read from disk are (keptBriefly.ts). A listing of a crowded folder above the
 * project (a temporary folder of 13,000 entries) took 7 ms of a 155 ms keystroke on a 5,000-tool toolbox.
 */
const pinFolders = keptBriefly<string>(2000, 32);

function pinFolderFound(folder: string): string {
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

/** projectNeuroSanVersion with its facts: `folder` is a project's root or a lone file's folder (versionFolderOf). */
export function projectVersionFacts(folder: string, lookup: VersionLookup = {}): ProjectVersionFacts {
  const neuroSan = projectNeuroSanVersion(folder, lookup);
  return { neuroSan, facts: factsOfProject(neuroSan) };
}

/** The version facts of one file (absolute): its project's, else its folder's. */
export function versionFactsOfFile(absoluteFile: string, lookup: VersionLookup = {}, projectRoot?: string | null): ProjectVersionFacts {
  return projectVersionFacts(versionFolderOf(absoluteFile, projectRoot), lookup);
}

/** The default toolbox the version ships (resources/default_toolboxes/, see resources/README.md), or undefined if none. */
export function defaultToolboxFileOf(facts: NeuroSanFacts): string | undefined {
  const name = facts.sure.defaultToolbox;
  if (name === null) return undefined;
  return name === 'latest' ? path.join(resourcesDir(), 'default_toolbox_info.hocon') : path.join(resourcesDir(), 'default_toolboxes', name);
}
