import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { resolveFile, toJson } from '../../shared/hocon/index';
import { fileIncludeHost } from './fileIncludeHost';
import { workspace as makeWorkspace } from '../testSupport/cliRun';

const LATIN1 = Buffer.from('a = "caf\xe9"\n', 'latin1');

const workspace = (files: Record<string, string | Buffer>) => makeWorkspace(files, 'include-host-');

const resolve = (dir: string, file: string) => resolveFile(path.join(dir, file), { host: fileIncludeHost, baseDir: dir });

describe('reading HOCON files from the disk', () => {
  it('refuses a file that is not UTF-8 at file:1:1, in the words used when the app opens it', () => {
    const dir = workspace({ 'latin1.hocon': LATIN1 });
    const result = resolve(dir, 'latin1.hocon');
    expect(result.ok).toBe(false);
    expect(result.diagnostics.map((d) => [d.file, d.line, d.column, d.severity, d.message])).toEqual([
      [path.join(dir, 'latin1.hocon'), 1, 1, 'error', `${path.join(dir, 'latin1.hocon')} is not UTF-8 text (invalid byte at offset 8); it was not opened so that no byte is lost.`],
    ]);
  });

  it('says a folder given as the file is a folder', () => {
    const dir = workspace({ 'tools.hocon/keep': '' });
    const result = resolve(dir, 'tools.hocon');
    expect(result.diagnostics.map((d) => [d.line, d.column, d.message])).toEqual([[1, 1, `${path.join(dir, 'tools.hocon')} is a folder, not a file.`]]);
  });

  it('refuses an included file that is not UTF-8, even an optional one, at the include', () => {
    const dir = workspace({ 'main.hocon': 'x = 1\ninclude "latin1.hocon"\n', 'latin1.hocon': LATIN1 });
    const result = resolve(dir, 'main.hocon');
    expect(result.ok).toBe(false);
    expect(result.diagnostics.map((d) => [d.file, d.line, d.column, d.severity, d.message])).toEqual([
      [path.join(dir, 'main.hocon'), 2, 1, 'error', `${path.join(dir, 'latin1.hocon')} is not UTF-8 text (invalid byte at offset 8); it was not opened so that no byte is lost.`],
    ]);
    expect(toJson(result.value)).toEqual({ x: 1 });
  });

  it('looks past a folder that has an included name, as pyhocon does with a path it cannot open', () => {
    const dir = workspace({ 'main.hocon': 'include "common"\n', 'common/keep': '', 'common.conf': 'c = 1\n' });
    const result = resolve(dir, 'main.hocon');
    expect(result.diagnostics).toEqual([]);
    expect(toJson(result.value)).toEqual({ c: 1 });
  });
});
