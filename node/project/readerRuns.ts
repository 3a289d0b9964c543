/**
 * The runs a project ships (shippedRunsOnDisk.ts) as its reader takes them. Apart from reading them, because each needs
 * a coded-class finder, whose run settings need the project's placement, which reads the shipped runs: one module
 * doing both made an import ring (node/importCycles.test.ts).
 */
import path from 'node:path';
import { runContextOf } from '../../shared/project/runContext';
import type { ReaderRun } from '../../shared/project/projectReader';
import type { NeuroSanFacts } from '../../shared/neurosan/versions/index';
import { codedClassFinderFor } from '../python/codedClassFinder';
import type { DotEnvRead } from '../run/runSettingsOnDisk';
import { shippedRunsOf } from './shippedRunsOnDisk';

/**
 * The project's runs as its reader takes them (shared/project/projectReader.ts `runs`): in its release's terms, those
 * that name a manifest of known place, each with the coded-class finder of its own AGENT_TOOL_PATH (`dotEnv`: the
 * project's, read already).
 */
export function readerRunsOf(root: string, env: Record<string, string | undefined>, facts: NeuroSanFacts, dotEnv?: DotEnvRead): ReaderRun[] {
  const out: ReaderRun[] = [];
  for (const run of shippedRunsOf(root)) {
    const context = runContextOf(run, facts);
    if (context.manifests.length === 0) continue;
    const toolPath = context.agentToolPath;
    out.push({ ...context, ...(toolPath !== undefined ? { codedClasses: codedClassFinderFor(root, { ...env, AGENT_TOOL_PATH: path.resolve(root, toolPath) }, facts, dotEnv) } : {}) });
  }
  return out;
}
