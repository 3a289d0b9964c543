import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import { API_THREAD_RESOURCE_LIMITS } from '../api/apiThreadLimits';
import { projectReaderOnDisk } from '../project/projectOnDisk';
import { readFolderProjects } from '../project/folderProjects';
import { analysisOf, type ProjectAnalysis } from '../../shared/project/analyzeProject';
import type { FromReadingThread, ProjectReadingRequest, ProjectReadingResult, ToReadingThread } from './projectReadingMessages';
import { fileIncludeHost } from '../hocon/fileIncludeHost';
import { publishedFiles } from './publishedDiagnostics';

/**
 * The language server reads a project off its request path: on a thread of its own, as the app's API runs on its
 * own (node/api/apiThread.ts), so that hovers, completions and every other request answer while a large project is
 * read. The reading is `validate DIR`'s (loadProjectFromDisk), with the same limits for hostile files (the readers'
 * own: file sizes, include depth, the project walk) and the API thread's heap settings; a reading that fails or
 * takes the thread down (a heap exhausted) answers an error, and the next reading starts a new thread.
 */
export interface ProjectReadings {
  read(request: ProjectReadingRequest): Promise<ProjectReadingResult>;
  dispose(): Promise<void>;
}

/** One project read as `validate DIR` reads it (what the thread runs), its diagnostics as the caller needs them. */
export async function readProject(request: ProjectReadingRequest): Promise<ProjectReadingResult> {
  const overlays = new Map(request.overlays);
  const root = path.resolve(request.root);
  // The folder as validate DIR reads it: a folder holding projects (each with its registries/) publishes each as
  // read from its own root. The analysis the requests answer from is the folder's own project (its loose files when it
  // is none); a file of a project inside is served by that project's own reading (languageServer.ts projectOf).
  const { projects, truncated } = await readFolderProjects(root, { env: request.env, overlays });
  const own = projects.find((p) => p.root === root)?.analysis ?? emptyAnalysis(root, request.env, overlays);
  const { diagnostics, ...rest } = own;
  const textOf = (absolute: string) => {
    const text = overlays.get(absolute) ?? fileIncludeHost.readFile(absolute);
    return typeof text === 'string' ? text : undefined;
  };
  return {
    analysis: rest,
    fixes: diagnostics.filter((d) => d.fix !== undefined),
    ...(request.publish ? { published: projects.flatMap((p) => publishedFiles(p.analysis.diagnostics, p.root, textOf)) } : {}),
    truncated,
  };
}

/** A folder with no file of its own (only projects inside it): its settings, no file. */
function emptyAnalysis(root: string, env: Record<string, string | undefined>, overlays: ReadonlyMap<string, string>): ProjectAnalysis {
  const { reader, extras } = projectReaderOnDisk(root, { env, overlays, files: [], inProject: true });
  return analysisOf(reader, reader.options.settings, extras);
}

/** The bundled thread entry next to this bundle (dist/cli/, or the VS Code extension's dist/). */
export function bundledReadingEntry(): string {
  return path.join(path.dirname(fileURLToPath(import.meta.url)), 'project-reading-thread.cjs');
}

/**
 * Readings on their own thread. Run from the sources (unit tests) there is no bundled entry: the project is then
 * read on the calling thread, with the same results.
 */
export function projectReadings(entry: string = bundledReadingEntry()): ProjectReadings {
  if (!existsSync(entry)) return { read: readProject, dispose: async () => undefined };
  return new ReadingThread(entry);
}

class ReadingThread implements ProjectReadings {
  private worker: Worker | undefined;
  private nextId = 1;
  private readonly pending = new Map<number, { resolve(result: ProjectReadingResult): void; reject(error: Error): void }>();

  constructor(private readonly entry: string) {}

  private start(): Worker {
    const worker = new Worker(this.entry, { resourceLimits: API_THREAD_RESOURCE_LIMITS });
    worker.on('message', (message: FromReadingThread) => {
      const waiting = this.pending.get(message.id);
      this.pending.delete(message.id);
      if (message.type === 'read') waiting?.resolve(message.result);
      else waiting?.reject(new Error(message.message));
    });
    worker.on('error', (error) => this.lost(worker, `the project reader failed: ${error.message}`));
    worker.on('exit', (code) => this.lost(worker, `the project reader stopped (exit code ${code})`));
    // An idle reader never keeps the server's process alive.
    worker.unref();
    this.worker = worker;
    return worker;
  }

  private lost(worker: Worker, message: string): void {
    if (this.worker !== worker) return;
    this.worker = undefined;
    for (const waiting of this.pending.values()) waiting.reject(new Error(message));
    this.pending.clear();
  }

  read(request: ProjectReadingRequest): Promise<ProjectReadingResult> {
    const worker = this.worker ?? this.start();
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      worker.postMessage({ type: 'read', id, request } satisfies ToReadingThread);
    });
  }

  async dispose(): Promise<void> {
    const worker = this.worker;
    this.worker = undefined;
    for (const waiting of this.pending.values()) waiting.reject(new Error('the language server is shutting down'));
    this.pending.clear();
    await worker?.terminate();
  }
}
