/** Helpers for the tests of node/python and node/toolbox: the fixture tools in fixtures/python/. */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { JsonValue, RunnableToolSpec } from '../../shared/toolbox/index';
import { appRoot } from '../paths';
import { parseStat } from './processTree';
import { ToolRunner, type ToolRunnerOptions } from './toolRunner';
import { toolboxTarget, type RunRequest } from '../../shared/run/index';

export const fixturesPythonDir = (): string => path.join(appRoot(), 'fixtures', 'python');

export function codedSpec(name: string, className: string, parameters?: { [key: string]: JsonValue }): RunnableToolSpec {
  return { name, kind: 'coded', className, description: `fixture ${name}`, ...(parameters ? { parameters } : {}) };
}

export function langchainSpec(name: string, className: string, args?: { [key: string]: JsonValue }): RunnableToolSpec {
  return { name, kind: 'langchain', className, ...(args ? { args } : {}) };
}

/** Makes runners with the fixtures on PYTHONPATH and remembers them, so afterEach can end every worker. */
export class FixtureRunners {
  private readonly made: ToolRunner[] = [];

  make(options: ToolRunnerOptions = {}): ToolRunner {
    const runner = new ToolRunner({ pythonPath: [fixturesPythonDir()], ...options });
    this.made.push(runner);
    return runner;
  }

  async disposeAll(): Promise<void> {
    await Promise.all(this.made.splice(0).map((r) => r.dispose()));
  }
}

/** True while a process with this id exists. */
export function processExists(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** The pids of live (not zombie) processes whose argv satisfies `match`, from /proc (Linux; none elsewhere). */
export function liveProcesses(match: (argv: string[]) => boolean): number[] {
  const found: number[] = [];
  let entries: string[];
  try {
    entries = readdirSync('/proc');
  } catch {
    return found;
  }
  for (const entry of entries) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const argv = readFileSync(`/proc/${entry}/cmdline`, 'utf8').split('\0');
      if (match(argv) && parseStat(readFileSync(`/proc/${entry}/stat`, 'latin1'))?.state !== 'Z') found.push(Number(entry));
    } catch {
      // gone meanwhile
    }
  }
  return found;
}

/** The live processes a test named (argv[0]) with uniqueProcessToken(). */
export const processesNamed = (token: string): number[] => liveProcesses((argv) => argv[0] === token);

let tokens = 0;
/** A name no other process has, for a test to find the processes it started (as their argv[0]) and nothing else. */
export function uniqueProcessToken(): string {
  return `tbe-tree-${process.pid}-${++tokens}-${Math.random().toString(36).slice(2, 8)}`;
}

/**
 * A run request of `args` (written by JSON.stringify) for tests that call a ToolRunner directly; `extra` adds
 * sly_data, a timeout or a toolkit's tool.
 */
export function runOf(args: unknown = {}, extra: Omit<Partial<RunRequest>, 'target' | 'argsJson'> & { toolkitTool?: string } = {}): RunRequest {
  const { toolkitTool, ...rest } = extra;
  return { target: toolboxTarget('fixture', toolkitTool), argsJson: JSON.stringify(args), ...rest };
}
