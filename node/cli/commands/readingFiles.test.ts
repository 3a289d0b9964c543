import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { NEWEST_SUMMARY, runCliIn, workspace as makeWorkspace } from '../../testSupport/cliRun';

// Every command reads its files by the same rules as print, set and unset (node/files/textFiles): strict UTF-8,
// a folder called a folder, and the same plain words.

const LATIN1 = Buffer.from('a = "caf\xe9"\n', 'latin1');

const workspace = (files: Record<string, string | Buffer>) => makeWorkspace(files, 'cli-reading-');

const cli = (args: string[], cwd: string) => runCliIn(cwd, args);

const notUtf8 = (file: string) => `${file} is not UTF-8 text (invalid byte at offset 8); it was not opened so that no byte is lost.`;

describe('files that are not UTF-8 text, and folders', () => {
  it('resolve refuses a FILE that is not UTF-8 instead of printing U+FFFD', async () => {
    const dir = workspace({ 'latin1.hocon': LATIN1 });
    const file = path.join(dir, 'latin1.hocon');
    expect(await cli(['resolve', 'latin1.hocon'], dir)).toEqual({ code: 1, stdout: '', stderr: `${file}:1:1: error: ${notUtf8(file)}\n` });
  });

  it('resolve refuses an included file that is not UTF-8, at the include', async () => {
    const dir = workspace({ 'main.hocon': 'include "latin1.hocon"\n', 'latin1.hocon': LATIN1 });
    const result = await cli(['resolve', 'main.hocon'], dir);
    expect(result.code).toBe(1);
    expect(result.stderr).toBe(`${path.join(dir, 'main.hocon')}:1:1: error: ${notUtf8(path.join(dir, 'latin1.hocon'))}\n`);
  });

  it('validate, tools and catalog report a FILE that is not UTF-8 at file:1:1 and exit 1', async () => {
    const dir = workspace({ 'latin1.hocon': LATIN1 });
    const line = `latin1.hocon:1:1 error hocon ${notUtf8(path.join(dir, 'latin1.hocon'))}\n`;
    expect(await cli(['validate', 'latin1.hocon'], dir)).toEqual({ code: 1, stdout: `${line}${NEWEST_SUMMARY}\n`, stderr: '' });
    const tools = await cli(['tools', 'latin1.hocon', '--json'], dir);
    expect([tools.code, tools.stderr]).toEqual([1, line]);
    const catalog = await cli(['catalog', 'latin1.hocon'], dir);
    expect([catalog.code, catalog.stderr]).toEqual([1, line]);
  });

  it('validate reports an included file that is not UTF-8', async () => {
    const dir = workspace({ 'tb.hocon': 'mine { class = "a.b.C" }\ninclude "latin1.hocon"\n', 'latin1.hocon': LATIN1 });
    const result = await cli(['validate', 'tb.hocon', '--no-default'], dir);
    expect(result.code).toBe(1);
    expect(result.stdout).toContain(`tb.hocon:2:1 error hocon ${notUtf8(path.join(dir, 'latin1.hocon'))}\n`);
  });

  it('a folder given as FILE is called a folder, not "File not found"', async () => {
    const dir = workspace({ 'tb.hocon/keep': '' });
    const said = `${path.join(dir, 'tb.hocon')} is a folder, not a file.`;
    expect(await cli(['resolve', 'tb.hocon'], dir)).toMatchObject({ code: 1, stderr: `${path.join(dir, 'tb.hocon')}:1:1: error: ${said}\n` });
    expect(await cli(['validate', 'tb.hocon'], dir)).toMatchObject({ code: 1, stdout: `tb.hocon:1:1 error hocon ${said}\n${NEWEST_SUMMARY}\n` });
    expect(await cli(['tools', 'tb.hocon'], dir)).toMatchObject({ code: 1, stderr: `tb.hocon:1:1 error hocon ${said}\n` });
  });

  it('catalog and render read templates, their includes and the context strictly too, as Jinja2 does', async () => {
    const latin1Template = Buffer.from('caf\xe9 {{ tools | length }}\n', 'latin1');
    const dir = workspace({
      'tb.hocon': 't { class = "m.C", description = "d" }\n',
      'latin1.jinja2': latin1Template,
      'including.jinja2': 'Tools:\n{% include "latin1.jinja2" %}\n',
      'context.json': '{}',
      'latin1.json': Buffer.from('{"a": "caf\xe9"}', 'latin1'),
    });
    const template = path.join(dir, 'latin1.jinja2');
    const said = `${template} is not UTF-8 text (invalid byte at offset 3); it was not opened so that no byte is lost.`;
    expect(await cli(['catalog', 'tb.hocon', '--no-default', '--template', 'latin1.jinja2'], dir)).toEqual({
      code: 1,
      stdout: '',
      stderr: `toolbox-editor catalog: cannot read the template: ${said}\n`,
    });
    expect(await cli(['render', 'latin1.jinja2', '--context', 'context.json'], dir)).toEqual({ code: 1, stdout: '', stderr: `toolbox-editor render: ${said}\n` });
    const included = await cli(['render', 'including.jinja2', '--context', 'context.json'], dir);
    expect(included).toEqual({ code: 1, stdout: '', stderr: `including.jinja2:2:4 error jinja-loader ${said}\n` });
    const context = await cli(['render', 'including.jinja2', '--context', 'latin1.json'], dir);
    expect([context.code, context.stderr]).toEqual([1, `toolbox-editor render: ${path.join(dir, 'latin1.json')} is not UTF-8 text (invalid byte at offset 10); it was not opened so that no byte is lost.\n`]);
  });
});

