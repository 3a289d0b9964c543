import { describe, expect, it } from 'vitest';
import { normalizePath } from './includePaths';

/** normalizePath as it was before paths already normal were returned as they are: the oracle. */
function normalizedBySegments(path: string): string {
  const separator = path.includes('\\') && !path.includes('/') ? '\\' : '/';
  const drive = /^[A-Za-z]:/.test(path) ? path.slice(0, 2) : '';
  const rest = path.slice(drive.length);
  const absolute = rest.startsWith('/') || rest.startsWith('\\');
  const out: string[] = [];
  for (const part of rest.split(/[\\/]+/)) {
    if (part === '' || part === '.') continue;
    if (part === '..' && out.length > 0 && out[out.length - 1] !== '..') out.pop();
    else if (part === '..' && absolute) continue;
    else out.push(part);
  }
  const body = out.join(separator);
  return drive + (absolute ? separator : '') + (body === '' && !absolute ? '.' : body);
}

describe('normalizePath', () => {
  it('gives what folding the segments gives, for every path of up to 6 characters from a small alphabet', () => {
    const alphabet = ['a', '.', '/', '\\', 'C', ':', '\n'];
    let paths = [''];
    let checked = 0;
    for (let length = 0; length <= 6; length++) {
      for (const path of paths) {
        expect(normalizePath(path), JSON.stringify(path)).toBe(normalizedBySegments(path));
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
  });
});
