/**
 * Where and how the Python worker is started: interpreter, environment, working folder. Kept apart from the process
 * handling so the settings a workspace can change are in one place.
 */
import { existsSync, statSync } from 'node:fs';
import path from 'node:path';
import { resourcesDir } from '../paths';

export const DEFAULT_INTERPRETER = 'python3';

export interface PythonEnvironmentOptions {
  /** `python3` (default), a path to an interpreter, or a virtualenv folder (its bin/python is used). */
  python?: string;
  /** AGENT_TOOL_PATH for coded tools (a module path or a folder); when unset the inherited value applies. */
  agentToolPath?: string;
  /** Folders put in front of the inherited PYTHONPATH; relative ones are resolved against `cwd`. */
  pythonPath?: string[];
  /** The environment the worker inherits; defaults to this process's. */
  env?: Record<string, string | undefined>;
  /** The worker's working folder (where relative paths in tools resolve); defaults to this process's. */
  cwd?: string;
}

export interface WorkerLaunch {
  command: string;
  args: string[];
  env: Record<string, string>;
  cwd: string;
}

/** The worker's entry script, shipped in resources/python/. */
export function workerScriptPath(): string {
  return path.join(resourcesDir(), 'python', 'toolbox_worker.py');
}

/** The interpreter to run: a virtualenv folder becomes its own python executable. */
export function resolveInterpreter(python: string | undefined, cwd: string): string {
  const chosen = python?.trim() || DEFAULT_INTERPRETER;
  const looksLikePath = chosen.includes('/') || chosen.includes('\\');
  if (!looksLikePath) return chosen;
  const absolute = path.resolve(cwd, chosen);
  if (existsSync(absolute) && statSync(absolute).isDirectory()) {
    return process.platform === 'win32'
      ? path.join(absolute, 'Scripts', 'python.exe')
      : path.join(absolute, 'bin', 'python');
  }
  return absolute;
}

export function workerLaunch(options: PythonEnvironmentOptions, script = workerScriptPath()): WorkerLaunch {
  const cwd = options.cwd ?? process.cwd();
  const inherited = options.env ?? process.env;
  const env: Record<string, string> = {};
  for (const [key, value] of Object.entries(inherited)) if (value !== undefined) env[key] = value;

  const extra = (options.pythonPath ?? []).filter((p) => p.trim() !== '').map((p) => path.resolve(cwd, p));
  const existing = (env.PYTHONPATH ?? '').split(path.delimiter).filter((p) => p !== '');
  const pythonPath = [...extra, ...existing.filter((p) => !extra.includes(p))];
  if (pythonPath.length > 0) env.PYTHONPATH = pythonPath.join(path.delimiter);
  else delete env.PYTHONPATH;

  if (options.agentToolPath !== undefined && options.agentToolPath.trim() !== '') {
    env.AGENT_TOOL_PATH = options.agentToolPath;
  }
  // Tools' prints reach us through pipes: no block buffering (a crash would lose them), always UTF-8.
  env.PYTHONUNBUFFERED = '1';
  env.PYTHONIOENCODING = 'utf-8';

  return { command: resolveInterpreter(options.python, cwd), args: [script], env, cwd };
}
