import { dirnameOf, extensionOf, FieldMap, ObjectValue, resolveFile, type Diagnostic, type HoconObject, type IncludeHost, type Origin, type ResolvedDocument } from '../hocon/index';
import { resolveFileAsNeuroSan, type NeuroSanEntryCache, type NeuroSanResolvedDocument } from '../neurosan/index';
import { includeReadingWarnings } from './includeReadingDifferences';
import { includesReadElsewhere, includeWorkingDirectoryWarnings } from './includeWorkingDirectory';
import { readingDifferenceWarnings } from './readingDifferences';
import { layerToolboxes, type ToolOrigin } from './layering';
import { keyOrigin, readToolEntries, type LoadedClassInfo, type ToolEntry } from './toolEntry';
import { compareDiagnostics, diagnosticOf, replaceTextFix, type ToolboxDiagnostic } from './toolboxDiagnostic';
import { validateEntries } from './validateToolbox';
import type { NeuroSanFacts } from '../neurosan/versions/index';

export interface ToolboxFiles {
  /** The shipped default toolbox, unless the user chose not to layer over it. */
  defaultFile?: string;
  /** The user's toolbox info file (the one being edited), if any. */
  userFile?: string;
}

import type { Reading } from './reading';

export type { Reading };

export interface LoadOptions extends ToolboxFiles {
  /**
   * The user's file as neuro-san is given it (its AGENT_TOOLBOX_INFO_FILE, from where it runs), which its messages
   * name; default `userFile`, which is in the caller's terms.
   */
  userFileAsGiven?: string;
  /** Reads files (the default toolbox, the user's file, their includes). Editors layer unsaved text on top. */
  host: IncludeHost;
  /** Where includes not found next to the including file are looked up: the project root (neuro-san's cwd). */
  baseDir?: string;
  /** For `${?ENV}` substitutions. */
  env?: Record<string, string | undefined>;
  /** What the test-run worker learned by loading classes (toolkits). */
  classInfo?: ReadonlyMap<string, LoadedClassInfo>;
  /** The user file already resolved by the caller (who looked at it to tell a network from a toolbox). */
  resolvedUserFile?: ResolvedDocument;
  /**
   * Whose reading of the files: 'spec' (the HOCON specification's; the default here) or 'neuro-san' (what neuro-san's
   * loader returns: pyhocon's rules, see shared/neurosan).
   */
  reading?: Reading;
  /** For neuro-san's reading: the working directory neuro-san runs in (default: baseDir, else the file's folder). */
  neuroSanCwd?: string;
  /**
   * For neuro-san's reading of a file being typed in: kept per file between keystrokes, so that only the entries whose
   * text changed are read again (shared/neurosan/entryCache.ts).
   */
  neuroSanEntryCache?: NeuroSanEntryCache;
  /**
   * The facts of the neuro-san version the project runs (shared/neurosan/versions): which rules apply, in whose words.
   * Default: the newest release the editor knows. `defaultFile` should be that version's default toolbox.
   */
  neuroSan?: NeuroSanFacts;
}

/** A file in neuro-san's reading, with the specification's reading of the same text when it was made on the way. */
export type ReadDocument = ResolvedDocument & { specReading?: ResolvedDocument };

/** Reads one file by the reading chosen in `options`. */
export function resolveToolboxFile(
  path: string,
  options: Pick<LoadOptions, 'host' | 'baseDir' | 'env' | 'reading' | 'neuroSanCwd' | 'neuroSanEntryCache'> & {
    /** How neuro-san names the file in its failure: `toolbox_info` (the default), `agent network`, `manifest`... */
    purpose?: string;
    /** The spec's reading is wanted too (a project's files, compared): made first, it stands in where they agree. */
    withSpec?: boolean;
  },
): ReadDocument {
  if (options.reading === 'neuro-san') {
    const cwd = options.neuroSanCwd ?? options.baseDir ?? dirnameOf(path);
    const cache = options.neuroSanEntryCache;
    // The spec's reading is wanted anyway (the warnings where the two differ); with a cache it speeds neuro-san's up,
    // and where both read the same values its values stand for neuro-san's.
    const spec = cache !== undefined || options.withSpec === true ? resolveFile(path, { host: options.host, baseDir: options.baseDir, env: options.env ?? {} }) : undefined;
    // ToolboxFactory deep-merges the file over the default toolbox: a list there is refused in these words.
    const resolved = resolveFileAsNeuroSan(path, {
      host: options.host,
      cwd,
      env: options.env ?? {},
      ...(options.purpose === undefined || options.purpose === 'toolbox_info' ? { notAnObject: 'ValueError: overlay is not a dictionary' } : { purpose: options.purpose }),
      ...(spec !== undefined && cache !== undefined ? { spec, entryCache: cache } : spec !== undefined ? { sameAs: spec } : {}),
    });
    return spec !== undefined ? Object.assign(resolved, { specReading: spec }) : resolved;
  }
  return resolveFile(path, { host: options.host, baseDir: options.baseDir, env: options.env ?? {} });
}

export interface LoadedToolbox {
  files: ToolboxFiles;
  /** The effective tools in order: the default toolbox's first, then the user's new ones. */
  tools: ToolEntry[];
  /** The effective toolbox as one resolved object. */
  root: HoconObject | undefined;
  origins: Map<string, ToolOrigin>;
  /** Syntax, resolution and validation problems in the user's files, sorted by file and position. */
  diagnostics: ToolboxDiagnostic[];
  /** The user's file could not be read (its error is among the diagnostics): which tools it defines is not known. */
  userFileUnread?: boolean;
  /**
   * The user's file as the HOCON specification reads it, when that reading was made (always for 'spec'; for
   * 'neuro-san' where the warnings between the two were looked for): every definition of each key, for the form.
   */
  userSpecRoot?: HoconObject;
}

/** HOCON's own diagnostics in the toolbox diagnostic form. */
export function fromHoconDiagnostic(d: Diagnostic): ToolboxDiagnostic {
  return { severity: d.severity, rule: 'hocon', message: d.message, file: d.file, line: d.line, column: d.column, range: d.range };
}

/** neuro-san refuses toolbox files of other types, in these words. */
export function fileTypeProblem(path: string): string | undefined {
  const extension = extensionOf(path);
  return extension === '.hocon' || extension === '.json' ? undefined : `File reference ${path} must be a .json or .hocon file`;
}

/**
 * Builds the effective toolbox as neuro-san does: the user's file deep-merged over the default toolbox, then reads
 * every entry and validates the ones the user wrote.
 */
export function loadToolbox(options: LoadOptions): LoadedToolbox {
  const diagnostics: ToolboxDiagnostic[] = [];
  const read = (path: string | undefined, own: boolean, already?: ResolvedDocument): HoconObject | undefined => {
    if (path === undefined) return undefined;
    const resolved = already ?? resolveToolboxFile(path, options);
    // Problems inside the shipped default are neuro-san's, not the user's; only a missing default is worth saying.
    if (own) diagnostics.push(...resolved.diagnostics.map(fromHoconDiagnostic));
    return resolved.value;
  };
  const defaults = read(options.defaultFile, false);
  const userDocument = options.userFile === undefined ? undefined : ((options.resolvedUserFile as ReadDocument | undefined) ?? resolveToolboxFile(options.userFile, options));
  const user = atMostMaxTools(read(options.userFile, true, userDocument), diagnostics);
  const unread = userDocument !== undefined && !userDocument.ok && userDocument.diagnostics.some((d) => d.severity === 'error') ? { userFileUnread: true } : {};
  if (options.reading === 'neuro-san' && options.userFile) offerBomFix(diagnostics, options.userFile, options.host);
  if (options.reading === 'neuro-san' && userDocument !== undefined && 'reading' in userDocument) {
    const document = userDocument as NeuroSanResolvedDocument;
    diagnostics.push(...includeWorkingDirectoryWarnings(document.reading, document.sources, options.host));
    diagnostics.push(...includeReadingWarnings(document.reading, document.sources, options.host, user));
  }
  let userSpecRoot = options.reading === 'neuro-san' ? undefined : user;
  if (options.reading === 'neuro-san' && user && options.userFile) {
    // What the text seems to say, beside what neuro-san gets: a warning wherever an entry differs.
    const spec = userDocument?.specReading ?? resolveFile(options.userFile, { host: options.host, baseDir: options.baseDir, env: options.env ?? {} });
    // A file only neuro-san reads, through an include it finds in its working directory: said at the include above.
    const elsewhere = includesReadElsewhere((userDocument as Partial<NeuroSanResolvedDocument> | undefined)?.reading, userDocument?.sources ?? [], spec.sources);
    const ours = (where: Origin) => where.source.name !== options.defaultFile && !elsewhere.readElsewhere(where);
    diagnostics.push(...readingDifferenceWarnings(user, spec.value, 'toolbox', ours, spec.ok));
    userSpecRoot = spec.value;
  }
  if (options.userFile && fileTypeProblem(options.userFile)) {
    diagnostics.push({
      severity: 'error',
      rule: 'toolbox-file-type',
      message: fileTypeProblem(options.userFile)!,
      file: options.userFile,
      line: 1,
      column: 1,
      range: { start: { offset: 0, line: 1, column: 1 }, end: { offset: 0, line: 1, column: 1 } },
    });
  }
  if (!defaults && !user) {
    return { files: filesOf(options), tools: [], root: undefined, origins: new Map(), diagnostics, ...unread };
  }
  const layered = layerToolboxes(defaults, user);
  const tools = readToolEntries(layered.root, layered.origins, options.classInfo);
  const findings = [...layered.diagnostics, ...validateEntries(tools, { toolboxFile: options.userFileAsGiven ?? options.userFile, ...(options.neuroSan ? { neuroSan: options.neuroSan } : {}) })];
  // The shipped default is neuro-san's file, not the user's: nothing located in it is reported, with or without a
  // user toolbox (an override may carry the default's fields; their problems are the default's, not the user's).
  for (const d of findings) if (!isDefaultFile(d.file, options)) diagnostics.push(d);
  return {
    files: filesOf(options),
    tools,
    root: layered.root,
    origins: layered.origins,
    diagnostics: diagnostics.sort(compareDiagnostics),
    ...(userSpecRoot ? { userSpecRoot } : {}),
    ...unread,
  };
}

/**
 * A toolbox of more tools than this is checked up to there, with one error at the first tool past it: each tool is
 * read, validated, compared between the readings, summarised and sent, and 100,000 (each a key `kN = N`) took 4 s of
 * CPU and 760 MB to analyse. The 5,000-tool benchmark toolbox is half of it; a real toolbox has tens to hundreds.
 */
export const MAX_TOOLS = 10_000;

/** `user` with its first MAX_TOOLS tools, the rest said to be left out; as it is when it has no more. */
function atMostMaxTools(user: HoconObject | undefined, diagnostics: ToolboxDiagnostic[]): HoconObject | undefined {
  if (user === undefined || user.fields.size <= MAX_TOOLS) return user;
  const fields = user.fields;
  const first = fields.fieldAt(MAX_TOOLS);
  const message = `More than ${MAX_TOOLS.toLocaleString('en-US')} tools: Toolbox Editor checks toolboxes with up to that many; '${first.key}' and the ${(fields.size - MAX_TOOLS - 1).toLocaleString('en-US')} after it are left out`;
  diagnostics.push(diagnosticOf(keyOrigin(first), 'error', 'toolbox-limit', message, undefined));
  return new ObjectValue(new FieldMap(Array.from({ length: MAX_TOOLS }, (_, i) => fields.fieldAt(i))), user.source, user.start, user.end);
}

/** neuro-san cannot load a file that starts with a byte-order mark: its error gets the fix that drops the mark. */
function offerBomFix(diagnostics: ToolboxDiagnostic[], file: string, host: IncludeHost): void {
  const text = host.readFile(file);
  if (typeof text !== 'string' || text.charCodeAt(0) !== 0xfeff) return;
  const at = diagnostics.findIndex((d) => d.file === file && d.rule === 'hocon' && d.range.start.offset === 0);
  if (at >= 0) diagnostics[at] = { ...diagnostics[at]!, fix: replaceTextFix('Remove the byte-order mark', file, 0, 1, '') };
}

function isDefaultFile(file: string, options: LoadOptions): boolean {
  return options.defaultFile !== undefined && file === options.defaultFile;
}

function filesOf(options: LoadOptions): ToolboxFiles {
  return {
    ...(options.defaultFile ? { defaultFile: options.defaultFile } : {}),
    ...(options.userFile ? { userFile: options.userFile } : {}),
  };
}
