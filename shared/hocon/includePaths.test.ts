import { describe, expect, it } from 'vitest';
import { foldSegments, normalizePath, pathWithin } from './includePaths';

describe('normalizePath', () => {
  it('returns a path as it is only when folding its segments gives it back, for every path of up to 6 characters from a small alphabet', () => {
    const alphabet = ['a', '.', '/', '\\', 'C', ':', '\n'];
    let paths = [''];
    let checked = 0;
    for (let length = 0; length <= 6; length++) {
      for (const path of paths) {
        expect(normalizePath(path), JSON.stringify(path)).toBe(foldSegments(path));
        checked++;
      }
      paths = paths.flatMap((p) => alphabet.map((c) => p + c));
    }
    expect(checked).toBeGreaterThan(100_000);
  });

  it('folds what needs it and keeps a normal path', () => {
    expect(normalizePath('/p/registries/./a//b/../c.hocon')).toBe('/p/registries/a/c.hocon');
    expect(normalizePath('../x/y')).toBe('../x/y');
    expect(normalizePath('a/')).toBe('a');
    expect(normalizePath('/')).toBe('/');
    expect(normalizePath('')).toBe('.');
    expect(normalizePath('C:\\p\\.\\a')).toBe('C:\\p\\a');
    expect(normalizePath('/../a')).toBe('/a');
    expect(normalizePath('a/../../b')).toBe('../b');
    expect(normalizePath('a/..')).toBe('.');
    expect(normalizePath('a\\b\\..')).toBe('a');
    expect(normalizePath('a\\b/c')).toBe('a/b/c');
    expect(normalizePath('C:')).toBe('C:.');
  });
});

describe('pathWithin', () => {
  it('the part under the folder, else the path as it is; a root of . gives the path', () => {
    expect(pathWithin('backend', 'backend/registries/x.hocon')).toBe('registries/x.hocon');
    expect(pathWithin('./backend/', 'backend/./registries/x.hocon')).toBe('registries/x.hocon');
    expect(pathWithin('/p/proj', '/p/proj/toolbox/toolbox_info.hocon')).toBe('toolbox/toolbox_info.hocon');
    expect(pathWithin('backend', 'backend2/x.hocon')).toBe('backend2/x.hocon');
    expect(pathWithin('.', 'registries/x.hocon')).toBe('registries/x.hocon');
    expect(pathWithin('C:\\p', 'C:\\p\\registries\\x.hocon')).toBe('registries/x.hocon');
  });
});
