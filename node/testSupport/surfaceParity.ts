import { readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { ToolboxAnalysis } from '../../shared/api/index';
import { apiCaller, browserModeService } from './apiCalls';
import { runCliIn } from './cliRun';
import { languageServerInProcess } from './languageServerClient';

/**
 * Issue #34: one project's problems as each surface reports them — `validate DIR`, `validate FILE` for each of its
 * files, the app's analysis of each file (`toolbox.analyze`, what the renderer calls) and the language server's
 * published diagnostics — each problem as one line `ABSOLUTE-FILE:LINE:COLUMN SEVERITY RULE MESSAGE`, sorted.
 * The files are those `validate DIR` reads. The surfaces agree when the four lists are equal.
 */
export interface SurfaceProblems {
  files: string[];
  dir: string[];
  file: string[];
  app: string[];
  lsp: string[];
}

interface Problem {
  severity: string;
  line: number;
  column: number;
  rule: string;
  message: string;
}
/** LSP's DiagnosticSeverity as our words: a hint is LSP's Hint (4), never its Information (3). */
const LSP_SEVERITIES: Record<number, string> = { 1: 'error', 2: 'warning', 4: 'hint' };

export interface SurfaceOptions {
  /** The environment each surface is started with (as a user's shell; default none). */
  env?: Record<string, string>;
  /** How long the language server may take to publish the same (default 30 s). */
  lspTimeoutMs?: number;
  /** Called after each file's validate FILE and app analysis, for progress on big projects. */
  onFile?: (file: string) => void;
}

export async function problemsOnEachSurface(root: string, options: SurfaceOptions = {}): Promise<SurfaceProblems> {
  const env = options.env ?? {};
  const absolute = (file: string) => path.resolve(root, file);
  // A path a message names is written from the root (the app reads absolute paths, the CLI relative ones); the
  // quick fix a message offers is the CLI's wording only.
  const line = (file: string, d: Problem) =>
    `${file}:${d.line}:${d.column} ${d.severity} ${d.rule} ${d.message.replace(/ \(quick fix: .*\)$/, '').replaceAll(`${root}/`, '')}`;

  const dirRun = await runCliIn(root, ['validate', '.', '--json'], env);
  const report = JSON.parse(dirRun.stdout) as DirReport | { projects: DirReport[] };
  const reports = 'projects' in report ? report.projects : [report];
  const dir = reports.flatMap((r) => r.diagnostics.map((d) => line(absolute(d.file), d))).sort();
  const files = [...new Set(reports.flatMap((r) => r.files.map((f) => absolute(f.path))))].sort();

  const byFile = new Set<string>();
  const byApp = new Set<string>();
  const service = browserModeService(root, { env });
  try {
    const call = apiCaller(service);
    for (const file of files) {
      const one = await runCliIn(root, ['validate', path.relative(root, file), '--json'], env);
      for (const d of JSON.parse(one.stdout) as (Problem & { file: string })[]) byFile.add(line(absolute(d.file), d));
      const analysis = await call<ToolboxAnalysis>('toolbox.analyze', { path: file, text: readFileSync(file, 'utf8') });
      for (const d of analysis.diagnostics) byApp.add(line(absolute(d.file), d));
      options.onFile?.(file);
    }
  } finally {
    service.dispose();
  }

  const server = await languageServerInProcess({ env, rootUri: pathToFileURL(root).href });
  let lsp: string[];
  try {
    const published = () =>
      [...server.diagnostics]
        .flatMap(([uri, list]) =>
          list.map((d) => `${path.resolve(new URL(uri).pathname)}:${d.range.start.line + 1}:${d.range.start.character + 1} ${LSP_SEVERITIES[d.severity] ?? d.severity} ${d.code} ${d.message.replace(/ \(quick fix: .*\)$/, '').replaceAll(`${root}/`, '')}`),
        )
        .sort();
    // The server publishes as its reading thread answers: wait until it says the same twice in a row, or time out.
    const deadline = Date.now() + (options.lspTimeoutMs ?? 30_000);
    let last = '';
    for (;;) {
      await new Promise((resolve) => setTimeout(resolve, 250));
      lsp = published();
      const now = JSON.stringify(lsp);
      if ((now === JSON.stringify(dir) || (now === last && server.diagnostics.size > 0)) || Date.now() > deadline) break;
      last = now;
    }
  } finally {
    await server.dispose();
  }
  return { files, dir, file: [...byFile].sort(), app: [...byApp].sort(), lsp };
}

interface DirReport {
  files: { path: string }[];
  diagnostics: (Problem & { file: string })[];
}

/** What one surface says that `validate DIR` does not, and the reverse: empty both ways when they agree. */
export function differences(dir: readonly string[], other: readonly string[]): { extra: string[]; missing: string[] } {
  const want = new Set(dir);
  const got = new Set(other);
  return { extra: other.filter((d) => !want.has(d)), missing: dir.filter((d) => !got.has(d)) };
}
