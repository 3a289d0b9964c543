import { describe, expect, it } from 'vitest';
import { factsFor } from '../neurosan/versions/index';
import { version } from '../neurosan/versions/version';
import { manifestFilesNamed } from './manifestList';

const named = (value: string, release: string, delimiter = ':') => manifestFilesNamed(value, factsFor(version(release)), delimiter);

describe('manifestFilesNamed: the manifests AGENT_MANIFEST_FILE names, as each neuro-san release splits it', () => {
  const list = 'registries/manifest.hocon registries/overlay.hocon';

  it('is the whole value up to 0.6.21, split at spaces from 0.6.23 (PR #648), at os.pathsep from 0.6.70 (PR #1100)', () => {
    expect(named(list, '0.6.21')).toEqual([list]);
    expect(named(list, '0.6.23')).toEqual(['registries/manifest.hocon', 'registries/overlay.hocon']);
    expect(named(list, '0.6.69')).toEqual(['registries/manifest.hocon', 'registries/overlay.hocon']);
    // From 0.6.70 a space is part of a path: one file, which a studio Dockerfile of the space era still writes.
    expect(named(list, '0.6.70')).toEqual([list]);
    expect(named('a.hocon:b.hocon', '0.6.95')).toEqual(['a.hocon', 'b.hocon']);
    expect(named('a.hocon;b.hocon', '0.6.95', ';')).toEqual(['a.hocon', 'b.hocon']);
  });

  it('in the window where the release is not known (0.6.22) names what either side names', () => {
    expect(named(list, '0.6.22')).toEqual([list, 'registries/manifest.hocon', 'registries/overlay.hocon']);
  });

  it('names nothing for an empty part', () => {
    expect(named('a.hocon::b.hocon', '0.6.95')).toEqual(['a.hocon', 'b.hocon']);
  });
});
