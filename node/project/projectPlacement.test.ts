import { mkdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { workspace } from '../testSupport/cliRun';
import { projectPlacementOf } from './projectPlacement';

afterEach(() => vi.useRealTimers());

// The app and the language server ask at every keystroke (several times each): a folder's placement is walked for once
// per REUSE_MS, as the project's file list and shipped runs are.
describe('projectPlacementOf, kept briefly', () => {
  it('answers from what it found for 2 s, then looks again', () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const dir = workspace({ 'registries/manifest.hocon': '{}\n', 'tests/registries/manifest.hocon': '{}\n' });
    const folder = path.join(dir, 'tests', 'registries');
    expect(projectPlacementOf(folder)).toEqual({ root: path.join(dir, 'tests'), alsoFrom: dir });
    // The outer registries/ goes: within 2 s the answer kept, with no walk to `/`.
    rmSync(path.join(dir, 'registries'), { recursive: true });
    vi.advanceTimersByTime(1500);
    expect(projectPlacementOf(folder)).toEqual({ root: path.join(dir, 'tests'), alsoFrom: dir });
    expect(projectPlacementOf(`${folder}/`)).toEqual({ root: path.join(dir, 'tests'), alsoFrom: dir });
    vi.advanceTimersByTime(600);
    expect(projectPlacementOf(folder)).toEqual({ root: path.join(dir, 'tests') });
    // A folder in no project is kept too (its walk reaches `/`).
    const none = path.join(dir, 'elsewhere');
    mkdirSync(none);
    expect(projectPlacementOf(none)).toBeUndefined();
    mkdirSync(path.join(none, 'registries'));
    expect(projectPlacementOf(none)).toBeUndefined();
    vi.advanceTimersByTime(2001);
    expect(projectPlacementOf(none)).toEqual({ root: none });
  });
});
