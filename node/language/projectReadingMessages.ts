/** What the project-reading thread (projectReadingMain.ts) and the language server (projectReadings.ts) say. */
import type { ProjectAnalysis } from '../../shared/project/analyzeProject';
import type { ToolboxDiagnostic } from '../../shared/toolbox/index';
import type { PublishedFile } from './publishedDiagnostics';

/** One project read as `validate DIR` reads it, the editor's unsaved texts first (absolute path → text). */
export interface ProjectReadingRequest {
  root: string;
  overlays: [string, string][];
  env: Record<string, string | undefined>;
  /** Also its diagnostics as the language server publishes them (`published`). */
  publish?: boolean;
}

/** A project's analysis as the thread answers it: without its diagnostics, which come apart (below). */
export type ReadAnalysis = Omit<ProjectAnalysis, 'diagnostics'>;

/**
 * The reading's diagnostics do not cross to the caller as they are: 50,000 of them (a toolbox of 10,000 entries)
 * took the language server's main thread 0.4-0.8 s to receive, at every reading. What each side needs goes instead:
 * the few that offer a quick fix, and every one as LSP publishes it, made here and received as a few arrays.
 */
export interface ProjectReadingResult {
  analysis: ReadAnalysis;
  /** The analysis's diagnostics that offer a quick fix (code actions). */
  fixes: ToolboxDiagnostic[];
  /** With `publish`: every diagnostic, by file, as LSP places them in the text the reading read. */
  published?: PublishedFile[];
  /** The folder held more files than a project walk reads: only part was read. */
  truncated: boolean;
}

export type ToReadingThread = { type: 'read'; id: number; request: ProjectReadingRequest };

export type FromReadingThread = { type: 'read'; id: number; result: ProjectReadingResult } | { type: 'failed'; id: number; message: string };
