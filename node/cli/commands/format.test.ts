import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCliIn, workspace as makeWorkspace } from '../../testSupport/cliRun';

const cli = (args: string[], cwd: string) => runCliIn(cwd, args, {});
const workspace = (files: Record<string, string>) => makeWorkspace(files, 'format-cli-');
const read = (dir: string, file: string) => readFileSync(path.join(dir, file), 'utf8');

/** Indented by 4, but for one line (7) and a tool whose separator lacks its blanks. */
const MESSY = 'tools {\n    web {\n        class = "a.B"\n       args {\n            key="x"\n        }\n    }\n}\n';
const TIDY = 'tools {\n    web {\n        class = "a.B"\n        args {\n            key = "x"\n        }\n    }\n}\n';
const TABS = 'tools {\n\tweb {\n\t\tclass = "a.B"\n\t}\n}\n';

describe('toolbox-editor format', () => {
  it('prints the formatted text of one file, in its own indentation', async () => {
    const dir = workspace({ 'toolbox.hocon': MESSY });
    expect(await cli(['format', 'toolbox.hocon'], dir)).toEqual({ code: 0, stdout: TIDY, stderr: '' });
  });

  it('--check exits 1 naming the files that would change, and writes nothing', async () => {
    const dir = workspace({ 'a.hocon': MESSY, 'b.hocon': TIDY, 'c.hocon': TABS });
    const result = await cli(['format', '--check', 'a.hocon', 'b.hocon', 'c.hocon'], dir);
    expect(result).toEqual({ code: 1, stdout: 'a.hocon: would be reformatted\n', stderr: '1 of 3 files would be reformatted.\n' });
    expect(read(dir, 'a.hocon')).toBe(MESSY);
    // A file indented by 4 stays indented by 4, one indented by tabs stays so.
    expect(await cli(['format', '--check', 'b.hocon', 'c.hocon'], dir)).toEqual({ code: 0, stdout: '', stderr: 'All 2 files are formatted.\n' });
  });

  it('--write replaces the files that change', async () => {
    const dir = workspace({ 'a.hocon': MESSY });
    expect(await cli(['format', '--write', 'a.hocon'], dir)).toEqual({ code: 0, stdout: 'a.hocon: formatted\n', stderr: '1 of 1 file was reformatted.\n' });
    expect(read(dir, 'a.hocon')).toBe(TIDY);
  });

  it('formats the .hocon files of a folder, . included, as validate DIR finds them', async () => {
    const dir = workspace({
      'registries/a.hocon': MESSY,
      'registries/b.hocon': TIDY,
      'toolbox/toolbox_info.hocon': TABS,
      'node_modules/pkg/x.hocon': MESSY,
      '.git/y.hocon': MESSY,
      'notes.conf': MESSY,
    });
    expect(await cli(['format', '--check', '.'], dir)).toEqual({ code: 1, stdout: 'registries/a.hocon: would be reformatted\n', stderr: '1 of 3 files would be reformatted.\n' });
    expect(await cli(['format', '--check', 'registries'], dir)).toMatchObject({ code: 1, stdout: 'registries/a.hocon: would be reformatted\n' });
    expect(await cli(['format', '--check', 'registries'], path.join(dir, 'toolbox'))).toMatchObject({ code: 2, stderr: expect.stringContaining('registries:') });
    expect((await cli(['format', '.'], dir)).stderr).toContain('a DIR or several FILEs need --check or --write');
    expect(await cli(['format', '--write', '.'], dir)).toMatchObject({ code: 0, stdout: 'registries/a.hocon: formatted\n' });
    expect(read(dir, 'registries/a.hocon')).toBe(TIDY);
    expect(read(dir, 'node_modules/pkg/x.hocon')).toBe(MESSY);
    expect(await cli(['format', '--check', '.'], dir)).toEqual({ code: 0, stdout: '', stderr: 'All 3 files are formatted.\n' });
  });

  it('takes indentation, separator and commas from .editorconfig over the file, flags over both', async () => {
    const dir = workspace({
      '.editorconfig': 'root = true\n[*]\nindent_size = 8\n[*.hocon]\nindent_style = space\nindent_size = 4\nhocon_separator = :\nhocon_commas = add\n',
      'sub/a.hocon': 'a {\n  b = 1\n  c = 2\n}\n',
    });
    expect((await cli(['format', 'sub/a.hocon'], dir)).stdout).toBe('a {\n    b: 1,\n    c: 2\n}\n');
    expect((await cli(['format', 'sub/a.hocon', '--indent', 'tab', '--separator', '='], dir)).stdout).toBe('a {\n\tb = 1,\n\tc = 2\n}\n');
    expect((await cli(['format', 'sub/a.hocon', '--indent', '2', '--separator', 'preserve', '--commas', 'preserve'], dir)).stdout).toBe('a {\n  b = 1\n  c = 2\n}\n');
  });

  it('leaves blanks at line ends and the end of the file unless told', async () => {
    const text = 'a {\n  b = 1   \n}';
    const dir = workspace({ 'a.hocon': text, 'trim/.editorconfig': '[*]\ntrim_trailing_whitespace = true\ninsert_final_newline = true\n', 'trim/b.hocon': text });
    expect((await cli(['format', 'a.hocon'], dir)).stdout).toBe(text);
    expect((await cli(['format', 'a.hocon', '--trim-trailing-whitespace', '--final-newline'], dir)).stdout).toBe('a {\n  b = 1\n}\n');
    expect((await cli(['format', 'trim/b.hocon'], dir)).stdout).toBe('a {\n  b = 1\n}\n');
  });

  it('does not format a file that does not parse, and says where', async () => {
    const dir = workspace({ 'bad.hocon': 'a {\n  b = [1, 2\n}\n', 'good.hocon': TIDY });
    const result = await cli(['format', '--write', 'bad.hocon'], dir);
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(/^bad\.hocon:3:1: Cannot format: /);
    expect(read(dir, 'bad.hocon')).toBe('a {\n  b = [1, 2\n}\n');
    // Not counted as formatted.
    expect((await cli(['format', '--check', '.'], dir)).stderr).toMatch(/\n0 of 2 files would be reformatted; 1 could not be checked\.\n$/);
  });
});
