/**
 * Where an `include` makes neuro-san's reading differ from what the text seems to say, with a fix to a form both
 * read the same:
 * - a top-level include neuro-san looks up in its working directory, where the file is next to the including one:
 *   the path written from the working directory (the specification's reading finds it there too);
 * - an include without an extension: the specification reads `name.conf`, `name.json` and `name.properties`,
 *   pyhocon only a file of exactly that name. The fix names the files; a `.properties` file only where pyhocon,
 *   which reads it as HOCON, gets the same values (`a=b` yes, `a=true` no: a boolean, not a string).
 */
import { dirnameOf, extensionOf, isAbsolutePath, joinPath, normalizePath, resolveHocon, toJson, type HoconObject, type IncludeHost, type SourceText } from '../hocon/index';
import { readAsNeuroSan, type IncludeResolution, type NeuroSanReading } from '../neurosan/index';
import { READING_RULE } from './readingDifferences';
import { diagnosticAt, type QuickFix, type ToolboxDiagnostic } from './toolboxDiagnostic';

/** `root` (when given): the file's top-level entries, to name the entry an include is in. */
export function includeReadingWarnings(reading: NeuroSanReading, sources: readonly SourceText[], host: IncludeHost | undefined, root?: HoconObject): ToolboxDiagnostic[] {
  const out: ToolboxDiagnostic[] = [];
  const exists = (path: string) => typeof host?.readFile(path) === 'string';
  for (const include of reading.includes) {
    if (include.found || extensionOf(include.target) !== '' || /[*?]/.test(include.target)) continue;
    const source = sources.find((s) => s.name === include.from.file);
    if (source === undefined) continue;
    const beside = joinPath(dirnameOf(include.from.file), include.target);
    const found = ['.conf', '.json', '.properties'].filter((extension) => exists(beside + extension));
    if (found.length === 0) continue;
    // pyhocon reads a .properties file as HOCON: named, it is read the same only where that gives the same values.
    const properties = found.includes('.properties') ? readsAlike(beside + '.properties', host) : true;
    const readable = found.filter((extension) => extension !== '.properties' || properties);
    const names = found.map((extension) => `${include.target}${extension}`).join(', ');
    const at = { source, start: include.from.start, end: include.from.end };
    const unreadable = properties ? '' : ` pyhocon reads ${include.target}.properties as HOCON, which gives other values: no way of including it reads the same both ways.`;
    const targets = readable.map((extension) => writtenTarget(include, reading.cwd, beside) + extension);
    out.push(
      diagnosticAt(at, 'warning', READING_RULE, `neuro-san reads only a file named exactly "${include.target}", so it skips this include, where the text seems to read ${names}.${unreadable}`, {
        tool: root === undefined ? undefined : entryAt(root, at),
        fix: targets.length > 0 ? includeFix(at, include, targets) : undefined,
      }),
    );
  }
  return out;
}

/**
 * The fix for a top-level include neuro-san does not find in its working directory although the file is next to the
 * including file, or finds another file there: the path written from the working directory. Undefined when there is
 * no such file.
 */
export function workingDirectoryIncludeFix(include: IncludeResolution, source: SourceText, cwd: string, host: IncludeHost | undefined): QuickFix | undefined {
  if (!include.dependsOnCwd || /[*?]/.test(include.target)) return undefined;
  const beside = joinPath(dirnameOf(include.from.file), include.target);
  // Found in the working directory: a fix only where that is another file than the one next to this.
  if (include.found && normalizePath(beside) === normalizePath(include.path)) return undefined;
  if (typeof host?.readFile(beside) !== 'string') return undefined;
  return includeFix({ source, start: include.from.start, end: include.from.end }, include, [writtenTarget(include, cwd, beside)]);
}

/** The name to write for `beside` (a path next to the including file): from the working directory for a top-level include. */
function writtenTarget(include: IncludeResolution, cwd: string, beside: string): string {
  return include.dependsOnCwd && isAbsolutePath(beside) === isAbsolutePath(cwd) ? relativePath(cwd, beside) : include.target;
}

/** The include statement with each target in place of the one written (one statement per target). */
function includeFix(at: { source: SourceText; start: number; end: number }, include: IncludeResolution, targets: readonly string[]): QuickFix | undefined {
  const statement = at.source.text.slice(at.start, at.end);
  const quoted = JSON.stringify(include.target);
  const index = statement.indexOf(quoted);
  if (index < 0) return undefined;
  const lineStart = at.source.text.lastIndexOf('\n', at.start - 1) + 1;
  const indent = /^[ \t]*/.exec(at.source.text.slice(lineStart))![0];
  const written = targets.map((t) => statement.slice(0, index) + JSON.stringify(t) + statement.slice(index + quoted.length)).join(`\n${indent}`);
  const title = targets.length === 1 ? `Include "${targets[0]}"` : `Include ${targets.map((t) => `"${t}"`).join(' and ')}`;
  return { title, edits: [{ file: at.source.name, offset: at.start, length: at.end - at.start, newText: written }] };
}

/** Whether a .properties file gives the same values read as properties and, as pyhocon reads it, as HOCON. */
function readsAlike(path: string, host: IncludeHost | undefined): boolean {
  const text = host?.readFile(path);
  if (typeof text !== 'string') return false;
  const asHocon = readAsNeuroSan(text, { file: path, checkFileName: false, host, cwd: dirnameOf(path) });
  const asProperties = resolveHocon(text, { fileName: path, syntax: 'properties' });
  return asHocon.ok && asProperties.ok && JSON.stringify(asHocon.value) === JSON.stringify(toJson(asProperties.value));
}

/** The top-level key whose value holds `at` (as written in the same file). */
function entryAt(root: HoconObject, at: { source: SourceText; start: number }): string | undefined {
  for (let i = 0; i < root.fields.size; i++) {
    const d = root.fields.fieldAt(i).lastDefinition;
    if (d !== undefined && d.source.name === at.source.name && d.valueStart <= at.start && at.start < d.valueEnd) return root.fields.keyAt(i);
  }
  return undefined;
}

/** `to` written relative to the folder `from` (both absolute, or both relative to the same folder). */
function relativePath(from: string, to: string): string {
  const a = normalizePath(from).split(/[\\/]+/).filter((p) => p !== '' && p !== '.');
  const b = normalizePath(to).split(/[\\/]+/).filter((p) => p !== '' && p !== '.');
  let common = 0;
  while (common < a.length && common < b.length && a[common] === b[common]) common++;
  return [...a.slice(common).map(() => '..'), ...b.slice(common)].join('/') || '.';
}
