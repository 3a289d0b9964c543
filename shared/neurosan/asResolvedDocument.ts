/**
 * neuro-san's reading in the form the rest of the app reads a file in (`ResolvedDocument`, `HoconValue` with
 * origins), so the tool list, validation and the catalog can take either reading.
 */
import { makeDiagnostic, normalizePath, type Diagnostic } from '../hocon/index';
import { FieldMap } from '../hocon/index';
import type { IncludeHost, ResolvedDocument } from '../hocon/index';
import { SourceText } from '../hocon/index';
import { ObjectValue, type HoconValue } from '../hocon/index';
import { INCLUDE_LIMIT_FAILURE, KEY_LIMIT_FAILURE } from './pyhoconParser';
import type { NeuroSanEntryCache } from './entryCache';
import { isJsonFileName, readJsonAsNeuroSan } from './jsonFile';
import { parsedTreeOf, readAsNeuroSan, type Environment, type NeuroSanReading } from './reading';
import { sameValue, toHocon } from './treeValues';

export interface NeuroSanResolveOptions {
  host: IncludeHost;
  /** The working directory neuro-san runs in (absolute). */
  cwd: string;
  env?: Environment;
  /** What neuro-san says when the file holds something other than an object (default: a plain description). */
  notAnObject?: string;
  /** While the file is typed in: the spec's reading of the same text and a cache per file (see reading.ts). */
  spec?: ResolvedDocument;
  entryCache?: NeuroSanEntryCache;
  /** How neuro-san names the file in its failure (`toolbox_info`, `agent network`...): see reading.ts. */
  purpose?: string;
  /**
   * The specification's reading of the same file, made first. Where neuro-san reads exactly the same values (kind,
   * value, an integer or a float) from the same files, which is most of the time, the document's value is the
   * spec's own: no positions to keep, nothing to convert, and comparing the two readings costs nothing.
   */
  sameAs?: ResolvedDocument;
}

export type NeuroSanResolvedDocument = ResolvedDocument & { reading: NeuroSanReading };

/**
 * Reads `path` as neuro-san does and gives it as a ResolvedDocument: the value with origins in the files, or an
 * empty object and one error diagnostic (neuro-san's words and the parser's cause) where neuro-san fails.
 */
export function resolveFileAsNeuroSan(path: string, options: NeuroSanResolveOptions): NeuroSanResolvedDocument {
  const text = options.host.readFile(path);
  // The spec's source of the same text, when given: values of both readings then point into one SourceText.
  const specSource = options.spec?.sources[0];
  const source =
    typeof text === 'string' && specSource !== undefined && specSource.name === path && specSource.text === text ? specSource : new SourceText(path, typeof text === 'string' ? text : '');
  const host = {
    readFile(file: string): string | undefined | { problem: string } {
      const content = options.host.readFile(file);
      // A folder is an IOError to pyhocon (skipped); a file that is not UTF-8 makes Python raise.
      return content === undefined || typeof content === 'string' ? content : content.folder ? undefined : { problem: content.problem };
    },
    // An include by URL: what was fetched beforehand (the user allowed it), else nothing.
    readUrl(url: string): string | undefined | { problem: string } {
      const content = options.host.readUrl?.(url);
      return content === undefined || typeof content === 'string' ? content : { problem: content.problem };
    },
    ...(options.host.parsedIncludes !== undefined ? { parsedIncludes: options.host.parsedIncludes } : {}),
  };
  // A .json file is read with Python's json module, not pyhocon (jsonFile.ts).
  const reading = isJsonFileName(path)
    ? readJsonAsNeuroSan(source.text, path, options.cwd, options.purpose)
    : readAsNeuroSan(source.text, {
        file: path,
        cwd: options.cwd,
        host,
        env: options.env ?? {},
        checkFileName: false,
        // The value is made with its origins below (toHocon) unless the entries or the spec's reading give it.
        positions: options.entryCache === undefined && options.sameAs === undefined,
        // Compared with the spec's reading first: the positions are needed only where the two differ.
        keepPositions: options.sameAs !== undefined,
        ...(options.purpose !== undefined ? { purpose: options.purpose } : {}),
        ...(options.spec !== undefined && options.entryCache !== undefined ? { spec: options.spec, entryCache: options.entryCache } : {}),
      });
  const empty = new ObjectValue(new FieldMap(), source, 0, 0);
  const sources = [source, ...[...reading.sources.values()].filter((s) => s.name !== path)];
  if (typeof text !== 'string') {
    const message = text === undefined ? `File not found: ${path}` : text.problem;
    return { ok: false, value: empty, diagnostics: [makeDiagnostic(source, 0, 0, message)], syntax: undefined, sources, reading };
  }
  if (!reading.ok) {
    const failure = reading.failure;
    const span = failure.span;
    const at = (span !== undefined ? reading.sources.get(span.file) : undefined) ?? source;
    // neuro-san's words, then Python's exception; a file that is not UTF-8 and a limit reached are said in the app's.
    const python = failure.type === 'UnicodeDecodeError' || failure.type === INCLUDE_LIMIT_FAILURE || failure.type === KEY_LIMIT_FAILURE ? failure.cause : `${failure.type}: ${failure.cause}`;
    const said = failure.message === failure.cause ? python : `${failure.message.replace(/\.$/, '')}: ${python}`;
    const words = failure.hint !== undefined ? `${said} (${failure.hint})` : said;
    const diagnostic: Diagnostic = makeDiagnostic(at, span?.start ?? 0, span?.end ?? 0, words);
    return { ok: false, value: empty, diagnostics: [diagnostic], syntax: undefined, sources, reading };
  }
  // While a file is typed in, from the entries converted at earlier keystrokes (entryCache.ts).
  const fromEntries = options.spec !== undefined && options.entryCache !== undefined && !isJsonFileName(path) ? options.entryCache.resolvedValue(source.text, options.spec) : undefined;
  if (fromEntries !== undefined) {
    const document = asObject(fromEntries, sources, reading, options, source);
    fromTheEntries.add(document);
    return document;
  }
  // Else the spec's reading places neuro-san's values, given as `sameAs` or as the spec the entries were read with:
  // read whole while typed in, a file gets the values and positions validate FILE gives it (a list's elements too).
  const same = options.sameAs ?? options.spec;
  const comparable = same !== undefined && same.ok && sameFiles(reading.sources, same.sources) ? same : undefined;
  // Compared (and converted below) from the tree pyhocon parsed, where it kept its positions: no JSON made first.
  const parsed = comparable !== undefined ? parsedTreeOf(reading) : undefined;
  const tree = parsed?.positions === true ? parsed.tree : undefined;
  if (comparable !== undefined && sameValue(tree ?? reading.exact, comparable.value)) {
    const names = new Set(comparable.sources.map((s) => s.name));
    return { ok: true, value: comparable.value, diagnostics: [], syntax: undefined, sources: [...comparable.sources, ...sources.filter((s) => !names.has(s.name))], reading };
  }
  if (comparable !== undefined) {
    // Both read the same files: the spec's values stand for neuro-san's wherever the two are the same, value by value
    // (as for a whole file above), so only what differs is made, and comparing the two readings walks only that.
    const specSources = new Map(comparable.sources.map((s) => [normalizePath(s.name), s]));
    const shared = (own: SourceText) => {
      const spec = specSources.get(normalizePath(own.name));
      return spec !== undefined && spec.text === own.text ? spec : own;
    };
    const ownSource = shared(source);
    const byName = new Map([...reading.sources].map(([name, s]) => [name, shared(s)]));
    byName.set(path, ownSource);
    const value = tree !== undefined ? toHocon(tree, byName, ownSource, comparable.value) : toHocon(reading.exact, byName, ownSource, comparable.value, reading.origins);
    const all = [ownSource, ...[...byName.values()].filter((s) => s !== ownSource)];
    return asObject(value, all, reading, options, ownSource);
  }
  // The file's own values point into `source` (so that only values of included files count as included).
  const value = toHocon(reading.exact, new Map([...reading.sources, [path, source]]), source, undefined, reading.origins);
  return asObject(value, sources, reading, options, source);
}

/** The document of a value neuro-san reads, or its error where it needs an object (a toolbox, a network...). */
/** The documents whose values came from an entry cache's entries (while typed in), not from a reading of the whole text. */
const fromTheEntries = new WeakSet<object>();

/** Whether `document`'s values came from its entry cache's entries, each read alone (see entryCache.ts). */
export function valuesFromEntries(document: object): boolean {
  return fromTheEntries.has(document);
}

function asObject(value: HoconValue, sources: SourceText[], reading: NeuroSanReading, options: NeuroSanResolveOptions, source: SourceText): NeuroSanResolvedDocument {
  if (value.kind !== 'object') {
    const message = options.notAnObject ?? `neuro-san reads ${value.kind === 'array' ? 'a list' : `a ${value.kind}`} here, where it needs an object`;
    const empty = new ObjectValue(new FieldMap(), source, 0, 0);
    return { ok: false, value: empty, diagnostics: [makeDiagnostic(source, value.start, value.end, message)], syntax: undefined, sources, reading };
  }
  return { ok: true, value, diagnostics: [], syntax: undefined, sources, reading };
}

/** Both readings read the same files (a value's position is in the file neuro-san reads it from). */
function sameFiles(neuroSan: ReadonlyMap<string, SourceText>, spec: readonly SourceText[]): boolean {
  if (neuroSan.size !== spec.length) return false;
  const names = new Set([...neuroSan.keys()].map((n) => normalizePath(n)));
  return spec.every((s) => names.has(normalizePath(s.name)));
}
