import { readFileSync, readdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCliIn, workspace as makeWorkspace } from '../../testSupport/cliRun';

const cli = (args: string[], cwd: string) => runCliIn(cwd, args, { GREETING: 'hi' });

const workspace = (files: Record<string, string | Buffer>) => makeWorkspace(files, 'hocon-cli-');

const TEXT = '# tools\n{\n  # a tool\n  "t": { "description": "old" }, // trailing\n  "u": 1\n}\n';

describe('HOCON CLI commands', () => {
  it('print gives the file back byte for byte', async () => {
    const dir = workspace({ 'a.hocon': TEXT });
    expect(await cli(['print', 'a.hocon'], dir)).toEqual({ code: 0, stdout: TEXT, stderr: '' });
  });

  it('resolve prints one value, or one JSON line per file with positioned errors', async () => {
    const dir = workspace({ 'a.conf': 'include "b.conf"\nx = ${y} ${GREETING}\n', 'b.conf': 'y = 1.0\n', 'bad.conf': 'a = ${nope}\n' });
    const one = await cli(['resolve', 'a.conf'], dir);
    expect(one.code).toBe(0);
    expect(JSON.parse(one.stdout)).toEqual({ y: 1, x: '1.0 hi' });
    const many = await cli(['resolve', 'a.conf', 'bad.conf'], dir);
    expect(many.code).toBe(1);
    const lines = many.stdout.trim().split('\n').map((line) => JSON.parse(line));
    expect(lines[0]).toEqual({ file: 'a.conf', ok: true, json: { y: 1, x: '1.0 hi' } });
    expect(lines[1]).toMatchObject({ file: 'bad.conf', ok: false, error: { line: 1, column: 5 } });
  });

  it('set prints the edit, and --write replaces the file atomically', async () => {
    const dir = workspace({ 'a.hocon': TEXT });
    const printed = await cli(['set', 'a.hocon', 't.description', '"new"'], dir);
    expect(printed.stdout).toBe(TEXT.replace('"old"', '"new"'));
    expect(readFileSync(path.join(dir, 'a.hocon'), 'utf8')).toBe(TEXT);
    expect((await cli(['set', 'a.hocon', 't.description', '"new"', '--write'], dir)).code).toBe(0);
    expect(readFileSync(path.join(dir, 'a.hocon'), 'utf8')).toBe(TEXT.replace('"old"', '"new"'));
    expect(readdirSync(dir)).toEqual(['a.hocon']); // no temporary file left behind
  });

  it('set --write of a new tool in a file of quoted keys leaves a file neuro-san reads', async () => {
    // Found setting `new_tool.class` in neuro-san-studio's toolbox: `"new_tool"."class": ...` was written, which pyhocon
    // refuses ("Expected '{' | '=' | ':' | '+=' after the key").
    const dir = workspace({ 'tb.hocon': '{\n    "a": {\n        "class": "x.y.Z"\n    },\n}\n' });
    expect((await cli(['set', 'tb.hocon', 'new_tool.class', '"p.m.C"', '--write'], dir)).code).toBe(0);
    const read = await cli(['resolve', 'tb.hocon', '--as', 'neuro-san'], dir);
    expect(read.stderr).toBe('');
    expect(JSON.parse(read.stdout)).toEqual({ a: { class: 'x.y.Z' }, new_tool: { class: 'p.m.C' } });
  });

  it('set refuses a VALUE that is not HOCON, and leaves the file alone', async () => {
    const dir = workspace({ 'a.hocon': TEXT });
    const result = await cli(['set', 'a.hocon', 'u', '{ unclosed', '--write'], dir);
    expect(result.code).toBe(2);
    expect(readFileSync(path.join(dir, 'a.hocon'), 'utf8')).toBe(TEXT);
  });

  it('set refuses a VALUE with a comment after it: the comment would swallow the rest of its line', async () => {
    const dir = workspace({ 'a.hocon': '{ t { description = "old" } }\n' });
    const result = await cli(['set', 'a.hocon', 't.description', '"new" # why', '--write'], dir);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('nothing after it (no comment)');
    expect(readFileSync(path.join(dir, 'a.hocon'), 'utf8')).toBe('{ t { description = "old" } }\n');
  });

  it('set and unset refuse a file that already has syntax errors, and say where they are', async () => {
    const broken = '{\n  t { description = "old" }\n  u = \n}\n';
    const dir = workspace({ 'a.hocon': broken });
    for (const args of [['set', 'a.hocon', 't.description', '"new"', '--write'], ['unset', 'a.hocon', 't', '--write']]) {
      const result = await cli(args, dir);
      expect(result.code).toBe(1);
      expect(result.stderr).toContain('has syntax errors; fix them first (nothing was changed)');
      expect(result.stderr).toContain('a.hocon:4:1: error: Expecting a value after');
      expect(readFileSync(path.join(dir, 'a.hocon'), 'utf8')).toBe(broken);
    }
  });

  it('a missing file or one that is not UTF-8 is reported in plain words', async () => {
    const dir = workspace({});
    writeFileSync(path.join(dir, 'latin1.hocon'), Buffer.from([0x61, 0x20, 0x3d, 0x20, 0xe9, 0x0a]));
    const missing = await cli(['print', 'nowhere.hocon'], dir);
    expect(missing).toMatchObject({ code: 1, stdout: '' });
    expect(missing.stderr).toContain(`No file at ${path.join(dir, 'nowhere.hocon')}.`);
    const latin1 = await cli(['set', 'latin1.hocon', 'a', '1', '--write'], dir);
    expect(latin1.code).toBe(1);
    expect(latin1.stderr).toContain('is not UTF-8 text (invalid byte at offset 4)');
  });

  it('set and unset refuse, with the reason, an edit that would not leave the file resolving to exactly that change', async () => {
    const files = { 'a.hocon': 'a { x = 1 }\na { y = 2 }\n', 'l.hocon': 'a = [ {x = 1}, {x = 2} ]\n', 's.hocon': 'x = 1\ny = ${x}\n' };
    const dir = workspace(files);
    const merged = await cli(['set', 'a.hocon', 'a', '{z:1}', '--write'], dir);
    expect(merged.code).toBe(1);
    expect(merged.stderr).toContain(`'a.x' would still be 1`);
    const list = await cli(['set', 'l.hocon', 'a.1.x', '5', '--write'], dir);
    expect(list.code).toBe(1);
    expect(list.stderr).toContain(`'a' is a list (line 1), not an object`);
    const broken = await cli(['unset', 's.hocon', 'x', '--write'], dir);
    expect(broken.code).toBe(1);
    expect(broken.stderr).toContain(`removing 'x' would leave the file with an error — line 2:`);
    for (const [name, text] of Object.entries(files)) expect(readFileSync(path.join(dir, name), 'utf8')).toBe(text);
  });

  it('unset removes the entry with its comment lines', async () => {
    const dir = workspace({ 'a.hocon': TEXT });
    const result = await cli(['unset', 'a.hocon', 't', '--write'], dir);
    expect(result.code).toBe(0);
    expect(readFileSync(path.join(dir, 'a.hocon'), 'utf8')).toBe('# tools\n{\n  "u": 1\n}\n');
  });
});
