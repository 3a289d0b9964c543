import { toSarif } from './sarifReport';
import path from 'node:path';
import { analysisOf, summaryByKind, type ProjectAnalysis } from '../../../shared/project/analyzeProject';
import { FILE_KIND_LABELS } from '../../../shared/project/fileKind';
import { describeSetting } from '../../../shared/project/settings';
import { countSeverities, formatDiagnosticLine, severityCountWords, type ToolboxDiagnostic } from '../../../shared/toolbox/index';
import type { CliIo } from '../command';
import { outerReaderOf, PROJECT_WALK_LIMITS, projectReaderOnDisk, projectsUnder, type ProjectLoadOptions } from '../../project/projectOnDisk';
import { analysisFromEitherOnDisk } from '../../project/unknownWorkingDirectoryOnDisk';
import { plural } from '../../../shared/plural';
import type { ProjectReader } from '../../../shared/project/projectReader';
import type { ProjectNeuroSan } from '../../../shared/neurosan/versions/index';
import type { VersionLookup } from '../../neurosan/projectVersion';
import { neuroSanSummaryLine } from './neuroSanVersionCliSupport';
import type { McpListing } from '../../../shared/mcp/index';
import { askProjectServers, infoFileLine } from './mcpCliSupport';
import { reviewProject } from '../../review/reviewToolbox';

export interface ValidateProjectOptions {
  json: boolean;
  noDefault: boolean;
  versionLookup?: VersionLookup;
  /** Includes by URL fetched beforehand (--fetch-includes), by URL. */
  readUrl?: (url: string) => string | undefined;
  /** Ask the MCP servers the networks name (--mcp); without it none is contacted. */
  mcp?: boolean;
  /** A SARIF 2.1.0 log on stdout (code scanning), the summary on stderr. */
  sarif?: boolean;
}

/**
 * `validate DIR`: every HOCON file of the project by its kind, each problem once, then a summary by kind. A folder
 * holding several projects (each folder with its own `registries/`) is read project by project, each from its own
 * root with its own settings and neuro-san version, with a summary per project. Paths are printed relative to the
 * working directory, as the user would open them.
 */
export async function validateProject(dir: string, options: ValidateProjectOptions, io: CliIo): Promise<number> {
  const absolute = path.resolve(io.cwd, dir);
  const { groups, truncated } = projectsUnder(absolute);
  if (truncated) io.stderr(`${absolute} holds more than ${PROJECT_WALK_LIMITS.files} HOCON files or ${PROJECT_WALK_LIMITS.entries} entries: only the first were read.\n`);
  const readers: ProjectReader[] = [];
  // A test case may lie outside the project it tests (neuro-san's own tests/): its agent is looked for in them all.
  const knownAgent = (name: string) => readers.some((r) => r.servesAgent(name));
  const opened = groups.map((group) => {
    const one = projectReaderOnDisk(group.root, { ...readerOptions(options, io, knownAgent), files: group.files, ...(group.loose ? { inProject: true } : {}) });
    readers.push(one.reader);
    for (const warning of one.warnings) io.stderr(`${warning}\n`);
    return one;
  });
  const projects: {
    root: string;
    loose: boolean;
    analysis: ProjectAnalysis;
    neuroSan: ProjectNeuroSan;
    listings: Map<string, McpListing> | undefined;
    shown: (file: string) => string;
    diagnostics: ToolboxDiagnostic[];
  }[] = [];
  const outerReaders = new Map<string, ProjectReader>();
  for (const [i, group] of groups.entries()) {
    const { reader, neuroSan, extras } = opened[i]!;
    // The project is read whole, from its root, for the context a file needs (its toolbox, what includes it); what
    // is reported is what lies under DIR.
    // Its toolboxes get the description review `validate FILE` gives each.
    const withReview = { ...extras, review: await reviewProject(reader, group.root) };
    let whole = analysisOf(reader, reader.options.settings, withReview);
    // Only with --mcp is any server contacted: what they answer is read with the project again.
    const listings = options.mcp ? await askProjectServers(whole) : undefined;
    if (listings) whole = analysisOf(reader, reader.options.settings, { ...withReview, mcpListings: listings });
    // Inside another project, neither saying it runs it: each file judged from either folder.
    if (group.alsoFrom !== undefined) {
      // One reading of the outer project for all the projects inside it (it reads each file once).
      const outer = outerReaders.get(group.alsoFrom) ?? outerReaderOf(group.alsoFrom, readerOptions(options, io, knownAgent));
      outerReaders.set(group.alsoFrom, outer);
      whole = analysisFromEitherOnDisk(group.root, group.alsoFrom, reader, outer, whole);
    }
    const analysis = within(whole, path.relative(group.root, absolute).split(path.sep).join('/'));
    const shown = (file: string) => (path.isAbsolute(file) ? file : path.relative(io.cwd, path.join(group.root, file)) || file);
    projects.push({ root: group.root, loose: group.loose, analysis, neuroSan, listings, shown, diagnostics: analysis.diagnostics.map((d) => ({ ...d, file: shown(d.file) })) });
  }
  if (options.json) {
    const one = (p: (typeof projects)[number]) => {
      const plain = p.diagnostics.map(({ range, ...rest }: ToolboxDiagnostic) => ({ ...rest, endLine: range.end.line, endColumn: range.end.column }));
      const files = p.analysis.files.map((f) => ({ ...f, path: p.shown(f.path) }));
      const mcp = { ...p.analysis.mcp, ...(p.listings ? { listings: [...p.listings.values()] } : {}) };
      // Added fields: the manifests neuro-san is started with (settings and shipped runs), and the runs themselves.
      const manifestsInUse = p.analysis.manifestsInUse.map(({ path: file, namedBy }) => ({ path: file, namedBy }));
      return { root: p.root, settings: p.analysis.settings, files, diagnostics: plain, summary: summaryByKind(p.analysis), neuroSan: p.neuroSan, mcp, manifestsInUse, runs: p.analysis.runs };
    };
    // One project keeps the shape it always had; several are listed.
    const report = projects.length === 1 ? one(projects[0]!) : { projects: projects.map(one) };
    io.stdout(`${JSON.stringify(report, null, 2)}\n`);
  } else if (options.sarif) {
    // The project-level checks too (issue #34: a project's SARIF was only its files' own, through validate FILE...).
    const all = projects.flatMap((p) => p.diagnostics);
    const neuroSan = projects.map((p) => ({ root: path.relative(io.cwd, p.root) || '.', ...p.neuroSan }));
    io.stdout(`${JSON.stringify(toSarif(all, io.cwd, { neuroSan }), null, 2)}\n`);
    for (const p of projects) io.stderr(summaryText(p.analysis, p.neuroSan, p.listings, projects.length > 1 ? heading(p, io) : undefined));
  } else {
    for (const p of projects) for (const d of p.diagnostics) io.stdout(`${formatDiagnosticLine(d)}\n`);
    if (projects.length === 0) io.stdout(`\nno HOCON file under ${path.relative(io.cwd, absolute) || '.'}\n`);
    for (const p of projects) io.stdout(summaryText(p.analysis, p.neuroSan, p.listings, projects.length > 1 ? heading(p, io) : undefined));
  }
  return projects.some((p) => p.analysis.diagnostics.some((d) => d.severity === 'error')) ? 1 : 0;
}

/** How each project under DIR is read (its files and whether it is one are the group's). */
function readerOptions(options: ValidateProjectOptions, io: CliIo, knownAgent: (name: string) => boolean): ProjectLoadOptions {
  return {
    env: io.env,
    noDefault: options.noDefault,
    knownAgent,
    ...(options.versionLookup ? { versionLookup: options.versionLookup } : {}),
    ...(options.readUrl ? { readUrl: options.readUrl } : {}),
  };
}

function heading(project: { root: string; loose: boolean }, io: CliIo): string {
  const where = path.relative(io.cwd, project.root) || '.';
  return project.loose ? `${where} (files outside its projects)` : `project ${where}`;
}

function summaryText(analysis: ProjectAnalysis, neuroSan: ProjectNeuroSan, listings: ReadonlyMap<string, McpListing> | undefined, title?: string): string {
  const rows = summaryByKind(analysis);
  const lines = ['', `${title !== undefined ? `${title}: ` : ''}${plural(analysis.files.length, 'file')}, by kind:`];
  const width = Math.max(...rows.map((r) => FILE_KIND_LABELS[r.kind].length));
  for (const row of rows) {
    lines.push(`  ${FILE_KIND_LABELS[row.kind].padEnd(width)}  ${plural(row.files, 'file').padEnd(9)}  ${plural(row.errors, 'error').padEnd(10)}  ${plural(row.warnings, 'warning').padEnd(12)}  ${plural(row.hints, 'hint')}`);
  }
  if (analysis.caseFiles.length > 0) {
    const cases = new Set(analysis.caseFiles);
    lines.push(`saved test cases: ${plural(cases.size, 'file')}, ${severityCountWords(countSeverities(analysis.diagnostics.filter((d) => cases.has(d.file))))}`);
  }
  const toolbox = analysis.settings.AGENT_TOOLBOX_INFO_FILE;
  lines.push(`toolbox in use: ${toolbox ? describeSetting(toolbox) : 'the default toolbox only (no AGENT_TOOLBOX_INFO_FILE, none at the usual places)'}`);
  const manifest = analysis.settings.AGENT_MANIFEST_FILE;
  const fromSettings = analysis.manifestsInUse.filter((m) => m.settings);
  if (manifest && fromSettings.length > 1) lines.push(`manifests in use: ${fromSettings.map((m) => m.path).join(', ')} (AGENT_MANIFEST_FILE, from ${manifest.from})`);
  else if (manifest) lines.push(`manifest in use: ${describeSetting(manifest)}`);
  // What the project's CI, Makefile or Dockerfiles start neuro-san with besides (the settings' own are said above).
  for (const m of analysis.manifestsInUse.filter((m) => !m.settings)) lines.push(`also run with: ${m.path} (${m.namedBy.join(', ')})`);
  lines.push(neuroSanSummaryLine(neuroSan));
  const servers = analysis.mcp.servers.length;
  if (servers > 0) {
    const answered = listings ? [...listings.values()].filter((l) => l.ok).length : 0;
    lines.push(`MCP servers: ${servers}${listings ? `, ${answered} answered when asked` : ' (not contacted: --mcp asks them)'}`);
  }
  const info = infoFileLine(analysis.mcp);
  if (info) lines.push(info);
  return `${lines.join('\n')}\n`;
}

/** The part of the analysis about files under `scope` (a path relative to the root; '' is all of it). */
function within(analysis: ProjectAnalysis, scope: string): ProjectAnalysis {
  if (scope === '' || scope.startsWith('..')) return analysis;
  const inside = (file: string) => file === scope || file.startsWith(`${scope}/`);
  return { ...analysis, files: analysis.files.filter((f) => inside(f.path)), diagnostics: analysis.diagnostics.filter((d) => inside(d.file)) };
}
