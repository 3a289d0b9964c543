/** Browser mode with the fixture Python tools importable, for the test-run and catalog end-to-end tests. */
import { test as base } from '@playwright/test';
import path from 'node:path';
import { repoRoot, startBrowserMode, type BrowserModeServer } from './browserMode';

export const fixturesPythonDir = path.join(repoRoot, 'fixtures', 'python');

/** `extraPythonPath` goes in front of the fixtures (e.g. the temp folder, for a tool module a test edits). */
export function startWithPythonFixtures(options: { fixture?: string; dir?: string; extraPythonPath?: string[] } = {}): Promise<BrowserModeServer> {
  const pythonPath = [...(options.extraPythonPath ?? []), fixturesPythonDir].join(path.delimiter);
  return startBrowserMode({
    ...(options.fixture ? { fixture: options.fixture } : {}),
    ...(options.dir ? { dir: options.dir } : {}),
    env: { PYTHONPATH: pythonPath },
  });
}

/** Playwright's `test` with a `server` in browser mode on a copy of `fixture`, the fixture Python tools importable. */
export function testWithPythonFixture(fixture: string) {
  return base.extend<{ server: BrowserModeServer }>({
    // eslint-disable-next-line no-empty-pattern
    server: async ({}, use) => {
      const server = await startWithPythonFixtures({ fixture });
      await use(server);
      await server.stop();
    },
  });
}
