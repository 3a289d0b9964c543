import path from 'node:path';
import { isAgentNetwork, loadAgentNetwork, type LoadedNetwork } from '../../shared/toolbox/index';
import { fromHoconDiagnostic, loadToolbox, resolveToolboxFile, type LoadedToolbox, type LoadOptions } from '../../shared/toolbox/index';
import type { NeuroSanEntryCache } from '../../shared/neurosan/index';
import { recogniseLoneFile, type RecognisedKind } from '../../shared/project/fileKind';
import type { Reading } from '../../shared/toolbox/index';
import type { LoadedClassInfo } from '../../shared/toolbox/index';
import { defaultToolboxFileOf, pinFolderOf, projectVersionFacts, type ProjectVersionFacts, type VersionLookup } from '../neurosan/projectVersion';
import { projectEnvironmentOf, projectRootOf } from '../project/projectSettingsOnDisk';
import { projectHost } from '../project/projectOnDisk';
import { networkProblemsInProject } from '../../shared/project/brokenTools';
import { includeTargetsOf, type IncludeTarget } from '../../shared/toolbox/index';

export interface DiskLoadOptions {
  cwd: string;
  env: Record<string, string | undefined>;
  /** Do not layer over the default toolbox. */
  noDefault?: boolean;
  /** The neuro-san project the file lies in (null: none), when the caller knows; else it is looked for. */
  projectRoot?: string | null;
  classInfo?: ReadonlyMap<string, LoadedClassInfo>;
  /** Unsaved editor text for some paths (absolute), read instead of the disk. */
  overlays?: ReadonlyMap<string, string>;
  /** Where the spec's reading looks for includes not found next to their file (default `cwd`). */
  baseDir?: string;
  /** Whose reading: the HOCON specification's (default) or neuro-san's (see shared/neurosan). */
  reading?: Reading;
  /** For neuro-san's reading: the working directory neuro-san runs in (absolute); default `cwd`. */
  neuroSanCwd?: string;
  /** For neuro-san's reading of a file being typed in (the app): kept per file between keystrokes. */
  neuroSanEntryCache?: NeuroSanEntryCache;
  /** The neuro-san version the file is checked for, when the caller found it; else found here (node/neurosan/projectVersion.ts). */
  neuroSan?: ProjectVersionFacts;
  /** How to find it when not given: a version from the command line, what the interpreter said. */
  versionLookup?: VersionLookup;
}

/**
 * `fileKind`: a file recognised as another neuro-san kind (a manifest, an LLM config...): it is read for its HOCON
 * alone, with no tools and no toolbox rules.
 */
export type LoadedFile = LoadedFileOfKind & {
  /** The neuro-san version the file was checked for, and why. */
  neuroSan: ProjectVersionFacts['neuroSan'];
};

type LoadedFileOfKind = ({ kind: 'toolbox'; toolbox: LoadedToolbox; fileKind?: RecognisedKind } | {
      kind: 'network';
      network: LoadedNetwork;
      /** The network lies in a neuro-san project: its toolbox's problems are the toolbox's (see diagnosticsOf). */
      inProject?: boolean;
    }) & {
  /** The file's own includes and where each resolved (the editor's hover and link on them). */
  includes?: IncludeTarget[];
};

/**
 * Loads a toolbox info file, or an agent network with the toolbox it uses, from disk. Relative paths are kept as
 * the user wrote them in messages and resolved against `cwd`; includes that are not next to their file resolve
 * against `cwd` too (neuro-san's working directory, the project root).
 */
export function loadFileFromDisk(file: string, options: DiskLoadOptions): LoadedFile {
  const host = projectHost(options.cwd, options.overlays);
  // A file of a neuro-san project gets the project's toolbox when the environment names none (projectOnDisk.ts).
  const projectRoot = options.projectRoot !== undefined ? (options.projectRoot ?? undefined) : projectRootOf(path.resolve(options.cwd, file));
  const env = projectEnvironmentOf(projectRoot, options.env, options.cwd);
  const absolute = path.resolve(options.cwd, file);
  const version = options.neuroSan ?? projectVersionFacts(projectRoot ?? pinFolderOf(path.dirname(absolute)), { ...options.versionLookup, alsoSettingsIn: path.dirname(absolute) });
  const defaultFile = options.noDefault ? undefined : defaultToolboxFileOf(version.facts);
  const common = {
    host,
    baseDir: options.baseDir ?? options.cwd,
    env,
    ...(options.reading !== undefined ? { reading: options.reading } : {}),
    ...(options.neuroSanCwd !== undefined ? { neuroSanCwd: options.neuroSanCwd } : {}),
    ...(options.neuroSanEntryCache !== undefined ? { neuroSanEntryCache: options.neuroSanEntryCache } : {}),
    ...(defaultFile ? { defaultFile } : {}),
    ...(options.classInfo ? { classInfo: options.classInfo } : {}),
    neuroSan: version.facts,
  };
  return { ...loadResolved(file, common, projectRoot), neuroSan: version.neuroSan };
}

function loadResolved(file: string, common: Parameters<typeof resolveToolboxFile>[1] & Omit<LoadOptions, 'userFile' | 'resolvedUserFile'>, projectRoot: string | undefined): LoadedFileOfKind {
  // Resolved once: whether it is a network decides how it is read, and the reading reuses it.
  const resolved = resolveToolboxFile(file, common);
  // The text the reading was made from (its first source), not a second read of the file.
  const other = recogniseLoneFile(file, resolved.value, resolved.sources[0]?.name === file ? resolved.sources[0].text : '');
  const targets = includeTargetsOf(resolved);
  const includes = targets.length > 0 ? { includes: targets } : {};
  if (other) {
    const toolbox: LoadedToolbox = { files: {}, tools: [], root: resolved.value, origins: new Map(), diagnostics: resolved.diagnostics.map(fromHoconDiagnostic) };
    return { kind: 'toolbox', toolbox, fileKind: other, ...includes };
  }
  if (isAgentNetwork(resolved.value)) {
    const network = loadAgentNetwork(file, { ...common, resolvedNetwork: resolved });
    return projectRoot ? { kind: 'network', network, inProject: true, ...includes } : { kind: 'network', network, ...includes };
  }
  return { kind: 'toolbox', toolbox: loadToolbox({ ...common, userFile: file, resolvedUserFile: resolved }), ...includes };
}

/** The effective toolbox of either kind of file. */
export function toolboxOf(loaded: LoadedFile): LoadedToolbox {
  return loaded.kind === 'toolbox' ? loaded.toolbox : loaded.network.toolbox;
}

/**
 * A file's problems. A network of a project shows its own, and points at its toolbox's broken tools: the toolbox's
 * problems are said once, in the toolbox (validated with the project, or opened).
 */
export function diagnosticsOf(loaded: LoadedFile) {
  if (loaded.kind === 'toolbox') return loaded.toolbox.diagnostics;
  return loaded.inProject ? networkProblemsInProject(loaded.network) : loaded.network.diagnostics;
}
