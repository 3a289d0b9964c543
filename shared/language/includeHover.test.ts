import { describe, expect, it } from 'vitest';
import { includeAt, includeFileToOpen, includeHoverLines } from './includeHover';
import type { IncludeTarget } from '../toolbox/index';

type AnalysedInclude = IncludeTarget;
const app = { chooser: 'the run settings or Preferences', opener: 'Ctrl/Cmd+click' };

const at = (offset: number) => ({ offset, line: 1, column: offset + 1 });
const include = (fields: Partial<AnalysedInclude>): AnalysedInclude => ({ range: { start: at(0), end: at(20) }, target: 'a.hocon', ...fields });

describe('the hover on an include', () => {
  it('says which file neuro-san reads from its working directory, and the spec\'s file where it differs', () => {
    const lines = includeHoverLines(
      include({ neuroSan: { path: '/x/a.hocon', found: true, dependsOnCwd: true }, spec: { read: ['/x/registries/sub/a.hocon'], tried: ['/x/registries/sub/a.hocon'] } }),
      { workingDirectory: { path: '/x', why: 'registries' }, ...app },
    );
    expect(lines).toEqual([
      'neuro-san reads `/x/a.hocon` (found in its working directory `/x`)',
      'That folder is the nearest folder with registries/; the run settings or Preferences can set another (neuro-san\'s working directory).',
      'The specification reads `/x/registries/sub/a.hocon`.',
      'Ctrl/Cmd+click opens `/x/a.hocon`.',
    ]);
  });

  it('says where it was looked for when neither reading finds it, and offers nothing to open', () => {
    const missing = include({ neuroSan: { path: '/x/a.hocon', found: false, dependsOnCwd: true }, spec: { read: [], tried: ['/x/sub/a.hocon', '/x/a.hocon'] } });
    expect(includeHoverLines(missing, { workingDirectory: { path: '/x', why: 'chosen' }, ...app })).toEqual([
      'neuro-san finds no `/x/a.hocon` (it looks in its working directory `/x` only) and skips this include',
      'That folder is set in Preferences (neuro-san\'s working directory).',
      'The specification finds none either (looked for `/x/sub/a.hocon`, `/x/a.hocon`).',
    ]);
    expect(includeFileToOpen(missing)).toBeUndefined();
  });

  it('opens the spec\'s file when only the specification finds one; finds the include under the pointer', () => {
    const specOnly = include({ neuroSan: { path: '/x/a.hocon', found: false, dependsOnCwd: true }, spec: { read: ['/x/sub/a.hocon'], tried: ['/x/sub/a.hocon'] } });
    expect(includeFileToOpen(specOnly)).toBe('/x/sub/a.hocon');
    expect(includeAt([specOnly], 5)).toBe(specOnly);
    expect(includeAt([specOnly], 21)).toBeUndefined();
  });
});
