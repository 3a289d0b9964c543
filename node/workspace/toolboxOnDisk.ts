import { projectPlacementOf } from '../project/projectPlacement';
import { projectAgentOffers, projectNetworkAgents, type ProjectOfferOptions } from '../../shared/network/projectAgents';
import type { NetworkAgents } from '../../shared/network/agents';
import type { AgentOffers } from '../../shared/network/offers';
import { servedAround } from '../project/servedAround';
import { eitherFolders } from '../project/unknownWorkingDirectoryOnDisk';
import { judgedFromEither } from '../../shared/project/unknownWorkingDirectory';
import path from 'node:path';
import { type LoadedNetwork } from '../../shared/toolbox/index';
import { compareDiagnostics, fromHoconDiagnostic, type LoadedToolbox } from '../../shared/toolbox/index';
import { valuesFromEntries, type NeuroSanEntryCache, type NeuroSanResolvedDocument } from '../../shared/neurosan/index';
import type { RecognisedKind } from '../../shared/project/fileKind';
import type { Reading, ToolboxDiagnostic } from '../../shared/toolbox/index';
import type { LoadedClassInfo } from '../../shared/toolbox/index';
import { includeTargetsOf, type IncludeTarget } from '../../shared/toolbox/index';
import { ProjectReader } from '../../shared/project/projectReader';
import { toolboxOffers, type NetworkOffersCache, type ToolboxOffers } from '../../shared/project/toolboxOffers';
import { defaultToolboxFileOf, versionFactsOfFile, type ProjectVersionFacts, type VersionLookup } from '../neurosan/projectVersion';
import { inProjectTerms, projectRootOf } from '../project/projectSettingsOnDisk';
import { listProjectFilesCached, projectHost } from '../project/projectFolder';
import { environmentFrom, projectFactsOnDisk, type ProjectFactsOnDisk } from '../project/projectFactsOnDisk';
import { slashed } from '../files/slashedPaths';

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
  /**
   * The user chose `neuroSanCwd` (`--cwd`, the preference, the run settings): a file of a project inside another that
   * neither says it runs is then read from there alone, not judged from either folder (unknownWorkingDirectory.ts).
   */
  workingDirectoryChosen?: boolean;
  /** For neuro-san's reading of a file being typed in (the app): kept per file between keystrokes. */
  neuroSanEntryCache?: NeuroSanEntryCache;
  /** For a file being typed in (the app): what the project's networks offer of it, kept between keystrokes. */
  offersCache?: NetworkOffersCache;
  /** Includes by `http(s)` URL were fetched (the user allowed it): node/project/urlIncludes.ts. */
  urlsFetched?: boolean;
  /** Reads an include by URL fetched beforehand. */
  readUrl?(url: string): string | undefined;
  /** The neuro-san version the file is checked for, when the caller found it; else found here (node/neurosan/projectVersion.ts). */
  neuroSan?: ProjectVersionFacts;
  /** How to find it when not given: a version from the command line, what the interpreter said. */
  versionLookup?: VersionLookup;
  /**
   * The facts of the file's project (`projectRoot`) the caller took from their owner (projectFactsOnDisk, in `env`, its
   * version found with `versionLookup`), used instead of taking them again: the app keeps them between keystrokes
   * (DocumentAnalysis). Their version is the one the file is checked for; `noDefault` still holds.
   */
  facts?: ProjectFactsOnDisk;
  /**
   * Readers kept by the caller for files read together (`validate FILE...` of one project): a project's files read
   * once for all of them, as validate DIR reads them. Keyed by everything that decides a reading.
   */
  readers?: Map<string, DiskReader>;
}

/** The reader of a file's project (fileReader), with why the project's settings were not all read. */
export interface DiskReader {
  reader: ProjectReader;
  /** Files of the project's settings that were not read, and why (its facts' warnings: a `.env` that is a FIFO). */
  warnings: readonly string[];
}

/**
 * `fileKind`: a file recognised as another neuro-san kind (a manifest, an LLM config...): it is read for its HOCON
 * alone, with no tools and no toolbox rules. `diagnostics`: the file's problems by its kind (ProjectReader).
 */
export type LoadedFile = LoadedFileOfKind & {
  /** The neuro-san version the file was checked for, and why. */
  neuroSan: ProjectVersionFacts['neuroSan'];
  /** Files of its project's settings that were not read, and why (a `.env` that is a FIFO), as validate DIR says. */
  warnings: readonly string[];
};

type LoadedFileOfKind = ({
      kind: 'toolbox';
      toolbox: LoadedToolbox;
      fileKind?: RecognisedKind;
      /**
       * In a project: which of its agents are offered which of the toolbox's tools together (read when asked, through
       * the reader: kept between keystrokes in `offersCache` when the caller gives one).
       */
      offers?: () => ToolboxOffers | undefined;
      /**
       * How neuro-san's values were placed in the file (shared/neurosan/asResolvedDocument.ts): from the entries read
       * alone while typed in, by the specification's reading, or by the parser's positions when that reading failed
       * (then what a value came from, a substitution, is not known for any entry: node/api/entryEdits.ts asks).
       */
      valuesPlaced?: 'entries' | 'spec' | 'parser';
    } | {
      kind: 'network';
      network: LoadedNetwork;
      /** The network lies in a neuro-san project: its toolbox's problems are the toolbox's (see diagnosticsOf). */
      inProject?: boolean;
      /** Its agents as AgentNetwork reads them (shared/network/agents.ts), read when asked. */
      agents: () => NetworkAgents;
      /** What one agent's LLM is offered (shared/network/offers.ts), with the project's served networks; read when asked. */
      agentOffers: (agent: string, options?: ProjectOfferOptions) => AgentOffers | undefined;
    }) & {
  /** The file's own includes and where each resolved (the editor's hover and link on them). */
  includes?: IncludeTarget[];
  diagnostics: ToolboxDiagnostic[];
};

/**
 * Loads a file as neuro-san reads it within its project (the nearest folder upward holding `registries/`): its kind
 * as the project gives it, the toolbox or network it makes, and its problems by its kind, from the same reader as
 * `validate DIR` (shared/project/projectReader.ts). Relative paths are kept as the user wrote them in messages and
 * resolved against `cwd`; includes that are not next to their file resolve against `cwd` too (neuro-san's working
 * directory, the project root).
 */
export function loadFileFromDisk(file: string, options: DiskLoadOptions): LoadedFile {
  const absolute = path.resolve(options.cwd, file);
  const projectRoot = options.projectRoot !== undefined ? (options.projectRoot ?? undefined) : (chosenOuterRoot(absolute, options) ?? projectRootOf(absolute));
  const given = options.facts !== undefined && options.facts.root === projectRoot ? options.facts : undefined;
  const version = options.neuroSan ?? given?.version ?? versionFactsOfFile(absolute, options.versionLookup, projectRoot ?? null);
  const { reader, warnings } = sharedReader(file, projectRoot, version, options);
  const loaded = loadWithReader(file, reader);
  // Inside another project, neither saying it runs it (projectPlacement.ts): judged from either folder, as validate DIR does.
  const placement = projectRoot !== undefined && options.workingDirectoryChosen !== true && options.reading !== 'spec' ? projectPlacementOf(path.dirname(absolute)) : undefined;
  if (placement?.alsoFrom !== undefined && placement.root === projectRoot) {
    // Read afresh: what is kept between keystrokes (entries read, offers) is the reading from the project's root.
    const { neuroSanEntryCache: _entries, offersCache: _offers, ...fresh } = options;
    const other = fileReader(file, placement.alsoFrom, version, { ...fresh, neuroSanCwd: placement.alsoFrom }).reader;
    const text = reader.text(file);
    const judged = judgedFromEither(file, typeof text === 'string' ? text : '', loaded.diagnostics, other.diagnostics(file), eitherFolders(projectRoot, placement.alsoFrom));
    if (judged.note !== undefined) loaded.diagnostics = [...judged.kept, judged.note].sort(compareDiagnostics);
  }
  return { ...loaded, neuroSan: version.neuroSan, warnings };
}

/**
 * The project around the file's own that the user chose to run neuro-san from (`--cwd`, the preference), when the
 * file's project lies inside it (projectPlacement.ts): the file is read as a file of that project, its settings and
 * classes from there, as `validate DIR` reads it when that project says it runs it.
 */
function chosenOuterRoot(absolute: string, options: DiskLoadOptions): string | undefined {
  if (options.workingDirectoryChosen !== true || options.neuroSanCwd === undefined) return undefined;
  return outerRootChosen(absolute, path.resolve(options.cwd, options.neuroSanCwd));
}

/**
 * `chosen` (absolute: `--cwd`, the preference), when it is the root of a project around the project `absolute` lies
 * in: the file is then a file of that project (its settings, classes, runs), as `validate DIR` reads it there.
 */
export function outerRootChosen(absolute: string, chosen: string): string | undefined {
  const own = projectPlacementOf(path.dirname(absolute));
  if (own === undefined || own.root === chosen || projectRootOf(path.join(chosen, 'registries')) !== chosen) return undefined;
  const inside = path.relative(chosen, own.root);
  return inside !== '' && !inside.startsWith('..') && !path.isAbsolute(inside) ? chosen : undefined;
}

/** The reader `options.readers` keeps for the same project read the same way, else a new one. */
function sharedReader(file: string, projectRoot: string | undefined, version: ProjectVersionFacts, options: DiskLoadOptions): DiskReader {
  if (options.readers === undefined || projectRoot === undefined || options.overlays !== undefined || options.neuroSanEntryCache !== undefined) {
    return fileReader(file, projectRoot, version, options);
  }
  const key = JSON.stringify([projectRoot, path.isAbsolute(file), options.cwd, options.baseDir, options.neuroSanCwd, options.reading, options.noDefault, version.neuroSan.version, options.urlsFetched]);
  let kept = options.readers.get(key);
  if (kept === undefined || !kept.reader.isProjectFile(file)) {
    kept = fileReader(file, projectRoot, version, options);
    options.readers.set(key, kept);
  }
  return kept;
}

function loadWithReader(file: string, reader: ProjectReader): LoadedFileOfKind {
  const kind = reader.kind(file);
  const document = reader.document(file);
  const targets = includeTargetsOf(document);
  const includes = targets.length > 0 ? { includes: targets } : {};
  const diagnostics = reader.diagnostics(file);
  if (kind.kind === 'network') {
    const network = reader.network(file);
    const agents = { agents: () => projectNetworkAgents(reader, file), agentOffers: (agent: string, options?: ProjectOfferOptions) => projectAgentOffers(reader, file, agent, options) };
    return reader.options.inProject !== false ? { kind: 'network', network, inProject: true, ...agents, ...includes, diagnostics } : { kind: 'network', network, ...agents, ...includes, diagnostics };
  }
  if (kind.kind === 'toolbox') {
    const toolbox = reader.toolbox(file);
    const offers = reader.options.inProject !== false ? { offers: () => toolboxOffers(reader.offersOf(file), toolbox) } : {};
    // Where neuro-san's values were placed: the entries read alone, the specification's reading of the text, else the
    // parser's own positions (the specification's reading failed: every value is placed otherwise then).
    const placed = (document as Partial<NeuroSanResolvedDocument>).reading === undefined ? {} : { valuesPlaced: valuesFromEntries(document) ? ('entries' as const) : (document as { specReading?: { ok: boolean } }).specReading?.ok ? ('spec' as const) : ('parser' as const) };
    return { kind: 'toolbox', toolbox, ...offers, ...includes, ...placed, diagnostics };
  }
  const toolbox: LoadedToolbox = { files: {}, tools: [], root: document.value, origins: new Map(), diagnostics: document.diagnostics.map(fromHoconDiagnostic) };
  return { kind: 'toolbox', toolbox, fileKind: kind, ...includes, diagnostics };
}

/** How many files that include a fragment the app reads for the fragment's problems at each keystroke. */
const APP_INCLUDERS_READ = 3;

/**
 * The reader of the project `file` lies in (paths as the caller gives them), or of the file alone outside one. What
 * the project is run with comes from the one owner projectReaderOnDisk takes it from (projectFactsOnDisk.ts): the two
 * readers differ only in the terms of their paths. Given with the facts' warnings, which go with it when it is shared.
 */
function fileReader(file: string, projectRoot: string | undefined, version: ProjectVersionFacts, options: DiskLoadOptions): DiskReader {
  const host = projectHost(options.cwd, options.overlays, options.readUrl);
  const absolute = path.resolve(options.cwd, file);
  // The caller's facts when they are of this project and version (not for another folder the file is also read from).
  const given = options.facts !== undefined && options.facts.root === projectRoot && options.facts.version === version ? options.facts : undefined;
  const facts = projectRoot === undefined ? undefined : (given ?? projectFactsOnDisk(projectRoot, { env: options.env, version, ...(options.noDefault ? { noDefault: true } : {}) }));
  // A file of a neuro-san project gets the project's toolbox when the environment names none; a file alone, the version's.
  const defaultFile = options.noDefault ? undefined : facts !== undefined ? facts.defaultFile : defaultToolboxFileOf(version.facts);
  // The project's files in the caller's terms: absolute when the file was given so, else from `cwd`.
  const inBase = (p: string) => (path.isAbsolute(file) ? p : slashed(path.relative(options.cwd, p)) || '.');
  const files = projectRoot === undefined ? [] : listProjectFilesCached(projectRoot).map((f) => inBase(path.join(projectRoot, f)));
  if (!files.some((f) => path.resolve(options.cwd, f) === absolute)) files.push(file);
  // Every path in the same terms, so that a file read directly and the same file read as an include are one.
  const neuroSanCwd = inBase(options.neuroSanCwd ?? options.baseDir ?? options.cwd);
  const reader = new ProjectReader({
    files,
    root: projectRoot === undefined ? inBase(path.dirname(absolute)) : inBase(projectRoot),
    host,
    // The project's environment, its settings' paths as they hold from where neuro-san runs (the base the reader joins
    // them to, as neuro-san resolves them against its working directory); a file alone, the process's. From `cwd`, a
    // network's toolbox named by convention (toolbox/toolbox_info.hocon) was looked for under the root twice over.
    env: facts !== undefined ? environmentFrom(facts, path.resolve(options.cwd, options.baseDir ?? options.cwd)) : options.env,
    settings: facts?.settings ?? {},
    ...facts?.agentToolPathOnly,
    inProject: projectRoot !== undefined,
    // A file in no project (a saved test case in a repository's tests/): its agent is looked for in the projects
    // beside it, as validate DIR of the folder holding them looks (servedAround.ts).
    ...(projectRoot === undefined ? { knownAgent: servedAround(path.dirname(absolute), options.env) } : {}),
    baseDir: inBase(options.baseDir ?? options.cwd),
    neuroSanCwd,
    ...(options.reading !== undefined ? { reading: options.reading } : {}),
    ...(defaultFile ? { defaultFile } : {}),
    neuroSan: version.facts,
    ...(options.neuroSanEntryCache !== undefined ? { entryCacheFor: (p: string) => (path.resolve(options.cwd, p) === absolute ? options.neuroSanEntryCache : undefined) } : {}),
    // What the worker learned loading the file's tools (its own, or its network's toolbox's).
    ...(options.classInfo !== undefined ? { classInfoFor: () => options.classInfo } : {}),
    ...(options.urlsFetched ? { urlsFetched: true } : {}),
    // A network's toolbox is found from the working directory (absolute) and listed from `cwd`: one file.
    keyOf: (p: string) => path.resolve(options.cwd, p),
    // A file typed in (the app): a fragment's problems from the first files that include it, not from all of them.
    ...(options.neuroSanEntryCache !== undefined ? { includersRead: APP_INCLUDERS_READ } : {}),
    ...(options.offersCache !== undefined ? { offersCache: options.offersCache } : {}),
    // The runs it ships read when a reading needs them (a network's), not for every keystroke in a toolbox.
    ...(facts !== undefined ? { codedClasses: facts.codedClasses, runs: facts.runs } : {}),
    pathDelimiter: path.delimiter,
    // A path a file names absolutely (a manifest's key) in the same terms, when it is a file of the project.
    ...(projectRoot !== undefined ? { projectPath: (p: string) => { const inside = inProjectTerms(p, projectRoot); return path.isAbsolute(inside) ? p : inBase(path.join(projectRoot, inside)); } } : {}),
  });
  return { reader, warnings: facts?.warnings ?? [] };
}

/** The effective toolbox of either kind of file. */
export function toolboxOf(loaded: LoadedFile): LoadedToolbox {
  return loaded.kind === 'toolbox' ? loaded.toolbox : loaded.network.toolbox;
}

/** A file's problems, by its kind (see loadFileFromDisk). */
export function diagnosticsOf(loaded: LoadedFile): ToolboxDiagnostic[] {
  return loaded.diagnostics;
}
