import { dirnameOf, isAbsolutePath, joinPath, normalizePath, ParsedIncludes, pathWithin, resolveFile, type IncludeHost, type Origin, type ResolvedDocument } from '../hocon/index';
import type { NeuroSanEntryCache, NeuroSanReading } from '../neurosan/index';
import { appendWarnings, fromHoconDiagnostic, includesReadElsewhere, loadAgentNetwork, loadToolbox, readingDifferenceWarnings, resolveToolboxFile } from '../toolbox/index';
import { compareDiagnostics, dedupeDiagnostics, type ToolboxDiagnostic } from '../toolbox/index';
import type { LoadedClassInfo, LoadedNetwork, LoadedToolbox, Reading, ReadDocument } from '../toolbox/index';
import { checkNetworkValidators } from './networkValidators';
import { checkHoconLint } from './networkLint';
import { checkAgentReferences } from './agentReferences';
import { brokenToolPointers } from './brokenTools';
import { NO_KIND_REASON, NOT_PARSED_REASON, recogniseKind, type FileKind, type RecognisedKind } from './fileKind';
import { includersOf } from './includeIndex';
import { includeProblems } from './includeProblems';
import { readManifest, type ManifestHost, type ReadManifest } from './manifest';
import type { ProjectSettings } from './settings';
import { newestFacts, type NeuroSanFacts } from '../neurosan/versions/index';
import type { HoconObject } from '../hocon/index';
import { refusedByToolPathOnly, toolPathOnlyProblems } from './toolPathOnly';
import { checkTestCaseAgent } from './testCase';
import { networkOffers, type NetworkOffers, type NetworkOffersCache } from './toolboxOffers';
import { codedClassProblems, type CodedClassFinder } from './codedClasses';
import { manifestFilesNamed } from './manifestList';
import type { RunContext } from './runContext';

/**
 * How a neuro-san project's files are read, one way for every caller: `validate DIR` (every file), `validate FILE`,
 * the app and the language service (one file within its project). Each file gets the kind its name, content and the
 * project say (fileKind.ts), neuro-san's reading, and the rules of its kind and no other.
 *
 * `diagnostics(path)` is the one entry point that gives a file's problems by its kind.
 *
 * Paths are in one base, the caller's: relative to the project root (`root` '.'), relative to the folder a command
 * runs in, or absolute. Everything read is kept, so a file read for another (a toolbox for its networks, a network
 * for a fragment it includes) is read once.
 */
export interface ProjectReaderOptions {
  /** The project's HOCON files (the `.hocon` files under the root). */
  files: readonly string[];
  /** The project root: neuro-san's working directory, where a top-level include is looked up. */
  root: string;
  /** Reads a path of that base (unsaved editor text first); `readUrl` gives an include by URL fetched beforehand. */
  host: IncludeHost;
  /** The environment neuro-san runs with, the project's settings filled in (settings.ts's environmentWith). */
  env: Record<string, string | undefined>;
  settings: ProjectSettings;
  /** The shipped default toolbox, layered under every toolbox as neuro-san does. */
  defaultFile?: string;
  /** Kinds the user chose, by path. */
  kindOverrides?: Readonly<Record<string, FileKind>>;
  /** False for a file alone, outside any neuro-san project (fileKind.ts). Default true. */
  inProject?: boolean;
  /**
   * Files outside any project read together (validate DIR of a folder holding files no `registries/` marks): how
   * neuro-san is run with them is not known, as for a file alone, so no manifest is said to be read by no run.
   */
  loose?: boolean;
  /** Whose reading (default neuro-san's); the app may show the specification's. */
  reading?: Reading;
  /** The folder neuro-san runs in, when the user chose one (default `root`). */
  neuroSanCwd?: string;
  /** Where the specification's reading looks for includes not found next to their file (default `root`). */
  baseDir?: string;
  /** A file being typed in: its reading is kept between keystrokes. */
  entryCacheFor?(path: string): NeuroSanEntryCache | undefined;
  /** What loading classes taught the test-run worker, for a toolbox. */
  classInfoFor?(path: string): ReadonlyMap<string, LoadedClassInfo> | undefined;
  /** Whether includes by `http(s)` URL were fetched (the user allowed it): else each is said to be not fetched. */
  urlsFetched?: boolean;
  /**
   * Whether an agent network name (`basic/hello_world`) is one neuro-san can serve: known to a manifest of any
   * project in the folder validated. Default: this project's manifests and `registries/` files.
   */
  knownAgent?(name: string): boolean;
  /**
   * One key for a file named two ways (relative and absolute: a network's toolbox found from the working
   * directory). Default: the path normalized.
   */
  keyOf?(path: string): string;
  /**
   * A path a file names (a manifest's key written absolute, or through a symbolic link to the project) as the project's
   * files are named, when it names one of them (node/project/projectSettingsOnDisk.ts inProjectTerms); default as is.
   */
  projectPath?(path: string): string;
  /**
   * How many of a fragment's includers are read for its problems (default all). The app, reading at each keystroke,
   * reads the first few: what a fragment holds wrong shows in any file that includes it.
   */
  includersRead?: number;
  /**
   * What the project's networks offer of a toolbox, kept between keystrokes (the app's live analysis: reading every
   * network again at each one took ~80 ms in neuro-san-studio). Default: read by each reader.
   */
  offersCache?: NetworkOffersCache;
  /** The facts of the neuro-san version the project runs (default: the newest the editor knows). */
  neuroSan?: NeuroSanFacts;
  /** AGENT_TOOL_PATH_ONLY as neuro-san gets it: the environment's, else the project's `.env`'s (default: `env`'s). */
  agentToolPathOnly?: string;
  /**
   * Finds a coded tool's class as the project's neuro-san would, by reading its Python files (codedClasses.ts). None:
   * coded classes are not looked for (a file alone, or a caller that reads no Python files).
   */
  codedClasses?: CodedClassFinder;
  /**
   * The runs the project ships besides its settings (shippedRuns.ts; paths relative to the root: runContext.ts), each
   * with the finder of its own AGENT_TOOL_PATH: a network that only such a run's manifests serve is read as that run
   * reads it (its toolbox, its coded classes), e.g. `tests/registries/manifest.hocon` run by CI with
   * AGENT_TOOL_PATH=tests/coded_tools. Asked when a reading first needs them (a network's, the manifests in use), so
   * that reading a toolbox does not read the CI files, Makefile and Dockerfiles they come from.
   */
  runs?: () => readonly ReaderRun[];
  /** os.pathsep where the settings' AGENT_MANIFEST_FILE is used (manifestList.ts; default ":"). */
  pathDelimiter?: string;
}

/** A shipped run as the reader uses it. */
export interface ReaderRun extends RunContext {
  /** Coded classes found as this run finds them (its AGENT_TOOL_PATH); default: the project's finder. */
  codedClasses?: CodedClassFinder;
}

/** A manifest neuro-san is started with, and what names it. */
export interface ManifestInUse {
  /** A path of the reader's base. */
  path: string;
  /** `AGENT_MANIFEST_FILE (from .env)`, or where a shipped run sets it (`.github/workflows/ci.yml:40`). */
  namedBy: string;
  /** Named by the project's settings (environment, `.env`, convention), not by a shipped run. */
  settings: boolean;
}

/** The words neuro-san names each kind of file with in its failures. */
const PURPOSE: Partial<Record<FileKind, string>> = {
  toolbox: 'toolbox_info',
  network: 'agent network',
  manifest: 'manifest',
  'mcp-info': 'MCP servers info',
  'llm-config': 'LLM config',
  'test-case': 'test case',
  fragment: 'included',
};

/**
 * Whether neuro-san reads a file of `kind` only as another file's include (an LLM config or a manifest some file
 * includes, a fragment): pyhocon then looks for the file's own includes next to it, not in the folder neuro-san runs
 * in. A toolbox and a network are read directly. The language server's include hover and Go to Definition follow it.
 */
export function readAsInclude(kind: FileKind, included: () => boolean): boolean {
  return kind !== 'network' && kind !== 'toolbox' && (kind === 'fragment' || included());
}

export class ProjectReader {
  private readonly documents = new Map<string, ReadDocument>();
  private readonly specs = new Map<string, ResolvedDocument>();
  private readonly kinds = new Map<string, RecognisedKind>();
  /** The files whose kind is being recognised now (kind() asked again meanwhile: see there). */
  private readonly recognising = new Set<string>();
  private readonly toolboxes = new Map<string, LoadedToolbox>();
  private readonly networks = new Map<string, LoadedNetwork>();
  private readonly manifests = new Map<string, ReadManifest>();
  private readonly found = new Map<string, ToolboxDiagnostic[]>();
  private readonly offers = new Map<string, NetworkOffers>();
  private readonly runsOf = new Map<string, ReaderRun | undefined>();
  private runsGiven: readonly ReaderRun[] | undefined;
  private inUse: ManifestInUse[] | undefined;
  private readManifests: Set<string> | undefined;
  private namedManifests: ManifestInUse[] | undefined;
  private includers: Map<string, string[]> | undefined;
  private readonly fileSet: Set<string>;
  /** Fragments whose problems are being gathered from their includers (a cycle of includes stops here). */
  private readonly gathering = new Set<string>();

  /** The files read once for the whole reading: a fragment every network includes is read from disk once. */
  private readonly host: IncludeHost;

  constructor(readonly options: ProjectReaderOptions) {
    this.fileSet = new Set(options.files.map((f) => this.key(f)));
    const texts = new Map<string, ReturnType<IncludeHost['readFile']>>();
    const given = options.host;
    this.host = {
      readFile(path) {
        if (texts.has(path)) return texts.get(path);
        const text = given.readFile(path);
        texts.set(path, text);
        return text;
      },
      ...(given.readUrl !== undefined ? { readUrl: given.readUrl.bind(given) } : {}),
      // And parsed once: an include every network has (an LLM config) is parsed for the first only.
      parsedIncludes: given.parsedIncludes ?? new ParsedIncludes(),
    };
  }

  /** The file's text, read once for the whole reading (what its kind, documents and includes are read from). */
  text(path: string): ReturnType<IncludeHost['readFile']> {
    return this.host.readFile(path);
  }

  /** The file's key (see ProjectReaderOptions.keyOf). */
  key(path: string): string {
    return this.options.keyOf !== undefined ? this.options.keyOf(path) : normalizePath(path);
  }

  get files(): readonly string[] {
    return this.options.files;
  }

  /** A setting's file (AGENT_TOOLBOX_INFO_FILE...) as a path of this base. */
  settingPath(name: keyof ProjectSettings): string | undefined {
    const setting = this.options.settings[name];
    return setting === undefined ? undefined : joinPath(this.options.root, setting.value);
  }

  isProjectFile(path: string): boolean {
    return this.fileSet.has(this.key(path));
  }

  /** The project files that include `path` (from their text: includeIndex.ts). */
  includersOf(path: string): readonly string[] {
    this.includers ??= new Map(
      [
        ...includersOf(this.options.files, this.options.root, (p) => {
          const text = this.host.readFile(p);
          return typeof text === 'string' ? text : undefined;
        }),
      ].map(([file, by]) => [this.key(file), by]),
    );
    return this.includers.get(this.key(path)) ?? [];
  }

  /** The file's kind and why. */
  kind(path: string): RecognisedKind {
    const key = this.key(path);
    let kind = this.kinds.get(key);
    if (kind === undefined) {
      // Asked again while recognising it (a file not parsed asks whether a manifest lists it, and another file not
      // parsed asks back): of no kind meanwhile, which is what it is for that question (it is no manifest).
      if (this.recognising.has(key)) return { kind: 'other', reason: NOT_PARSED_REASON };
      this.recognising.add(key);
      try {
        const document = this.document(path);
        // What neuro-san reads, else (it cannot read the file) what the text seems to say: the kind is the same —
        // unless the text does not parse, when what a recovering parser kept says nothing sure.
        const spec = document.ok ? undefined : this.spec(path);
        const value = spec === undefined ? document.value : spec.value;
        const parsed = spec === undefined || !(spec.syntax?.diagnostics.some((d) => d.severity === 'error') ?? false);
        const source = document.sources[0];
        const override = this.options.kindOverrides?.[path] ?? this.options.kindOverrides?.[key];
        const toolbox = this.settingPath('AGENT_TOOLBOX_INFO_FILE');
        kind = recogniseKind({
          path: this.relative(path),
          root: value,
          text: source !== undefined && this.key(source.name) === key ? source.text : '',
          included: () => this.includersOf(path).length > 0,
          settingsToolbox: toolbox !== undefined && this.key(toolbox) === key,
          // The settings' only: the runs the project ships are read when a network first needs them, not for a toolbox.
          manifestInUse: this.settingsManifests().some((m) => this.key(m.path) === key),
          inProject: this.options.inProject !== false,
          parsed,
          listedByManifest: () => this.listedByManifest(path),
          ...(override ? { override } : {}),
        });
      } finally {
        this.recognising.delete(key);
      }
      this.kinds.set(key, kind);
    }
    return kind;
  }

  /** Whether a manifest of the project lists the file as a network. */
  private listedByManifest(path: string): boolean {
    const key = this.key(path);
    return this.options.files.some((file) => this.kind(file).kind === 'manifest' && this.manifest(file).entries.some((e) => e.network !== undefined && this.key(e.network) === key));
  }

  /** neuro-san's reading of the file (or the reading the options choose), read once. */
  document(path: string): ReadDocument {
    const key = this.key(path);
    let document = this.documents.get(key);
    if (document === undefined) {
      document = resolveToolboxFile(path, { ...this.readingOptions(path), purpose: 'toolbox_info', withSpec: true });
      this.documents.set(key, document);
    }
    return document;
  }

  /** The specification's reading of the file (what its text seems to say). */
  spec(path: string): ResolvedDocument {
    const key = this.key(path);
    const document = this.documents.get(key);
    if (document?.specReading !== undefined) return document.specReading;
    if (document !== undefined && !('reading' in document)) return document;
    let spec = this.specs.get(key);
    if (spec === undefined) {
      spec = resolveFile(path, { host: this.host, baseDir: this.options.baseDir ?? this.options.root, env: this.options.env });
      this.specs.set(key, spec);
    }
    return spec;
  }

  /** The toolbox a user file makes over the default (undefined: the default alone), loaded once. */
  toolbox(userFile: string | undefined): LoadedToolbox {
    const key = userFile === undefined ? '' : this.key(userFile);
    let toolbox = this.toolboxes.get(key);
    if (toolbox === undefined) {
      const classInfo = userFile !== undefined ? this.options.classInfoFor?.(userFile) : undefined;
      const own = userFile !== undefined && this.documents.has(key) ? { resolvedUserFile: this.documents.get(key)! } : {};
      toolbox = loadToolbox({
        ...this.readingOptions(userFile ?? ''),
        ...(userFile !== undefined ? { userFile, userFileAsGiven: this.asGiven(userFile) } : {}),
        ...own,
        ...this.defaults(),
        ...(classInfo ? { classInfo } : {}),
      });
      this.toolboxes.set(key, toolbox);
    }
    return toolbox;
  }

  /** The file read as an agent network, with the toolbox it uses. */
  network(path: string): LoadedNetwork {
    const key = this.key(path);
    let network = this.networks.get(key);
    if (network === undefined) {
      // Served only by a shipped run's manifest: that run's toolbox, when it names one.
      const runToolbox = this.runOf(path)?.toolbox;
      const reading = this.readingOptions(path);
      network = loadAgentNetwork(path, {
        ...reading,
        ...(runToolbox !== undefined ? { env: { ...reading.env, AGENT_TOOLBOX_INFO_FILE: joinPath(this.options.root, runToolbox) } } : {}),
        ...this.defaults(),
        resolvedNetwork: this.document(path),
        loadedToolbox: (userFile) => this.toolbox(userFile),
      });
      this.networks.set(key, network);
    }
    return network;
  }

  /** The manifest read as neuro-san's registry reads it: the networks it serves, each checked. */
  manifest(path: string): ReadManifest {
    const key = this.key(path);
    let read = this.manifests.get(key);
    if (read === undefined) {
      const document = this.document(path);
      read = document.ok ? readManifest(document.value, this.manifestHost()) : { entries: [], diagnostics: [] };
      // One network, one name: a key written absolute (os.path.join keeps it, so neuro-san reads it) is the project's file.
      const inTerms = this.options.projectPath;
      if (inTerms) read = { ...read, entries: read.entries.map((e) => (e.network !== undefined && isAbsolutePath(e.network) ? { ...e, network: inTerms(e.network) } : e)) };
      this.manifests.set(key, read);
    }
    return read;
  }

  /**
   * The file's problems, by its kind: what neuro-san meets reading it as that kind, wherever it is written (the file
   * or what it includes), each once. A toolbox of the project that a network uses reports its own problems: the
   * network points at them (`broken-tool`). A fragment's are those its includers meet in it.
   */
  diagnostics(path: string): ToolboxDiagnostic[] {
    const key = this.key(path);
    let found = this.found.get(key);
    if (found === undefined) {
      found = dedupeDiagnostics(this.diagnosticsByKind(path)).sort(compareDiagnostics);
      this.found.set(key, found);
    }
    return found;
  }

  private diagnosticsByKind(path: string): ToolboxDiagnostic[] {
    const kind = this.kind(path).kind;
    const document = this.document(path);
    switch (kind) {
      case 'toolbox': {
        // The loader says the file's own differences; its failure is said here, by its cause.
        const own = this.toolbox(path).diagnostics.filter((d) => !isFailureOf(d, document));
        return [...this.whereAgentsUse(path, own), ...this.readingProblems(path, kind, { compare: false }), ...this.toolPathOnly([this.toolbox(path)], [])];
      }
      case 'network': {
        const network = this.network(path);
        const used = network.toolbox.files.userFile;
        // The project's toolbox reports its own problems once; a network points at those its agents meet.
        const reportedThere = used !== undefined && this.isProjectFile(used);
        const own = network.diagnostics.filter((d) => !(reportedThere && this.key(d.file) === this.key(used)) && !isFailureOf(d, document));
        return [
          ...own,
          ...this.readingProblems(path, kind, { compare: false }),
          ...(document.ok ? checkAgentReferences(document.value, this.options.neuroSan ?? newestFacts()) : []),
          ...(document.ok ? checkNetworkValidators(document.value, { facts: this.options.neuroSan ?? newestFacts(), ...this.servedNetworks() }) : []),
          ...(document.ok ? checkHoconLint(document.value, this.options.neuroSan ?? newestFacts()) : []),
          ...(document.ok ? this.toolPathOnly([], [document.value]) : []),
          ...(reportedThere ? brokenToolPointers(network, this.toolbox(used)) : []),
          ...(document.ok && this.options.codedClasses ? this.codedClasses(path, document.value, network) : []),
        ];
      }
      case 'manifest':
        return [...this.readingProblems(path, kind, { compare: true }), ...this.manifestProblems(path)];
      case 'test-case': {
        const known = this.options.knownAgent ?? ((name: string) => this.servesAgent(name));
        return [...this.readingProblems(path, kind, { compare: true }), ...(document.ok ? checkTestCaseAgent(document.value, known) : [])];
      }
      case 'fragment': {
        const includers = this.includersOf(path);
        if (includers.length === 0 || this.gathering.has(this.key(path))) return this.readingProblems(path, kind, { compare: true });
        // Read where it is included: its problems are those its includers meet in it.
        this.gathering.add(this.key(path));
        try {
          const read = includers.slice(0, this.options.includersRead ?? includers.length);
          return read.flatMap((includer) => this.diagnostics(includer)).filter((d) => this.key(d.file) === this.key(path));
        } finally {
          this.gathering.delete(this.key(path));
        }
      }
      default:
        return this.readingProblems(path, kind, { compare: true });
    }
  }

  /**
   * What reading the file says: neuro-san's failure in its words, or (one report per cause) at the include that did
   * not provide what the file needs (includeProblems.ts); the includes it skips; and with `compare`, every value it
   * reads otherwise than the text seems to say (a toolbox's and a network's loaders say those themselves).
   */
  private readingProblems(path: string, kind: FileKind, how: { compare: boolean }): ToolboxDiagnostic[] {
    const document = this.documentFor(path, kind);
    const reading = 'reading' in document ? (document.reading as NeuroSanReading) : undefined;
    const include = reading !== undefined ? includeProblems(reading, document.sources, this.options.urlsFetched === true) : undefined;
    const out = [...(include?.diagnostics ?? [])];
    // A file of no kind neuro-san reads is said not to be HOCON (a Markdown file named .hocon); what its values
    // need from where it is used (a substitution) is not known here.
    const unknownUse = kind === 'other' && reading !== undefined && !reading.ok && CONTEXT_FAILURES.has(reading.failure.type);
    if (!include?.replacesFailure && !unknownUse) {
      const failures = this.failureOf(document).map((d) => inKindWords(d, kind));
      out.push(...(this.readByNothing(path, kind) ? failures.map(asReadByNothing) : failures));
    }
    // A file of no kind neuro-san reads (a template, a logging configuration) is not compared.
    if (kind !== 'other' && reading !== undefined && document.ok) {
      // `key += "\n" ${x}`: pyhocon replaces where the text seems to append (every kind, toolboxes and networks too).
      out.push(...appendWarnings(document.value, this.spec(path)));
    }
    if (how.compare && kind !== 'other' && reading !== undefined && document.ok) {
      const spec = this.spec(path);
      // A top-level include neuro-san finds in its working directory, the text's reading next to the file: said at the include.
      const elsewhere = includesReadElsewhere(reading, document.sources, spec.sources, this.host);
      out.push(...elsewhere.warnings);
      // neuro-san's manifest registry drops the quotes pyhocon keeps in a key ("basic/x.hocon").
      const ours = (where: Origin) => !elsewhere.readElsewhere(where);
      out.push(...readingDifferenceWarnings(document.value, spec.value, 'file', ours, spec.ok, { keysUnquoted: kind === 'manifest' || kind === 'mcp-info' }));
    }
    return out;
  }

  /**
   * A toolbox's errors that neuro-san raises only as it builds the tool for an agent (AGENT_BUILD_RULES), for a tool
   * no agent of the project's networks is: warnings, which say so (an error would fail `validate` on a project that
   * runs). Only where the project's networks use the file as their toolbox: one no network here uses (a project of
   * toolboxes alone) is used from elsewhere, and keeps its errors.
   */
  private whereAgentsUse(path: string, diagnostics: ToolboxDiagnostic[]): ToolboxDiagnostic[] {
    if (!diagnostics.some(isAgentBuildError)) return diagnostics;
    const agentTools = this.offersOf(path).agents;
    if (agentTools === undefined) return diagnostics;
    return diagnostics.map((d) => (isAgentBuildError(d) && !agentTools.has(d.tool!) ? asNoAgentBuilds(d) : d));
  }

  /**
   * What the project's networks offer of the toolbox `path` (toolboxOffers.ts): read once by this reader, or kept
   * between keystrokes in the app's cache (`offersCache`) when it gives one.
   */
  offersOf(path: string): NetworkOffers {
    if (this.options.offersCache !== undefined) return this.options.offersCache.get(this, path);
    const key = this.key(path);
    let offers = this.offers.get(key);
    if (offers === undefined) {
      offers = networkOffers(this, path);
      this.offers.set(key, offers);
    }
    return offers;
  }

  /**
   * A file of no kind neuro-san reads (nothing includes it, no manifest lists it, it is not the project's toolbox, not
   * in registries/): a Markdown file named .hocon, say. neuro-san never reads it, so it cannot fail there: its failure
   * is a warning (an error would fail `validate` on a project that runs).
   */
  private readByNothing(path: string, kind: FileKind): boolean {
    const reason = this.kind(path).reason;
    if (kind !== 'other' || (reason !== NO_KIND_REASON && reason !== NOT_PARSED_REASON)) return false;
    return !this.listedByManifest(path);
  }

  /**
   * A file others include (an LLM config, an included manifest) and a fragment are read as an include is: their own
   * includes next to them (pyhocon gives an included file its folder as `basedir`), not in the folder neuro-san runs
   * in. A fragment others include gets its problems from them; read alone, it is read the same way.
   */
  private documentFor(path: string, kind: FileKind): ReadDocument {
    if (!readAsInclude(kind, () => this.includersOf(path).length > 0) || this.options.reading === 'spec') return this.document(path);
    const key = `included:${this.key(path)}`;
    let document = this.documents.get(key);
    if (document === undefined) {
      document = resolveToolboxFile(path, { ...this.readingOptions(path), neuroSanCwd: dirnameOf(path), purpose: PURPOSE.fragment });
      this.documents.set(key, document);
    }
    return document;
  }

  private failureOf(document: ReadDocument): ToolboxDiagnostic[] {
    return document.ok ? [] : document.diagnostics.map(fromHoconDiagnostic);
  }

  /**
   * With AGENT_TOOL_PATH_ONLY set, the coded classes of these toolboxes and networks written with AGENT_TOOL_PATH's
   * package in front, which neuro-san never imports (toolPathOnly.ts): said in the file each is written in.
   */
  toolPathOnly(toolboxes: readonly LoadedToolbox[], networks: readonly HoconObject[]): ToolboxDiagnostic[] {
    return toolPathOnlyProblems({
      facts: this.options.neuroSan ?? newestFacts(),
      flag: this.options.agentToolPathOnly ?? this.options.env.AGENT_TOOL_PATH_ONLY,
      agentToolPath: this.options.settings.AGENT_TOOL_PATH?.value,
      toolboxes,
      networks,
    });
  }

  /** The coded classes a network's agents use that its neuro-san would not find (codedClasses.ts). */
  private codedClasses(path: string, root: HoconObject, network: LoadedNetwork): ToolboxDiagnostic[] {
    const identity = this.networkIdentity(path);
    const saidElsewhere = refusedByToolPathOnly({
      facts: this.options.neuroSan ?? newestFacts(),
      flag: this.options.agentToolPathOnly ?? this.options.env.AGENT_TOOL_PATH_ONLY,
      agentToolPath: this.options.settings.AGENT_TOOL_PATH?.value,
    });
    const finder = this.runOf(path)?.codedClasses ?? this.options.codedClasses!;
    return codedClassProblems({ network: root, agents: network.agents, toolbox: network.toolbox, ...identity, finder, saidElsewhere });
  }

  /** The runs the project ships (ProjectReaderOptions.runs), asked for once. */
  shippedRuns(): readonly ReaderRun[] {
    return (this.runsGiven ??= this.options.runs?.() ?? []);
  }

  /**
   * A manifest's problems. neuro-san reads a manifest only when AGENT_MANIFEST_FILE names it (or one that includes it):
   * where nothing in the project does — no setting, no convention, no shipped run — a network it lists that is not
   * there fails no server of this project, so that is a warning, said as such. A sub-manifest written for another
   * project (`registries/industry/manifest.hocon` listing `industry/x.hocon` for neuro-san-studio's root manifest to
   * include) is the common case.
   */
  private manifestProblems(path: string): ToolboxDiagnostic[] {
    const found = this.manifest(path).diagnostics;
    if (this.options.inProject === false || this.options.loose === true || this.manifestsRead().has(this.key(path))) return found;
    const unread = `No run of this project reads this manifest: neuro-san reads one only where AGENT_MANIFEST_FILE names it, or names a manifest that includes it.`;
    return found.map((d) =>
      d.severity === 'error' && (d.rule === 'manifest-network-missing' || d.rule === 'manifest-not-network') ? { ...d, severity: 'warning', message: `${d.message} ${unread}` } : d,
    );
  }

  /** The manifests neuro-san reads in this project (manifestsInUse) and the files they include, by key. */
  private manifestsRead(): ReadonlySet<string> {
    if (this.readManifests === undefined) {
      const keys = new Set<string>();
      for (const m of this.manifestsInUse()) {
        keys.add(this.key(m.path));
        if (this.isProjectFile(m.path)) for (const source of this.document(m.path).sources) keys.add(this.key(source.name));
      }
      this.readManifests = keys;
    }
    return this.readManifests;
  }

  /** The manifests AGENT_MANIFEST_FILE of the settings names, split as the project's release splits it. */
  private settingsManifests(): readonly ManifestInUse[] {
    if (this.namedManifests === undefined) {
      const out: ManifestInUse[] = [];
      const setting = this.options.settings.AGENT_MANIFEST_FILE;
      if (setting !== undefined) {
        const facts = this.options.neuroSan ?? newestFacts();
        const namedBy = `AGENT_MANIFEST_FILE (from ${setting.from})`;
        for (const file of manifestFilesNamed(setting.value, facts, this.options.pathDelimiter ?? ':')) out.push({ path: joinPath(this.options.root, file), namedBy, settings: true });
      }
      this.namedManifests = out;
    }
    return this.namedManifests;
  }

  /**
   * The manifests neuro-san is started with: AGENT_MANIFEST_FILE of the settings, split as the project's release
   * splits it (manifestList.ts), then each shipped run's.
   */
  manifestsInUse(): readonly ManifestInUse[] {
    if (this.inUse === undefined) {
      const out: ManifestInUse[] = [...this.settingsManifests()];
      for (const run of this.shippedRuns()) for (const file of run.manifests) out.push({ path: joinPath(this.options.root, file), namedBy: run.source, settings: false });
      this.inUse = out;
    }
    return this.inUse;
  }

  /**
   * The shipped run a network is read as: the first whose manifests serve it, when no manifest of the settings does
   * (then the project's settings apply, as they do to a network no manifest serves).
   */
  runOf(path: string): ReaderRun | undefined {
    const runs = this.shippedRuns();
    if (runs.length === 0) return undefined;
    const key = this.key(path);
    if (this.runsOf.has(key)) return this.runsOf.get(key);
    const servedBy = new Set<string>();
    for (const file of this.options.files) {
      if (this.kind(file).kind !== 'manifest') continue;
      if (this.manifest(file).entries.some((e) => e.served && e.network !== undefined && this.key(e.network) === key)) servedBy.add(this.key(file));
    }
    const fromSettings = this.manifestsInUse().some((m) => m.settings && servedBy.has(this.key(m.path)));
    const run = fromSettings ? undefined : runs.find((r) => r.manifests.some((m) => servedBy.has(this.key(joinPath(this.options.root, m)))));
    this.runsOf.set(key, run);
    return run;
  }

  /**
   * A network's name as a manifest serves it (its key, without the extension: the package path its coded tools are
   * found under) and whether one does; else its path under `registries/`, served by none.
   */
  networkIdentity(path: string): { name: string; served: boolean } {
    const key = this.key(path);
    let listed: { name: string; served: boolean } | undefined;
    for (const file of this.options.files) {
      if (this.kind(file).kind !== 'manifest') continue;
      for (const entry of this.manifest(file).entries) {
        // The entry's network is in the reader's terms already (next to its manifest, as listed): joined to the root
        // again, a project read from the folder above (`validate sub/registries/x.hocon`) served none of its networks.
        if (entry.network === undefined || this.key(entry.network) !== key) continue;
        const found = { name: entry.written.replace(/\.(hocon|json)$/, ''), served: entry.served };
        if (found.served) return found;
        listed ??= found;
      }
    }
    if (listed) return listed;
    const relative = this.relative(path).replace(/\.(hocon|json)$/, '');
    const under = relative.lastIndexOf('registries/');
    return { name: under >= 0 ? relative.slice(under + 'registries/'.length) : relative.split('/').pop()!, served: false };
  }

  /** What a network's `/name` tools may name (networkValidators.ts): nothing is judged without a manifest to say. */
  private servedNetworks(): { knownNetwork?: (name: string) => boolean } {
    if (this.options.knownAgent) return { knownNetwork: this.options.knownAgent };
    if (this.options.inProject === false || !this.options.files.some((file) => this.kind(file).kind === 'manifest')) return {};
    return { knownNetwork: (name) => this.servesAgent(name) };
  }

  /** A network name neuro-san serves from this project: in a manifest of it, or a file under `registries/`. */
  servesAgent(name: string): boolean {
    for (const file of this.options.files) {
      if (this.kind(file).kind !== 'manifest') continue;
      if (this.manifest(file).entries.some((e) => e.written.replace(/\.(hocon|json)$/, '') === name)) return true;
      if (this.absentManifestFolders(file).some((folder) => name.startsWith(`${folder}/`))) return true;
    }
    return [`registries/${name}.hocon`, `registries/${name}.json`].some((p) => this.isProjectFile(joinPath(this.options.root, p)));
  }

  /**
   * The folders (relative to the manifest's, as its keys are written) of manifests it includes that are absent: one
   * generated at run time (`registries/generated/manifest.hocon`) may list any network there.
   */
  private absentManifestFolders(manifest: string): string[] {
    const document = this.document(manifest);
    const reading = 'reading' in document ? (document.reading as NeuroSanReading) : undefined;
    return (reading?.includes ?? []).filter((i) => !i.found && i.url !== true).map((i) => pathWithin(dirnameOf(manifest), dirnameOf(i.path)));
  }

  private manifestHost(): ManifestHost {
    return {
      fileProblem: (path) => {
        if (!this.isProjectFile(path) && typeof this.host.readFile(path) !== 'string') return undefined;
        const problems = this.diagnosticsOfOwn(path);
        const first = problems.find((d) => d.severity === 'error');
        return {
          exists: true,
          // Only of a file that parses: one that does not is said so (and its kind may ask which manifest lists it).
          isNetwork: first === undefined && this.kind(path).kind === 'network',
          parses: first === undefined,
          ...(first ? { firstError: `${this.relative(first.file)}:${first.line}:${first.column}` } : {}),
        };
      },
      shown: (path) => this.relative(path),
    };
  }

  /** Whether neuro-san can read the file at all: its own reading's errors (not its rules'). */
  private diagnosticsOfOwn(path: string): ToolboxDiagnostic[] {
    const document = this.document(path);
    if (document.ok) return [];
    const reading = 'reading' in document ? (document.reading as NeuroSanReading) : undefined;
    const include = reading !== undefined ? includeProblems(reading, document.sources, this.options.urlsFetched === true) : undefined;
    return include?.replacesFailure ? include.diagnostics : document.diagnostics.map(fromHoconDiagnostic);
  }

  private readingOptions(path: string) {
    const cache = this.options.entryCacheFor?.(path);
    return {
      host: this.host,
      baseDir: this.options.baseDir ?? this.options.root,
      env: this.options.env,
      reading: this.options.reading ?? ('neuro-san' as const),
      neuroSanCwd: this.options.neuroSanCwd ?? this.options.root,
      ...(cache !== undefined ? { neuroSanEntryCache: cache } : {}),
    };
  }

  private defaults(): { defaultFile?: string; neuroSan?: NeuroSanFacts } {
    return { ...(this.options.defaultFile ? { defaultFile: this.options.defaultFile } : {}), ...(this.options.neuroSan ? { neuroSan: this.options.neuroSan } : {}) };
  }

  /**
   * A toolbox file as neuro-san, run from the root, is given it: the settings' AGENT_TOOLBOX_INFO_FILE as written
   * where it names the file, else the path from the root (in the caller's terms, validate FILE from the folder above
   * a project named it `proj/toolbox/toolbox_info.hocon` where neuro-san says `toolbox/toolbox_info.hocon`).
   */
  private asGiven(file: string): string {
    const setting = this.options.settings.AGENT_TOOLBOX_INFO_FILE;
    const named = this.settingPath('AGENT_TOOLBOX_INFO_FILE');
    if (setting !== undefined && named !== undefined && this.key(named) === this.key(file)) return setting.value;
    return this.options.inProject === false ? file : this.relative(file);
  }

  /** The path relative to the root, '/'-separated (what the naming conventions look at, and messages name). */
  relative(path: string): string {
    return pathWithin(this.options.root, path);
  }
}

/** Failures that depend on where a file is used (what includes it sets), not on its text alone. */
const CONTEXT_FAILURES = new Set(['ConfigMissingException', 'ConfigSubstitutionException']);

/**
 * Rules whose error neuro-san raises only when it builds the tool for an agent that uses it, not when it reads the
 * toolbox: `langchain-class-form` (ToolboxFactory._resolve_class, from create_tool_from_toolbox).
 */
const AGENT_BUILD_RULES = new Set(['langchain-class-form']);

function isAgentBuildError(d: ToolboxDiagnostic): boolean {
  return d.severity === 'error' && d.tool !== undefined && AGENT_BUILD_RULES.has(d.rule);
}

/** An agent-build error of a tool no agent of the project is (whereAgentsUse): said, and why it is not an error. */
function asNoAgentBuilds(d: ToolboxDiagnostic): ToolboxDiagnostic {
  const said = d.message.replace(/\.?$/, '.');
  return { ...d, severity: 'warning', message: `${said} No network of this project has '${d.tool}' as an agent: neuro-san does not meet this here.` };
}

/** The failure of a file nothing reads (readByNothing): said, and why it is not an error. */
function asReadByNothing(d: ToolboxDiagnostic): ToolboxDiagnostic {
  const said = d.message.replace(/\.?$/, '.');
  return { ...d, severity: 'warning', message: `${said} Nothing in the project reads it (no manifest lists it, no file includes it): neuro-san never meets this.` };
}

/** neuro-san's failure names the file by its kind ("agent network file"), not always "toolbox_info file". */
function inKindWords(d: ToolboxDiagnostic, kind: FileKind): ToolboxDiagnostic {
  const purpose = PURPOSE[kind];
  if (purpose === 'toolbox_info' || !d.message.includes('toolbox_info file "')) return d;
  if (purpose === undefined) return { ...d, message: d.message.replace(/^There was an error (?:loading|parsing) toolbox_info file ("[^"]*")/, 'pyhocon cannot read $1') };
  return { ...d, message: d.message.replace(/(error (?:loading|parsing) )toolbox_info file "/, `$1${purpose} file "`) };
}

/** Whether `d` is the reading's own failure (the one error of a file neuro-san cannot read). */
function isFailureOf(d: ToolboxDiagnostic, document: ReadDocument): boolean {
  return !document.ok && document.diagnostics.some((f) => f.file === d.file && f.range.start.offset === d.range.start.offset && f.message === d.message);
}

