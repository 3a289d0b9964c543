import { resolveFile, type IncludeHost, type ResolvedDocument } from '../hocon/index';
import type { Diagnostic } from '../hocon/diagnostics';
import { extensionOf } from '../hocon/include-paths';
import type { HoconObject } from '../hocon/values';
import { layerToolboxes, type ToolOrigin } from './layering';
import { readToolEntries, type LoadedClassInfo, type ToolEntry } from './toolEntry';
import { compareDiagnostics, type ToolboxDiagnostic } from './toolboxDiagnostic';
import { validateEntries } from './validateToolbox';

export interface ToolboxFiles {
  /** The shipped default toolbox, unless the user chose not to layer over it. */
  defaultFile?: string;
  /** The user's toolbox info file (the one being edited), if any. */
  userFile?: string;
}

export interface LoadOptions extends ToolboxFiles {
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
    const resolved = already ?? resolveFile(path, { host: options.host, baseDir: options.baseDir, env: options.env ?? {} });
    // Problems inside the shipped default are neuro-san's, not the user's; only a missing default is worth saying.
    if (own) diagnostics.push(...resolved.diagnostics.map(fromHoconDiagnostic));
    return resolved.value;
  };
  const defaults = read(options.defaultFile, false);
  const user = read(options.userFile, true, options.resolvedUserFile);
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
    return { files: filesOf(options), tools: [], root: undefined, origins: new Map(), diagnostics };
  }
  const layered = layerToolboxes(defaults, user);
  const tools = readToolEntries(layered.root, layered.origins, options.classInfo);
  const findings = [...layered.diagnostics, ...validateEntries(tools, { toolboxFile: options.userFile })];
  // The shipped default is neuro-san's file, not the user's: nothing located in it is reported, with or without a
  // user toolbox (an override may carry the default's fields; their problems are the default's, not the user's).
  for (const d of findings) if (!isDefaultFile(d.file, options)) diagnostics.push(d);
  return { files: filesOf(options), tools, root: layered.root, origins: layered.origins, diagnostics: diagnostics.sort(compareDiagnostics) };
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
