/** Helpers for the tests of node/python and node/toolbox: the fixture tools in fixtures/python/. */
import path from 'node:path';
import type { JsonValue, RunnableToolSpec } from '../../shared/toolbox/runnable';
import { appRoot } from '../paths';
import { ToolRunner, type ToolRunnerOptions } from './toolRunner';

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
