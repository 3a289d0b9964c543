import { mkdtempSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from '../main';

async function cli(args: string[], cwd: string) {
  let stdout = '';
  let stderr = '';
  const code = await runCli(args, { stdout: (t) => (stdout += t), stderr: (t) => (stderr += t), cwd, env: { GREETING: 'hi' } });
  return { code, stdout, stderr };
}

function workspace(files: Record<string, string>): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'hocon-cli-'));
  for (const [name, text] of Object.entries(files)) writeFileSync(path.join(dir, name), text);
  return dir;
}

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

  it('set refuses a VALUE that is not HOCON, and leaves the file alone', async () => {
    const dir = workspace({ 'a.hocon': TEXT });
    const result = await cli(['set', 'a.hocon', 'u', '{ unclosed', '--write'], dir);
    expect(result.code).toBe(2);
    expect(readFileSync(path.join(dir, 'a.hocon'), 'utf8')).toBe(TEXT);
  });

  it('unset removes the entry with its comment lines', async () => {
    const dir = workspace({ 'a.hocon': TEXT });
    const result = await cli(['unset', 'a.hocon', 't', '--write'], dir);
    expect(result.code).toBe(0);
    expect(readFileSync(path.join(dir, 'a.hocon'), 'utf8')).toBe('# tools\n{\n  "u": 1\n}\n');
  });
});
