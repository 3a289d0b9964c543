import { toSarif } from './sarifReport';
import path from 'node:path';
import { summaryByKind, type ProjectAnalysis } from '../../../shared/project/analyzeProject';
import { FILE_KIND_LABELS } from '../../../shared/project/fileKind';
import { describeSetting } from '../../../shared/project/settings';
import { countSeverities, formatDiagnosticLine, severityCountWords, type ToolboxDiagnostic } from '../../../shared/toolbox/index';
import type { CliIo } from '../command';
import { plural } from '../../../shared/plural';
import type { ProjectNeuroSan } from '../../../shared/neurosan/versions/index';
import type { VersionLookup } from '../../neurosan/projectVersion';
import { neuroSanSummaryLine } from './neuroSanVersionCliSupport';
import type { McpListing } from '../../../shared/mcp/index';
import { askServersOf, infoFileLine } from './mcpCliSupport';
import { PROJECT_WALK_LIMITS } from '../../project/projectOnDisk';
import { readFolderProjects } from '../../project/folderProjects';

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
  const { projects: read, truncated } = await readFolderProjects(absolute, {
    env: io.env,
    noDefault: options.noDefault,
    ...(options.versionLookup ? { versionLookup: options.versionLookup } : {}),
    ...(options.readUrl ? { readUrl: options.readUrl } : {}),
    ...(options.mcp ? { askServers: askServersOf } : {}),
    warn: (warning) => io.stderr(`${warning}\n`),
  });
  if (truncated) io.stderr(`${absolute} holds more than ${PROJECT_WALK_LIMITS.files} HOCON files or ${PROJECT_WALK_LIMITS.entries} entries: only the first were read.\n`);
  const projects = read.map((p) => {
    const shown = (file: string) => (path.isAbsolute(file) ? file : path.relative(io.cwd, path.join(p.root, file)) || file);
    return { ...p, shown, diagnostics: p.analysis.diagnostics.map((d) => ({ ...d, file: shown(d.file) })) };
  });
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
