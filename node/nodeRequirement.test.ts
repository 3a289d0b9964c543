import { readFileSync } from 'node:fs';
import semver from 'semver';
import { describe, expect, it } from 'vitest';

/**
 * The Node.js version the README and docs/setup.md state is the one `npm install` checks (`engines` in package.json),
 * and every warning `npm install` prints is one the set-up page explains: each package of the lock file that wants a
 * newer Node is a development package the page names (EBADENGINE), and so is each package whose install script
 * `allowScripts` does not list (install-scripts). A dependency of the app itself that needs a newer Node fails here,
 * before a user's install does.
 */
const read = (file: string) => readFileSync(new URL(`../${file}`, import.meta.url), 'utf8');
const readme = read('README.md');
const setup = read('docs/setup.md');
const pkg = JSON.parse(read('package.json')) as { engines: { node: string }; allowScripts?: Record<string, boolean> };
type LockEntry = { engines?: { node?: string } | string[]; dev?: boolean; devOptional?: boolean; hasInstallScript?: boolean };
const lock = JSON.parse(read('package-lock.json')) as { packages: Record<string, LockEntry> };

const statedIn = (text: string) => /Install and start the app \(Node\.js (\d+\.\d+)\+/.exec(text)?.[1];
/** The packages named in the bullet of the set-up page that starts with `npm warn KIND`. */
function namedFor(kind: string): Set<string> {
  const bullet = new RegExp(`^- \\*\\*\`npm warn ${kind}\`\\*\\*([\\s\\S]*?)(?=^- |^#|(?![\\s\\S]))`, 'm').exec(setup)?.[1] ?? '';
  return new Set([...bullet.matchAll(/`(@?[a-z0-9][\w.-]*(?:\/[\w.-]+)?)`/g)].map((m) => m[1]!).filter((name) => lockedPackages().some(([locked]) => locked === name)));
}
/** Every package of the lock file, with its name (the last `node_modules/` segment of its path): one per version. */
function lockedPackages(): [string, LockEntry][] {
  return Object.entries(lock.packages)
    .filter(([where]) => where !== '')
    .map(([where, entry]) => [where.slice(where.lastIndexOf('node_modules/') + 'node_modules/'.length), entry]);
}
const isDev = (entry: LockEntry) => entry.dev === true || entry.devOptional === true;

describe("the Node.js requirement and the install's warnings", () => {
  it('is what package.json engines checks, in the README and on the set-up page', () => {
    expect(statedIn(readme)).toBeDefined();
    expect(statedIn(setup)).toBe(statedIn(readme));
    expect(semver.minVersion(pkg.engines.node)?.version).toBe(`${statedIn(setup)}.0`);
  });

  it('names every package that warns EBADENGINE on that version, each a development package', () => {
    const minimum = `${statedIn(setup)}.0`;
    const warning = new Map<string, string>();
    for (const [name, entry] of lockedPackages()) {
      const range = Array.isArray(entry.engines) ? undefined : entry.engines?.node;
      if (!range || semver.satisfies(minimum, range)) continue;
      expect(isDev(entry), `${name} (${range}) is needed by the app itself`).toBe(true);
      warning.set(name, range);
    }
    expect(warning.size).toBeGreaterThan(0);
    const named = namedFor('EBADENGINE');
    expect([...warning.keys()].filter((name) => !named.has(name)), 'warns on install but docs/setup.md does not say so').toEqual([]);
    // And the page names no package that no longer warns.
    expect([...named].filter((name) => !warning.has(name)), 'named but no longer warns').toEqual([]);
  });

  it('names every development package whose install script allowScripts does not list', () => {
    const allowed = pkg.allowScripts ?? {};
    const unlisted = lockedPackages()
      .filter(([name, entry]) => entry.hasInstallScript && !(name in allowed))
      .map(([name, entry]) => {
        expect(isDev(entry), `${name} runs an install script for the app itself`).toBe(true);
        return name;
      });
    expect([...namedFor('install-scripts')].sort()).toEqual([...new Set(unlisted)].sort());
  });
});
