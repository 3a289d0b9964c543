// Test data that lives beside the repository, in ../shared (the conformance corpora and neuro-san's reference files).
// A fresh clone does not have it: suites that need it are skipped with one line that says what is missing, and are
// required when CI is set, so a missing corpus fails CI loudly instead of passing quietly.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, it } from 'vitest';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** ../shared beside the repository. */
export const sharedRoot = path.resolve(repoRoot, '..', 'shared');

/** The absolute path of `relative` inside ../shared, or undefined when it is absent. */
export function sharedPath(relative: string): string | undefined {
  const full = path.join(sharedRoot, relative);
  return existsSync(full) ? full : undefined;
}

/** Whether the suites that need ../shared must run (CI sets CI=true; TBE_REQUIRE_SHARED=1 does too, locally). */
export function sharedRequired(): boolean {
  const flag = process.env.TBE_REQUIRE_SHARED ?? process.env.CI ?? '';
  return flag !== '' && flag !== '0' && flag.toLowerCase() !== 'false';
}

/**
 * `describe(name, body)` with the folder `relative` of ../shared handed to the body. When it is absent the body is
 * never run (vitest collects even a skipped describe's body, so a body that reads the corpus would crash): one
 * skipped test names what is missing, or, when the shared data is required, one failing test says so.
 */
export function describeWithShared(relative: string, name: string, body: (dir: string) => void): void {
  const dir = sharedPath(relative);
  if (dir !== undefined) {
    describe(name, () => body(dir));
    return;
  }
  const line = `needs ../shared/${relative}, which this clone does not have`;
  describe(name, () => {
    if (sharedRequired()) {
      it(line, () => {
        throw new Error(`../shared/${relative} is missing, and CI requires it (${sharedRoot})`);
      });
    } else {
      it.skip(line, () => undefined);
    }
  });
}
