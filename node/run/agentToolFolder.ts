/**
 * The folder AGENT_TOOL_PATH names, as neuro-san finds it (ActivationFactory._determine_agent_tool_path in 0.5.55):
 * a value with a path separator is a folder, relative to the working directory the server runs in
 * (`Path(value).resolve()`); one without is a module path (`coded_tools`, `my_pkg.tools`) that Python imports from
 * the first PYTHONPATH folder holding it. neuro-san looks for `<AGENT_TOOL_PATH>.<module>` there before anything
 * else, so a new coded tool's module belongs under this folder.
 */
import { statSync } from 'node:fs';
import path from 'node:path';
import type { ResolvedRunSettings } from '../../shared/run/index';

function isDirectory(p: string): boolean {
  try {
    return statSync(p).isDirectory();
  } catch {
    return false;
  }
}

/**
 * The folder of the settings' AGENT_TOOL_PATH, absolute; undefined when there is none (or the environment's is
 * skipped: `withEnvironment` false, for what is recorded in the project). A module path no PYTHONPATH folder holds
 * yet is placed under the project's first one (the working directory by default), where a run would import it.
 */
export function agentToolFolder(settings: ResolvedRunSettings, { withEnvironment = true } = {}): string | undefined {
  const agent = settings.agentToolPath;
  if (!agent || agent.value.trim() === '' || (!withEnvironment && agent.from === 'environment')) return undefined;
  const value = agent.value.trim();
  if (/[\\/]/.test(value)) return path.resolve(settings.workingDirectory.value, value);
  const relative = path.join(...value.split('.').filter((p) => p !== ''));
  if (relative === '.') return undefined;
  const holding = settings.pythonPath.find((p) => isDirectory(path.join(p.value, relative)));
  if (holding) return path.join(holding.value, relative);
  const first = settings.pythonPath.find((p) => p.from !== 'environment');
  return path.join(first ? first.value : settings.workingDirectory.value, relative);
}
