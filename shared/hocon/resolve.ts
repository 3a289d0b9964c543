/**
 * Reading a configuration: parse the file, apply includes, resolve substitutions. File access is injected
 * (`IncludeHost`), so this runs in the browser, in Node and in tests alike.
 */
import { ValueBuilder, type IncludeLoader, type IncludedContent } from './buildValues';
import { makeDiagnostic, type Diagnostic } from './diagnostics';
import { dirnameOf, extensionOf, fileUrlPath, isAbsolutePath, isUrlName, joinPath, normalizePath } from './includePaths';
import { IncludeBudget, type IncludeLimits } from './includeBudget';
import type { ParsedIncludes } from './parsedIncludes';
import { checkJsonSyntax } from './jsonSyntax';
import { parseSource } from './parser';
import { readDocument } from './plainDocument';
import { parseProperties } from './propertiesFile';
import { SubstitutionResolver } from './resolveSubstitutions';
import type { IncludeNode, SyntaxDocument } from './syntaxTree';
import { SourceText } from './textPosition';
import type { HoconObject } from './values';

export { INCLUDE_LIMITS, type IncludeLimits } from './includeBudget';

/** Reads files for includes. Synchronous: configurations are small, and the resolver stays simple and pure. */
export interface IncludeHost {
  /**
   * The file's text, undefined if there is no such file, or why a path that exists cannot be read as text (not
   * UTF-8, a folder, too large, no permission). `path` is built with '/' joins from the names given.
   */
  readFile(path: string): string | undefined | UnreadableFile;
  /**
   * An `http(s)://` include's text: fetched beforehand when the user allowed it (cached), else undefined. Never
   * fetched while reading (this code is synchronous and pure).
   */
  readUrl?(url: string): string | undefined | UnreadableFile;
  /** Included files as parsed by earlier readings through this host (kept by a reader of many files: a project's). */
  parsedIncludes?: ParsedIncludes;
}

/** A path that exists but is not read: `problem` says why in plain words (it names the file). */
export interface UnreadableFile {
  problem: string;
  /** A folder: an include lookup goes on to its next candidate, as pyhocon does with a path it cannot open. */
  folder?: boolean;
}

export interface ResolveOptions {
  /** The file's path (used in messages and origins, and to find includes next to it). Default '<input>'. */
  fileName?: string;
  /** Reads included files; without one, includes are reported as unavailable. */
  host?: IncludeHost;
  /**
   * Where includes not found next to the including file are looked up (neuro-san resolves includes against the
   * project root, as pyhocon does).
   */
  baseDir?: string;
  /** Directory relative `file("...")` includes resolve against (Lightbend uses the process working directory). */
  cwd?: string;
  /** Environment variables for substitutions not found in the configuration. Default: none. */
  env?: Record<string, string | undefined>;
  /** How to read the root file; by default from its extension (.json → json, .properties → properties). */
  syntax?: 'hocon' | 'json' | 'properties';
  /** What includes may cost one reading; the defaults are INCLUDE_LIMITS. */
  includeLimits?: Partial<IncludeLimits>;
}

export interface ResolvedDocument {
  /** No error diagnostics (warnings allowed). */
  ok: boolean;
  /** The resolved root object (fields that failed to resolve are left out; see diagnostics). */
  value: HoconObject;
  /** Parse and resolution problems of the root file and everything it includes, each with a position. */
  diagnostics: Diagnostic[];
  /** The root file's syntax tree (undefined for a .properties file). */
  syntax: SyntaxDocument | undefined;
  /** Every file read, the root first. */
  sources: SourceText[];
  /** Each file include met, where it was looked for and what it read (absent where there was none). */
  includes?: IncludeLookup[];
}

/** Where one `include` statement was looked for in this reading, and the files it read (none: not found). */
export interface IncludeLookup {
  /** The including file, and the statement's offsets in it. */
  file: string;
  start: number;
  end: number;
  /** The name as written. */
  target: string;
  read: string[];
  tried: string[];
}

/** Parses and resolves HOCON text. Never throws on bad input. */
export function resolveHocon(text: string, options: ResolveOptions = {}): ResolvedDocument {
  const fileName = options.fileName ?? '<input>';
  const source = new SourceText(fileName, text);
  const syntaxKind = options.syntax ?? syntaxFromExtension(fileName);
  if (syntaxKind === 'hocon') {
    // Most files are read in one pass, the few entries that need the general machinery handed to it (see
    // plainDocument.ts); a file with a syntax problem takes the general path, which reports it.
    const result = resolveInOnePass(source, options);
    if (result !== undefined) return result;
  }
  return resolveGeneral(source, syntaxKind, options);
}

/** The one-pass reader's result (undefined when the general path must read the file). */
export function resolveInOnePass(source: SourceText, options: ResolveOptions): ResolvedDocument | undefined {
  let loader: HostIncludeLoader | undefined;
  const diagnostics: Diagnostic[] = [];
  const read = readDocument(
    source,
    (root, dirty) => {
      loader = new HostIncludeLoader(options);
      loader.sources.push(source);
      return new ValueBuilder(source, loader, diagnostics, root, dirty);
    },
    normalizePath(source.name),
  );
  if (read === undefined) return undefined;
  if (read.builder === undefined) {
    // Nothing to resolve; maybe a problem the parser recovered from without an entry.
    return read.parseDiagnostics.length === 0 ? plainResult(read.root, source) : lazySyntaxResult(read.root, source, read.parseDiagnostics, [source]);
  }
  new SubstitutionResolver(read.root, options.env ?? {}, diagnostics, read.builder.dirty).resolveDocument();
  // As the general path: what the parse reports first, then what building and resolving report.
  const all = read.parseDiagnostics.length === 0 ? diagnostics : [...read.parseDiagnostics, ...diagnostics];
  return lazySyntaxResult(read.root, source, all, (loader as HostIncludeLoader).sources, (loader as HostIncludeLoader).includes);
}

/** The general path: parse to a syntax tree, build values, apply includes, resolve substitutions. */
export function resolveGeneral(source: SourceText, syntaxKind: 'hocon' | 'json' | 'properties', options: ResolveOptions): ResolvedDocument {
  const fileName = source.name;
  const diagnostics: Diagnostic[] = [];
  const loader = new HostIncludeLoader(options);
  loader.sources.push(source);
  const builder = new ValueBuilder(source, loader, diagnostics);
  let syntax: SyntaxDocument | undefined;
  if (syntaxKind === 'properties') {
    const object = parseProperties(source);
    builder.markAllDirty(object);
    for (const [key, field] of object.fields) builder.setValue(builder.root, key, field.value, field.definitions[0], false);
  } else {
    syntax = parseSource(source);
    diagnostics.push(...syntax.diagnostics);
    if (syntaxKind === 'json') diagnostics.push(...checkJsonSyntax(syntax));
    if (syntax.root.kind === 'array') {
      diagnostics.push(makeDiagnostic(source, syntax.root.start, syntax.root.start + 1, 'The root of a configuration must be an object, not an array'));
    } else {
      builder.applyRoot(syntax.root, source, normalizePath(fileName));
    }
  }
  new SubstitutionResolver(builder.root, options.env ?? {}, diagnostics, builder.dirty).resolveDocument();
  return {
    ok: !diagnostics.some((d) => d.severity === 'error'),
    value: builder.root,
    diagnostics,
    syntax,
    sources: loader.sources,
    ...(loader.includes.length > 0 ? { includes: loader.includes } : {}),
  };
}

/**
 * The result for a plain document: no diagnostics, no includes. Nothing needed its syntax tree, so it is parsed
 * only if asked for (most callers never do; building it was half the cost of reading a big file).
 */
function plainResult(value: HoconObject, source: SourceText): ResolvedDocument {
  return lazySyntaxResult(value, source, [], [source]);
}

/** A result whose syntax tree is parsed when first read. */
function lazySyntaxResult(value: HoconObject, source: SourceText, diagnostics: Diagnostic[], sources: SourceText[], includes?: IncludeLookup[]): ResolvedDocument {
  let syntax: SyntaxDocument | undefined;
  return {
    ...(includes !== undefined && includes.length > 0 ? { includes } : {}),
    ok: !diagnostics.some((d) => d.severity === 'error'),
    value,
    diagnostics,
    get syntax(): SyntaxDocument {
      return (syntax ??= parseSource(source));
    },
    sources,
  };
}

/** Reads a file through the host, then resolves it. A missing file is a diagnostic, not an exception. */
export function resolveFile(path: string, options: ResolveOptions & { host: IncludeHost }): ResolvedDocument {
  const text = options.host.readFile(path);
  if (typeof text !== 'string') {
    const result = resolveHocon('', { ...options, fileName: path });
    const source = result.sources[0] as SourceText;
    result.diagnostics.push(makeDiagnostic(source, 0, 0, text === undefined ? `File not found: ${path}` : text.problem));
    result.ok = false;
    return result;
  }
  return resolveHocon(text, { ...options, fileName: path });
}

function syntaxFromExtension(fileName: string): 'hocon' | 'json' | 'properties' {
  const extension = extensionOf(fileName);
  return extension === '.json' ? 'json' : extension === '.properties' ? 'properties' : 'hocon';
}

/** Lightbend's probing order for a name without an extension. */
const PROBE_EXTENSIONS = ['.conf', '.json', '.properties'];

class HostIncludeLoader implements IncludeLoader {
  readonly sources: SourceText[] = [];
  readonly includes: IncludeLookup[] = [];
  private readonly parsed = new Map<string, IncludedContent>();
  private readonly sizes = new Map<string, number>();
  private readonly budget: IncludeBudget;
  /** Once a limit is reached, no further include is read (the first one past it says why). */
  private exhausted = false;

  constructor(private readonly options: ResolveOptions) {
    this.budget = new IncludeBudget(options.includeLimits);
  }

  load(include: IncludeNode, from: SourceText, diagnostics: Diagnostic[]): IncludedContent[] {
    const report = (message: string, severity: 'error' | 'warning' = 'error'): IncludedContent[] => {
      diagnostics.push(makeDiagnostic(from, include.start, include.end, message, severity));
      return [];
    };
    if (this.exhausted) return [];
    const over = this.budget.spendInclude();
    if (over !== undefined) {
      this.exhausted = true;
      return report(`${over}; this include and those after it were not read`);
    }
    const tried: string[] = [];
    const found = this.find(include, from, diagnostics, report, tried);
    if (include.mode !== 'url' && include.mode !== 'classpath') {
      const read = found.flatMap((content) => (content.kind === 'none' ? [] : [content.kind === 'syntax' ? content.source.name : content.fileKey]));
      this.includes.push({ file: from.name, start: include.start, end: include.end, target: include.target, read, tried });
    }
    for (const content of found) this.budget.spendBytes(content.kind === 'none' ? 0 : (this.sizes.get(content.fileKey) ?? 0));
    return found;
  }

  private find(
    include: IncludeNode,
    from: SourceText,
    diagnostics: Diagnostic[],
    report: (message: string, severity?: 'error' | 'warning') => IncludedContent[],
    tried: string[],
  ): IncludedContent[] {
    if (include.mode === 'url' || (include.mode === 'heuristic' && isUrlName(include.target))) return this.findUrl(include, from, diagnostics, report);
    if (include.mode === 'classpath') {
      return report(`classpath() includes are not supported (there is no Java classpath): ${include.target}`, include.required ? 'error' : 'warning');
    }
    const host = this.options.host;
    if (host === undefined) return report(`Cannot include "${include.target}": no file access in this context`, include.required ? 'error' : 'warning');
    const name = include.target;
    const directories = this.directoriesFor(include, from);
    // neuro-san (pyhocon): the exact name, next to the including file first, then under the base directory.
    for (const directory of directories) {
      const path = directory === '' ? normalizePath(name) : joinPath(directory, name);
      tried.push(path);
      const content = this.read(path, host, diagnostics, include, from);
      if (content !== undefined) return [content];
    }
    // Lightbend: a name without an extension is probed as .conf, .json, .properties; all that exist are merged
    // (.conf over .json over .properties).
    if (extensionOf(name) === '') {
      for (const directory of directories) {
        const found: IncludedContent[] = [];
        for (const extension of PROBE_EXTENSIONS) {
          const path = directory === '' ? normalizePath(name + extension) : joinPath(directory, name + extension);
          tried.push(path);
          const content = this.read(path, host, diagnostics, include, from);
          if (content !== undefined) found.unshift(content);
        }
        if (found.length > 0) return found;
      }
    }
    if (include.required) return report(`Required include not found: "${name}" (looked for ${tried.join(', ')})`);
    return report(`Include not found, ignored: "${name}" (looked for ${tried.join(', ')})`, 'warning');
  }

  /**
   * An include by URL: a `file:` URL is the local file; an `http(s)` one is read only as the host has it (fetched
   * beforehand when the user allowed it), and otherwise said once, never looked for as a path.
   */
  private findUrl(
    include: IncludeNode,
    from: SourceText,
    diagnostics: Diagnostic[],
    report: (message: string, severity?: 'error' | 'warning') => IncludedContent[],
  ): IncludedContent[] {
    const url = include.target;
    const host = this.options.host;
    const local = /^file:/i.test(url) ? fileUrlPath(url) : undefined;
    if (local !== undefined && host !== undefined) {
      const content = this.read(local, host, diagnostics, include, from);
      if (content !== undefined) return [content];
    } else if (host?.readUrl !== undefined && !/^file:/i.test(url)) {
      const text = host.readUrl(url);
      if (typeof text === 'string') return [this.readText(url, text, diagnostics)];
      if (text !== undefined) return report(text.problem, include.required ? 'error' : 'warning');
    }
    const missing = local !== undefined ? `there is no ${local}` : /^file:/i.test(url) ? 'a file: URL names a file on this machine only' : 'not fetched here';
    return report(`Include ${url}: ${missing}`, include.required ? 'error' : 'warning');
  }

  /**
   * Where a relative include is looked for: next to the including file, then (neuro-san / pyhocon) each parent
   * folder up to the base directory, then the base directory itself. `file()` uses the working directory.
   */
  private directoriesFor(include: IncludeNode, from: SourceText): string[] {
    if (isAbsolutePath(include.target)) return [''];
    const here = dirnameOf(from.name);
    if (include.mode === 'file') return [this.options.cwd ?? here];
    const directories = [here];
    const base = this.options.baseDir;
    if (base === undefined) return directories;
    const baseKey = normalizePath(base);
    let current = normalizePath(here);
    if (current.startsWith(baseKey + '/') || current.startsWith(baseKey + '\\')) {
      while (current !== baseKey && current.length > baseKey.length) {
        current = dirnameOf(current);
        directories.push(current);
      }
    }
    if (!directories.some((directory) => normalizePath(directory) === baseKey)) directories.push(base);
    return directories;
  }

  private read(path: string, host: IncludeHost, diagnostics: Diagnostic[], include: IncludeNode, from: SourceText): IncludedContent | undefined {
    const key = normalizePath(path);
    const cached = this.parsed.get(key);
    if (cached !== undefined) return cached;
    const text = host.readFile(path);
    if (text === undefined || (typeof text !== 'string' && text.folder === true)) return undefined;
    if (typeof text !== 'string') {
      // Found but not readable (not UTF-8, no permission): an error even for an optional include, as pyhocon fails
      // on a file it cannot decode. Said once, at the include that asked for it.
      diagnostics.push(makeDiagnostic(from, include.start, include.end, text.problem));
      this.parsed.set(key, { kind: 'none' });
      return { kind: 'none' };
    }
    const content = this.readText(path, text, diagnostics);
    this.parsed.set(key, content);
    return content;
  }

  /** A file's text (or a fetched include's) parsed as included content. */
  private readText(path: string, text: string, diagnostics: Diagnostic[]): IncludedContent {
    const key = normalizePath(path);
    const cached = this.parsed.get(key);
    if (cached !== undefined) return cached;
    this.sizes.set(key, text.length);
    let source: SourceText;
    let content: IncludedContent;
    const extension = extensionOf(path);
    if (extension === '.properties') {
      source = new SourceText(path, text);
      content = { kind: 'object', value: parseProperties(source), fileKey: key };
    } else {
      // A syntax tree is only read from: one parse serves every reading through the host (ParsedIncludes).
      const parsed = this.options.host?.parsedIncludes;
      let document = parsed?.get<SyntaxDocument>('hocon', path, text);
      if (document === undefined) {
        document = parseSource(new SourceText(path, text));
        parsed?.set('hocon', path, text, document);
      }
      source = document.source;
      diagnostics.push(...document.diagnostics);
      if (extension === '.json') diagnostics.push(...checkJsonSyntax(document));
      if (document.root.kind === 'array') {
        diagnostics.push(makeDiagnostic(source, document.root.start, document.root.start + 1, 'An included file must hold an object, not an array'));
        content = { kind: 'none' };
      } else {
        content = { kind: 'syntax', root: document.root, source, fileKey: key };
      }
    }
    this.sources.push(source);
    this.parsed.set(key, content);
    return content;
  }
}
