import { readFileSync } from 'node:fs';
import semver from 'semver';
import { describe, expect, it } from 'vitest';

/**
 * The Node.js version README's "Set up" states is the one `npm install` checks (`engines` in package.json), and
 * every package of the lock file that wants more is a development package the README names, with why its warning
 * does not matter. A dependency of the app itself that needs a newer Node fails here, before a user's install does.
 */
const read = (file: string) => readFileSync(new URL(`../${file}`, import.meta.url), 'utf8');
const readme = read('README.md');
const pkg = JSON.parse(read('package.json')) as { engines: { node: string } };
const lock = JSON.parse(read('package-lock.json')) as { packages: Record<string, { engines?: { node?: string } | string[]; dev?: boolean; devOptional?: boolean }> };

const stated = /Install and start the app \(Node\.js (\d+\.\d+)\+/.exec(readme)?.[1];
/** The packages the README's EBADENGINE paragraph lists ("for these development packages: `a`, `b` … The warnings"). */
const listed = /EBADENGINE[^\n]*[\s\S]*?development\s+packages:([\s\S]*?)The warnings/.exec(readme)?.[1] ?? '';
const named = new Set([...listed.matchAll(/`([^`]+)`/g)].map((m) => m[1]!));

describe("README's Node.js requirement", () => {
  it('is what package.json engines checks', () => {
    expect(stated).toBeDefined();
    expect(semver.minVersion(pkg.engines.node)?.version).toBe(`${stated}.0`);
  });

  it('names every package that warns on that version, each a development package', () => {
    const minimum = `${stated}.0`;
    const warning = new Map<string, string>();
    for (const [where, entry] of Object.entries(lock.packages)) {
      const range = Array.isArray(entry.engines) ? undefined : entry.engines?.node;
      if (!where || !range || semver.satisfies(minimum, range)) continue;
      const name = where.slice(where.lastIndexOf('node_modules/') + 'node_modules/'.length);
      expect(entry.dev || entry.devOptional, `${name} (${range}) is needed by the app itself`).toBe(true);
      warning.set(name, range);
    }
    expect(warning.size).toBeGreaterThan(0);
    expect([...warning.keys()].filter((name) => !named.has(name)), 'warns on install but the README does not say so').toEqual([]);
    // And the README names no package that no longer warns.
    expect([...named].filter((name) => !warning.has(name)), 'named but no longer warns').toEqual([]);
  });
});
