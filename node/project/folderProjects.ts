import path from 'node:path';
import type { McpListing } from '../../shared/mcp/index';
import { analysisOf, projectMcpOf, type ProjectAnalysis } from '../../shared/project/analyzeProject';
import type { ProjectReader } from '../../shared/project/projectReader';
import type { ProjectNeuroSan } from '../../shared/neurosan/versions/index';
import { reviewProject } from '../review/reviewToolbox';
import { outerReaderOf, projectReaderOnDisk, projectsUnder, type ProjectLoadOptions } from './projectOnDisk';
import { analysisFromEitherOnDisk } from './unknownWorkingDirectoryOnDisk';
import { servedAround } from './servedAround';
import { slashed } from '../files/slashedPaths';

/** One project of a folder, read whole; its analysis keeps what lies under the folder read. */
export interface FolderProject {
  /** Absolute. */
  root: string;
  /** The folder's files outside its projects (no `registries/` marks them). */
  loose: boolean;
  analysis: ProjectAnalysis;
  neuroSan: ProjectNeuroSan;
  /** What its servers answered, when asked. */
  listings: Map<string, McpListing> | undefined;
}

export interface FolderReadOptions extends Omit<ProjectLoadOptions, 'files' | 'inProject' | 'knownAgent' | 'mcpListings'> {
  /** Asks the MCP servers the networks name (`--mcp`); without it none is contacted. */
  askServers?: (servers: readonly string[], settings: ProjectAnalysis['mcpSettings']) => Promise<Map<string, McpListing>>;
  /** Said of a project's settings files that were not read (a `.env` that is a FIFO). */
  warn?: (warning: string) => void;
}

/**
 * A folder as `validate DIR` reads it, the one reading the language server publishes too (issue #34: the server read
 * a folder of several projects as one, from the folder, and reported what neuro-san run from each project's root never
 * sees): each project under it (projectsUnder: each from its own root, with its own settings and neuro-san version),
 * the files outside them as one more group; a test case's agent looked for in all of them; a project inside another,
 * neither saying it runs it, judged from either folder.
 */
export async function readFolderProjects(dir: string, options: FolderReadOptions): Promise<{ projects: FolderProject[]; truncated: boolean }> {
  const absolute = path.resolve(dir);
  const { askServers, warn, ...loadOptions } = options;
  const { groups, truncated } = projectsUnder(absolute);
  const readers: ProjectReader[] = [];
  // A test case may lie outside the project it tests (neuro-san's own tests/): its agent is looked for in them all.
  const knownAgent = (name: string) => readers.some((r) => r.servesAgent(name));
  // The files outside them, as validate FILE reads one of them: also in the projects beside the folder (validate tests/).
  const around = servedAround(absolute, loadOptions.env);
  const knownToLoose = (name: string) => knownAgent(name) || around(name);
  const opened = groups.map((group) => {
    const one = projectReaderOnDisk(group.root, { ...loadOptions, knownAgent: group.loose ? knownToLoose : knownAgent, files: group.files, ...(group.loose ? { inProject: true } : {}) });
    readers.push(one.reader);
    for (const warning of one.warnings) warn?.(warning);
    return one;
  });
  const projects: FolderProject[] = [];
  const outerReaders = new Map<string, ProjectReader>();
  for (const [i, group] of groups.entries()) {
    const { reader, neuroSan, extras } = opened[i]!;
    // The project is read whole, from its root, for the context a file needs (its toolbox, what includes it); what
    // is kept is what lies under the folder. Its toolboxes get the description review `validate FILE` gives each.
    const settings = reader.options.settings;
    // Only when asked is any server contacted: whom to ask comes from the networks, before the one analysis.
    const mcp = askServers ? projectMcpOf(reader, settings) : undefined;
    const listings = mcp && askServers ? await askServers(mcp.mcp.servers.map((s) => s.url), mcp.settings) : undefined;
    let whole = analysisOf(reader, settings, { ...extras, review: await reviewProject(reader, group.root), ...(listings ? { mcpListings: listings } : {}) });
    if (group.alsoFrom !== undefined) {
      // One reading of the outer project for all the projects inside it (it reads each file once).
      const outer = outerReaders.get(group.alsoFrom) ?? outerReaderOf(group.alsoFrom, { ...loadOptions, knownAgent });
      outerReaders.set(group.alsoFrom, outer);
      whole = analysisFromEitherOnDisk(group.root, group.alsoFrom, reader, outer, whole);
    }
    projects.push({ root: group.root, loose: group.loose, analysis: within(whole, slashed(path.relative(group.root, absolute))), neuroSan, listings });
  }
  return { projects, truncated };
}

/** The part of the analysis about files under `scope` (a path relative to the root; '' is all of it). */
function within(analysis: ProjectAnalysis, scope: string): ProjectAnalysis {
  if (scope === '' || scope.startsWith('..')) return analysis;
  const inside = (file: string) => file === scope || file.startsWith(`${scope}/`);
  return { ...analysis, files: analysis.files.filter((f) => inside(f.path)), diagnostics: analysis.diagnostics.filter((d) => inside(d.file)) };
}
