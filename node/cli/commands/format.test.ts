import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCliIn, workspace as makeWorkspace } from '../../testSupport/cliRun';

const cli = (args: string[], cwd: string) => runCliIn(cwd, args, {});
const workspace = (files: Record<string, string>) => makeWorkspace(files, 'format-cli-');

const MESSY = '# tools\ntools {\n    # a tool\n  web {class="a.B", args={ key = "x" }   }\n}\n';
const TIDY = '# tools\ntools {\n  # a tool\n  web {class = "a.B", args = { key = "x" }   }\n}\n';

describe('toolbox-editor format', () => {
  it('prints the formatted text of one file', async () => {
    const dir = workspace({ 'toolbox.hocon': MESSY });
    expect(await cli(['format', 'toolbox.hocon'], dir)).toEqual({ code: 0, stdout: TIDY, stderr: '' });
  });

  it('--check exits 1 naming the files that would change, and writes nothing', async () => {
    const dir = workspace({ 'a.hocon': MESSY, 'b.hocon': TIDY });
    const result = await cli(['format', '--check', 'a.hocon', 'b.hocon'], dir);
    expect(result).toMatchObject({ code: 1, stdout: 'a.hocon: would be reformatted\n' });
    expect(readFileSync(path.join(dir, 'a.hocon'), 'utf8')).toBe(MESSY);
    expect((await cli(['format', '--check', 'b.hocon'], dir)).code).toBe(0);
  });

  it('--write replaces the files that change', async () => {
    const dir = workspace({ 'a.hocon': MESSY });
    expect((await cli(['format', '--write', 'a.hocon'], dir)).code).toBe(0);
    expect(readFileSync(path.join(dir, 'a.hocon'), 'utf8')).toBe(TIDY);
  });

  it('takes indentation, separator and commas from .editorconfig, flags over it', async () => {
    const dir = workspace({
      '.editorconfig': 'root = true\n[*]\nindent_size = 8\n[*.hocon]\nindent_style = space\nindent_size = 4\nhocon_separator = :\nhocon_commas = add\n',
      'sub/a.hocon': 'a {\nb = 1\nc = 2\n}\n',
    });
    expect((await cli(['format', 'sub/a.hocon'], dir)).stdout).toBe('a {\n    b: 1,\n    c: 2\n}\n');
    expect((await cli(['format', 'sub/a.hocon', '--indent', 'tab', '--separator', '='], dir)).stdout).toBe('a {\n\tb = 1,\n\tc = 2\n}\n');
  });

  it('does not format a file that does not parse, and says where', async () => {
    const dir = workspace({ 'bad.hocon': 'a {\n  b = [1, 2\n}\n' });
    const result = await cli(['format', '--write', 'bad.hocon'], dir);
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(/^bad\.hocon:3:1: Cannot format: /);
    expect(readFileSync(path.join(dir, 'bad.hocon'), 'utf8')).toBe('a {\n  b = [1, 2\n}\n');
  });
});
