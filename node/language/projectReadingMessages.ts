/** What the project-reading thread (projectReadingMain.ts) and the language server (projectReadings.ts) say. */
import type { ProjectAnalysis } from '../../shared/project/analyzeProject';

/** One project read as `validate DIR` reads it, the editor's unsaved texts first (absolute path → text). */
export interface ProjectReadingRequest {
  root: string;
  overlays: [string, string][];
  env: Record<string, string | undefined>;
}

export interface ProjectReadingResult {
  analysis: ProjectAnalysis;
  /** The folder held more files than a project walk reads: only part was read. */
  truncated: boolean;
}

export type ToReadingThread = { type: 'read'; id: number; request: ProjectReadingRequest };

export type FromReadingThread = { type: 'read'; id: number; result: ProjectReadingResult } | { type: 'failed'; id: number; message: string };
