import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { workspace } from '../testSupport/cliRun';
import { neuroSanWorkingDirectory, neuroSanWorkingDirectoryOf } from './neuroSanFiles';

// The one rule for where neuro-san is taken to run, used by the CLI (--cwd) and the app (its preference).
describe('neuro-san\'s working directory for a file', () => {
  const dir = workspace({ 'project/registries/sub/tb.hocon': '', 'project/registries/top.hocon': '', 'loose/tb.hocon': '' });
  const inProject = path.join(dir, 'project', 'registries', 'sub', 'tb.hocon');
  const loose = path.join(dir, 'loose', 'tb.hocon');

  it('is the nearest folder upward holding registries/, else the file\'s own folder', () => {
    expect(neuroSanWorkingDirectoryOf(inProject)).toEqual({ path: path.join(dir, 'project'), why: 'registries' });
    expect(neuroSanWorkingDirectoryOf(path.join(dir, 'project', 'registries', 'top.hocon'))).toEqual({ path: path.join(dir, 'project'), why: 'registries' });
    expect(neuroSanWorkingDirectoryOf(loose)).toEqual({ path: path.join(dir, 'loose'), why: 'file-folder' });
  });

  it('is the chosen folder when one is set: a relative one from that default folder, an empty one is none', () => {
    expect(neuroSanWorkingDirectoryOf(inProject, 'registries')).toEqual({ path: path.join(dir, 'project', 'registries'), why: 'chosen' });
    expect(neuroSanWorkingDirectoryOf(loose, '..')).toEqual({ path: dir, why: 'chosen' });
    expect(neuroSanWorkingDirectoryOf(loose, '/srv/agents')).toEqual({ path: path.resolve('/srv/agents'), why: 'chosen' });
    expect(neuroSanWorkingDirectoryOf(inProject, '')).toEqual({ path: path.join(dir, 'project'), why: 'registries' });
  });

  it('on the command line: --cwd relative to where the command runs, else the project\'s root, else where it runs', () => {
    expect(neuroSanWorkingDirectory('project/registries/sub/tb.hocon', undefined, dir)).toBe(path.join(dir, 'project'));
    expect(neuroSanWorkingDirectory('loose/tb.hocon', undefined, dir)).toBe(dir);
    expect(neuroSanWorkingDirectory('loose/tb.hocon', 'project', dir)).toBe(path.join(dir, 'project'));
  });

  it("is the run settings' workingDirectory when the project's .toolbox-editor.json sets one, unless --cwd is given", () => {
    const set = workspace({ 'p/registries/tb.hocon': '', 'p/.toolbox-editor.json': '{"run": {"workingDirectory": "registries"}}', 'p/src/.keep': '' });
    const file = path.join(set, 'p', 'registries', 'tb.hocon');
    expect(neuroSanWorkingDirectoryOf(file)).toEqual({ path: path.join(set, 'p', 'registries'), why: 'project-file' });
    expect(neuroSanWorkingDirectoryOf(file, '../src')).toEqual({ path: path.join(set, 'p', 'registries'), why: 'project-file' });
    expect(neuroSanWorkingDirectory('p/registries/tb.hocon', undefined, set)).toBe(path.join(set, 'p', 'registries'));
    expect(neuroSanWorkingDirectory('p/registries/tb.hocon', 'p/src', set)).toBe(path.join(set, 'p', 'src'));
  });
});

