import { isAbsolutePath, joinPath, normalizePath } from '../hocon/index';
import type { NeuroSanFacts } from '../neurosan/versions/index';
import { manifestFilesNamed } from './manifestList';
import { projectPathOf, type ProjectRun } from './shippedRuns';

/** What a shipped run serves and runs with, as paths of the project (relative to its root, '/'-separated). */
export interface RunContext {
  /** Where it is said: `file:line`. */
  source: string;
  /** The folder it runs in ('.' the root), or undefined when not known. */
  cwd: string | undefined;
  /** The manifests it serves (those whose place is known). */
  manifests: string[];
  /** Its AGENT_TOOLBOX_INFO_FILE and AGENT_TOOL_PATH, when it sets them and their place is known. */
  toolbox?: string;
  agentToolPath?: string;
}

/**
 * A run in the project's terms. Its AGENT_MANIFEST_FILE is split as the project's neuro-san release splits it
 * (manifestList.ts), at ":" (CI runners, images and make are POSIX); without `facts` (a project's place is being
 * found, before its release is known) at every separator any release uses: what is looked for then is only whether it
 * names a manifest in a given folder. A relative path is from the run's folder (unknown: it names nothing); an
 * absolute one is an image's (through its mounts) or names nothing of the project.
 */
export function runContextOf(run: ProjectRun, facts?: NeuroSanFacts): RunContext {
  const manifest = run.env.AGENT_MANIFEST_FILE ?? '';
  const named = facts !== undefined ? manifestFilesNamed(manifest, facts, ':') : [manifest, ...manifest.split(/[:; ]/)];
  const manifests = [...new Set(named.filter((p) => p !== '').map((p) => projectPathIn(run, p)).filter((p): p is string => p !== undefined))];
  const toolbox = run.env.AGENT_TOOLBOX_INFO_FILE === undefined ? undefined : projectPathIn(run, run.env.AGENT_TOOLBOX_INFO_FILE);
  const agentToolPath = run.env.AGENT_TOOL_PATH === undefined ? undefined : projectPathIn(run, run.env.AGENT_TOOL_PATH);
  return { source: run.source, cwd: run.cwd, manifests, ...(toolbox !== undefined ? { toolbox } : {}), ...(agentToolPath !== undefined ? { agentToolPath } : {}) };
}

function projectPathIn(run: ProjectRun, p: string): string | undefined {
  if (isAbsolutePath(p)) return run.mounts !== undefined ? projectPathOf(p, run.mounts) : undefined;
  if (run.cwd === undefined) return undefined;
  return normalizePath(joinPath(run.cwd, p)) || '.';
}
