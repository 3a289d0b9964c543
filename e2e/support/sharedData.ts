// Test data beside the repository, in ../shared: the e2e side of node/testSupport/sharedData.ts (which imports
// vitest). A spec that needs it is skipped with one line in a clone without it, and fails where CI requires it.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { repoRoot, test } from './browserMode';

/** The absolute path of `relative` inside ../shared; skips the test (or fails it, when required) if it is absent. */
export function needShared(relative: string): string {
  const full = path.join(repoRoot, '..', 'shared', relative);
  if (existsSync(full)) return full;
  const missing = `needs ../shared/${relative}, which this clone does not have`;
  const required = ['CI', 'TBE_REQUIRE_SHARED'].some((name) => !['', '0', 'false'].includes((process.env[name] ?? '').toLowerCase()));
  if (required) throw new Error(`${missing} (required where CI is set)`);
  test.skip(true, missing);
  return full;
}
