import { describe, expect, it } from 'vitest';
import { resolveHocon } from '../hocon/index';
import { readManifest, type ManifestHost } from './manifest';

/** A project holding only these files (paths relative to the root), each a network that parses. */
function hostWith(...files: string[]): ManifestHost {
  return { fileProblem: (p) => (files.includes(p) ? { exists: true, isNetwork: true, parses: true } : undefined) };
}

function reportsOf(text: string, host: ManifestHost) {
  const root = resolveHocon(text, { fileName: 'registries/manifest.hocon' }).value;
  return readManifest(root, host).diagnostics.map((d) => `${d.severity} ${d.rule} ${/lists '([^']+)'/.exec(d.message)?.[1] ?? d.message}`);
}

describe('readManifest: the networks a manifest names', () => {
  it('a served network that is not there is an error; one switched off with false is not looked for, as neuro-san skips it', () => {
    const text = '{\n  "here.hocon": true,\n  "gone.hocon": true,\n  "old.hocon": false,\n  "basic/old.hocon": false\n}\n';
    expect(reportsOf(text, hostWith('registries/here.hocon'))).toEqual(['error manifest-network-missing gone.hocon']);
  });

  it('an entry set to false is never loaded: nothing about it, whether its file is missing, unreadable or no network', () => {
    const text = '{"gone.hocon": false, "broken.hocon": false, "notes.hocon": false}';
    const host: ManifestHost = {
      fileProblem: (p) =>
        p === 'registries/broken.hocon'
          ? { exists: true, isNetwork: true, parses: false, firstError: 'registries/broken.hocon:1:1' }
          : p === 'registries/notes.hocon'
            ? { exists: true, isNetwork: false, parses: true }
            : undefined,
    };
    expect(reportsOf(text, host)).toEqual([]);
    // The same files served are each reported: the host above is what makes those reports.
    expect(reportsOf(text.replace(/false/g, 'true'), host)).toEqual([
      'error manifest-network-missing gone.hocon',
      'warning manifest-network-unreadable broken.hocon',
      'error manifest-not-network notes.hocon',
    ]);
  });

  it('a network left off by an object\'s "serve" that is not there is still said, as a warning', () => {
    const text = '{"off.hocon": {"serve": false}}';
    expect(reportsOf(text, hostWith())).toEqual(['warning manifest-network-missing off.hocon']);
  });

  it("a network neuro-san cannot load is pointed at, at its own error, not said again", () => {
    const root = resolveHocon('{"broken.hocon": true}', { fileName: 'registries/manifest.hocon' }).value;
    const host: ManifestHost = { fileProblem: () => ({ exists: true, isNetwork: true, parses: false, firstError: 'registries/broken.hocon:4:1' }) };
    expect(readManifest(root, host).diagnostics.map((d) => `${d.severity} ${d.rule} ${d.message}`)).toEqual([
      "warning manifest-network-unreadable The manifest lists 'broken.hocon' (registries/broken.hocon), which neuro-san cannot load: see its error at registries/broken.hocon:4:1.",
    ]);
  });
});
