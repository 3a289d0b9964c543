/**
 * The analysis the API gives for a loaded document (DocumentAnalysis.analyze): its tools with their problem counts,
 * the detail of one tool, the diagnostics, and what the load found (includes, neuro-san, a network's agents).
 */
import type { ToolboxAnalysis } from '../../shared/api/index';
import type { Origin } from '../../shared/hocon/index';
import { fromDotEnv } from '../../shared/project/settings';
import type { ToolEntry } from '../../shared/toolbox/index';
import { compareDiagnostics, fieldSourcesOf, keyOrigin, type FieldSourceOptions, type SeverityCounts, type ToolboxDiagnostic } from '../../shared/toolbox/index';
import type { WorkingDirectory } from '../neurosan/neuroSanFiles';
import { diagnosticsOf, toolboxOf, type LoadedFile } from '../workspace/toolboxOnDisk';

/** A document as loaded (DocumentAnalysis.load): its file, and where and with which environment it was read. */
export interface DocumentLoad {
  file: string;
  loaded: LoadedFile;
  workingDirectory?: WorkingDirectory;
  env?: Record<string, string | undefined>;
}

/**
 * `added`: the diagnostics other checks add (the last preflight's, the description checks'), merged into the load's
 * in position order. `detail`: the tool whose detail is given (else the first of the user's own). `env`: the app's.
 */
export function analysisOf(read: DocumentLoad, detail: string | null | undefined, added: readonly ToolboxDiagnostic[], env: Record<string, string | undefined>): ToolboxAnalysis {
  const { file, loaded } = read;
  const toolbox = toolboxOf(loaded);
  const diagnostics = added.length === 0 ? diagnosticsOf(loaded) : [...diagnosticsOf(loaded), ...added].sort(compareDiagnostics);
  const counts = new Map<string, SeverityCounts>();
  for (const d of diagnostics) {
    if (!d.tool) continue;
    const c = counts.get(d.tool) ?? { errors: 0, warnings: 0, hints: 0 };
    if (d.severity === 'error') c.errors++;
    else if (d.severity === 'warning') c.warnings++;
    else c.hints++;
    counts.set(d.tool, c);
  }
  return {
    kind: loaded.kind,
    ...(loaded.kind === 'toolbox' && loaded.fileKind ? { fileKind: loaded.fileKind } : {}),
    file,
    defaultFile: toolbox.files.defaultFile ?? null,
    tools: toolbox.tools.map((tool) => summarize(tool, counts.get(tool.name))),
    detail: detailOf(
      (detail ? toolbox.tools.find((t) => t.name === detail) : undefined) ?? toolbox.tools.find((t) => t.origin !== 'default'),
      { userRoot: toolbox.userSpecRoot, userFile: file, env: read.env ?? env, fromDotEnv: fromDotEnv(env, read.env ?? env) },
    ),
    diagnostics,
    ...(read.workingDirectory ? { workingDirectory: { ...read.workingDirectory } } : {}),
    ...(loaded.includes ? { includes: loaded.includes } : {}),
    neuroSan: loaded.neuroSan,
    // A .env not read: said apart from the problems, in validate FILE's words.
    ...(loaded.warnings.length > 0 ? { warnings: [...loaded.warnings] } : {}),
    network:
      loaded.kind === 'network'
        ? {
            toolboxFile: loaded.network.toolboxFile ?? null,
            agents: loaded.network.agents.map((a) => {
              const at = a.where.source.positionAt(a.where.start);
              return { name: a.name, toolName: a.toolName, defined: a.defined, line: at.line, column: at.column, argsOverlay: a.argsOverlay ?? null };
            }),
          }
        : null,
  };
}

function rangeOf(where: Origin) {
  return where.source.rangeOf(where.start, where.end);
}

export function summarize(tool: ToolEntry, counts: SeverityCounts | undefined): ToolboxAnalysis['tools'][number] {
  const key = keyOrigin(tool.field);
  return {
    name: tool.name,
    kind: tool.kind,
    className: tool.className ?? null,
    displayAs: tool.displayAs.value,
    displayAsInferred: tool.displayAs.inferred,
    baseToolInfoUrl: tool.baseToolInfoUrl ?? null,
    origin: tool.origin,
    file: key.source.name,
    keyRange: rangeOf(key),
    valueRange: rangeOf(tool.value),
    errors: counts?.errors ?? 0,
    warnings: counts?.warnings ?? 0,
    hints: counts?.hints ?? 0,
  };
}

export function detailOf(tool: ToolEntry | undefined, sources: FieldSourceOptions): ToolboxAnalysis['detail'] {
  if (!tool) return null;
  const listed = fieldSourcesOf(tool, sources);
  return { name: tool.name, description: tool.description ?? null, parameters: tool.parameters ?? null, args: tool.args ?? null, ...(listed.length > 0 ? { sources: listed } : {}) };
}
