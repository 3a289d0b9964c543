import path from 'node:path';
import { summaryByKind, type ProjectAnalysis } from '../../../shared/project/analyzeProject';
import { FILE_KIND_LABELS } from '../../../shared/project/fileKind';
import { describeSetting } from '../../../shared/project/settings';
import { formatDiagnosticLine, type ToolboxDiagnostic } from '../../../shared/toolbox/index';
import type { CliIo } from '../command';
import { loadProjectFromDisk, PROJECT_WALK_LIMITS } from '../../project/projectOnDisk';
import { findProjectRoot } from '../../project/projectSettingsOnDisk';
import { plural } from '../../../shared/plural';
import type { McpListing } from '../../../shared/mcp/index';
import { askProjectServers, infoFileLine } from './mcpCliSupport';
import type { ProjectNeuroSan } from '../../../shared/neurosan/versions/index';
import type { VersionLookup } from '../../neurosan/projectVersion';
import { neuroSanSummaryLine } from './neuroSanVersionCliSupport';

/**
 * `validate DIR`: every HOCON file of the project by its kind, each problem once, then a summary by kind. Paths are
 * printed relative to the working directory, as the user would open them.
 */
export async function validateProject(dir: string, options: { json: boolean; noDefault: boolean; mcp: boolean; versionLookup?: VersionLookup }, io: CliIo): Promise<number> {
  // The project is read whole, from its root (the nearest folder upward holding registries/), for the context a file
  // needs (its toolbox, what includes it); what is reported is what lies under DIR.
  const absolute = path.resolve(io.cwd, dir);
  const load = (mcpListings?: Map<string, McpListing>) =>
    loadProjectFromDisk(findProjectRoot(absolute), {
      env: io.env,
      noDefault: options.noDefault,
      ...(options.versionLookup ? { versionLookup: options.versionLookup } : {}),
      ...(mcpListings ? { mcpListings } : {}),
    });
  let loaded = load();
  // Only with --mcp is any server contacted: what they answer is read with the project again.
  const listings = options.mcp ? await askProjectServers(loaded.analysis) : undefined;
  if (listings) loaded = load(listings);
  const { root, analysis: whole, truncated, neuroSan, warnings } = loaded;
  const analysis = within(whole, path.relative(root, absolute).split(path.sep).join('/'));
  for (const warning of warnings) io.stderr(`${warning}\n`);
  if (truncated) io.stderr(`${root} holds more than ${PROJECT_WALK_LIMITS.files} HOCON files or ${PROJECT_WALK_LIMITS.entries} entries: only the first were read.\n`);
  const shown = (file: string) => (path.isAbsolute(file) ? file : path.relative(io.cwd, path.join(root, file)) || file);
  const diagnostics = analysis.diagnostics.map((d) => ({ ...d, file: shown(d.file) }));
  if (options.json) {
    const plain = diagnostics.map(({ range, ...rest }: ToolboxDiagnostic) => ({ ...rest, endLine: range.end.line, endColumn: range.end.column }));
    const files = analysis.files.map((f) => ({ ...f, path: shown(f.path) }));
    const mcp = { ...analysis.mcp, ...(listings ? { listings: [...listings.values()] } : {}) };
    io.stdout(`${JSON.stringify({ root, settings: analysis.settings, files, diagnostics: plain, summary: summaryByKind(analysis), neuroSan, mcp }, null, 2)}\n`);
  } else {
    for (const d of diagnostics) io.stdout(`${formatDiagnosticLine(d)}\n`);
    io.stdout(summaryText(analysis, neuroSan, listings));
  }
  return analysis.diagnostics.some((d) => d.severity === 'error') ? 1 : 0;
}

function summaryText(analysis: ProjectAnalysis, neuroSan: ProjectNeuroSan, listings: ReadonlyMap<string, McpListing> | undefined): string {
  const rows = summaryByKind(analysis);
  const lines = ['', `${plural(analysis.files.length, 'file')}, by kind:`];
  const width = Math.max(...rows.map((r) => FILE_KIND_LABELS[r.kind].length));
  for (const row of rows) {
    lines.push(`  ${FILE_KIND_LABELS[row.kind].padEnd(width)}  ${plural(row.files, 'file').padEnd(9)}  ${plural(row.errors, 'error').padEnd(10)}  ${plural(row.warnings, 'warning')}`);
  }
  const toolbox = analysis.settings.AGENT_TOOLBOX_INFO_FILE;
  lines.push(`toolbox in use: ${toolbox ? describeSetting(toolbox) : 'the default toolbox only (no AGENT_TOOLBOX_INFO_FILE, none at the usual places)'}`);
  const manifest = analysis.settings.AGENT_MANIFEST_FILE;
  if (manifest) lines.push(`manifest in use: ${describeSetting(manifest)}`);
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
  if (scope === '') return analysis;
  const inside = (file: string) => file === scope || file.startsWith(`${scope}/`);
  return { ...analysis, files: analysis.files.filter((f) => inside(f.path)), diagnostics: analysis.diagnostics.filter((d) => inside(d.file)) };
}
