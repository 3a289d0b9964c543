import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { ApiError } from '../../shared/api/index';
import type { ProjectEdit, ProjectView } from '../../shared/api/index';
import type { ProjectAnalysis } from '../../shared/project/analyzeProject';
import type { FileKind } from '../../shared/project/fileKind';
import { planToolRename } from '../../shared/project/renameTool';
import { applyEdits } from '../../shared/hocon/index';
import { readTextFile } from '../files/textFiles';
import { writeTextFilesAllOrNone } from '../files/textFileSet';
import { projectFileOf } from './projectFiles';
import { listProjectFiles, loadProjectFromDisk, projectHost } from './projectOnDisk';
import type { McpListing } from '../../shared/mcp/index';
import { findProjectRoot, isDirectory } from './projectSettingsOnDisk';
import type { ProjectNeuroSan } from '../../shared/neurosan/versions/index';
import type { VersionLookup } from '../neurosan/projectVersion';
import { urlIncludesOfFiles, type FetchedInclude, type UrlIncludeStore } from './urlIncludes';

/** A set of edits applied together, to be undone together: each file's text before and after. */
interface AppliedSet {
  root: string;
  files: { absolute: string; before: string; after: string }[];
}

/** The API's project methods: open a folder as a project, plan and apply a rename across it, undo it as one step. */
export class ProjectService {
  private readonly applied = new Map<string, AppliedSet>();
  /** What each project's MCP servers answered when the user asked, by root, then URL. */
  private readonly mcpListings = new Map<string, Map<string, McpListing>>();

  constructor(
    private readonly cwd: string,
    private readonly env: Record<string, string | undefined>,
    private readonly urlIncludes?: UrlIncludeStore,
    /** What the Python of a project's runs said it has installed, when one was started (the app). */
    private readonly installedNeuroSan: (root: string) => VersionLookup['interpreter'] = () => undefined,
  ) {}

  private async analyse(root: string, kindOverrides?: Readonly<Record<string, FileKind>>): Promise<ProjectAnalysis & { truncated: boolean; neuroSan: ProjectNeuroSan; warnings: string[] }> {
    const urls = this.urlIncludes?.isAllowed(root) ? { readUrl: this.urlIncludes.read } : {};
    const interpreter = this.installedNeuroSan(root);
    const listings = this.mcpListings.get(root);
    const loaded = await loadProjectFromDisk(root, { env: this.env, ...(kindOverrides ? { kindOverrides } : {}), ...urls, ...(interpreter ? { versionLookup: { interpreter } } : {}), ...(listings ? { mcpListings: listings } : {}) });
    return { ...loaded.analysis, truncated: loaded.truncated, neuroSan: loaded.neuroSan, warnings: loaded.warnings };
  }

  async open(start: string, kindOverrides?: Readonly<Record<string, FileKind>>): Promise<ProjectView> {
    const root = findProjectRoot(path.resolve(this.cwd, start));
    const a = await this.analyse(root, kindOverrides);
    return {
      root,
      settings: Object.fromEntries(Object.entries(a.settings).filter(([, v]) => v !== undefined)) as ProjectView['settings'],
      toolbox: a.toolbox ?? null,
      files: a.files,
      manifests: a.manifests,
      networksLeftOff: a.networksLeftOff,
      tools: a.tools,
      undefinedToolUsers: a.undefinedToolUsers,
      ...(a.truncated ? { truncated: true } : {}),
      mcp: a.mcp,
      mcpListings: [...(this.mcpListings.get(root)?.values() ?? [])].filter((l) => a.mcp.servers.some((s) => s.url === l.url)),
      neuroSan: a.neuroSan,
      ...(a.warnings.length > 0 ? { warnings: a.warnings } : {}),
    };
  }

  /**
   * The user allowed fetching the project's includes by URL: each is fetched (and those they include), kept, and
   * read from then on, for this project.
   */
  async fetchIncludes(start: string): Promise<{ root: string; fetched: FetchedInclude[] }> {
    if (!this.urlIncludes) throw new ApiError('invalid_request', 'Includes by URL cannot be fetched here.');
    const root = findProjectRoot(path.resolve(this.cwd, start));
    const files = isDirectory(path.join(root, 'registries')) ? listProjectFiles(root).map((f) => path.join(root, f)) : [path.resolve(this.cwd, start)];
    await this.urlIncludes.allow(root);
    return { root, fetched: await this.urlIncludes.fetchAll(urlIncludesOfFiles(files)) };
  }

  /**
   * Asks one MCP server of the project for its tools, with the project's settings for it (the only way the app
   * contacts a server, on the user's action), and keeps the answer for the project.
   */
  async mcpListTools(start: string, url: string): Promise<McpListing> {
    const root = findProjectRoot(path.resolve(this.cwd, start));
    const analysis = await this.analyse(root);
    if (!analysis.mcp.servers.some((s) => s.url === url)) throw new ApiError('not_found', `No network of the project names the MCP server ${url}.`);
    // The SDK is loaded when a server is first asked, not when the API starts.
    const { askServer } = await import('../mcp/askServers');
    const listing = await askServer(url, analysis.mcpSettings.get(url));
    let listings = this.mcpListings.get(root);
    if (!listings) this.mcpListings.set(root, (listings = new Map()));
    listings.set(url, listing);
    return listing;
  }

  async renamePreview(root: string, tool: string, newName: string): Promise<{ edits: ProjectEdit[] }> {
    const host = projectHost(root);
    const plan = planToolRename(await this.analyse(root), tool, newName, (file) => {
      const text = host.readFile(file);
      return typeof text === 'string' ? text : undefined;
    });
    if (!plan.ok) throw new ApiError('invalid_request', plan.problem);
    // A file the project reaches outside its folder (an include of ../shared/agents.hocon) is not the project's to
    // rewrite: the rename is refused before it is shown, rather than applied in part.
    for (const file of new Set(plan.edits.map((e) => e.file))) await projectFileOf(root, file);
    return { edits: plan.edits };
  }

  /**
   * Applies a previewed set of edits to the files on disk, all or none: every file must be a HOCON file inside the
   * project's folder (symlinks resolved), and is read and checked against the preview (each edited line still reads
   * as it did) before any is written; then they are written as one set (textFileSet.ts).
   */
  async applyEdits(root: string, edits: readonly ProjectEdit[]): Promise<{ undoId: string; files: string[] }> {
    const byFile = new Map<string, ProjectEdit[]>();
    for (const edit of edits) byFile.set(edit.file, [...(byFile.get(edit.file) ?? []), edit]);
    const files: AppliedSet['files'] = [];
    for (const [file, fileEdits] of byFile) {
      const absolute = await projectFileOf(root, file);
      const before = (await readTextFile(absolute)).text;
      for (const edit of fileEdits) {
        if (lineAt(before, edit.offset) !== edit.before) throw new ApiError('conflict', `${file} changed since the preview (line ${edit.line}): preview the rename again.`);
      }
      files.push({ absolute, before, after: applyEdits(before, fileEdits) });
    }
    await writeTextFilesAllOrNone(files);
    const undoId = randomUUID();
    this.applied.set(undoId, { root, files });
    return { undoId, files: files.map((f) => f.absolute) };
  }

  /** Puts back every file of an applied set, all or none, unless one was changed since (then none is touched). */
  async undoEdits(undoId: string): Promise<{ files: string[] }> {
    const set = this.applied.get(undoId);
    if (!set) throw new ApiError('not_found', 'Nothing to undo: that change is not known (the app was restarted, or it was undone already).');
    for (const f of set.files) {
      // Still inside the project: a link put in a file's place since the rename does not carry the undo out of it.
      await projectFileOf(set.root, f.absolute);
      if ((await readTextFile(f.absolute)).text !== f.after) throw new ApiError('conflict', `${f.absolute} was changed after the rename: undo it by hand.`);
    }
    await writeTextFilesAllOrNone(set.files.map((f) => ({ absolute: f.absolute, before: f.after, after: f.before })));
    this.applied.delete(undoId);
    return { files: set.files.map((f) => f.absolute) };
  }
}

function lineAt(text: string, offset: number): string {
  const start = text.lastIndexOf('\n', offset - 1) + 1;
  const end = text.indexOf('\n', offset);
  return text.slice(start, end === -1 ? text.length : end).trim();
}
