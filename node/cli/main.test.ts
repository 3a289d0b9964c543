import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { runCli } from './main';

function io() {
  const out = { stdout: '', stderr: '' };
  return {
    out,
    io: { stdout: (t: string) => (out.stdout += t), stderr: (t: string) => (out.stderr += t), cwd: process.cwd(), env: {} },
  };
}

describe('toolbox-editor CLI', () => {
  it('prints the version of package.json', async () => {
    const { out, io: cli } = io();
    expect(await runCli(['--version'], cli)).toBe(0);
    const pkg = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version: string };
    expect(out.stdout).toBe(`${pkg.version}\n`);
  });

  it('lists its commands in --help and refuses an unknown one with exit code 2', async () => {
    const help = io();
    expect(await runCli(['--help'], help.io)).toBe(0);
    expect(help.out.stdout).toMatch(/^ {2}web {2,}start browser mode/m);
    const bad = io();
    expect(await runCli(['frobnicate'], bad.io)).toBe(2);
    expect(bad.out.stderr).toContain("unknown command 'frobnicate'");
  });

  it('shows a command usage on a bad option', async () => {
    const { out, io: cli } = io();
    expect(await runCli(['web', '--port', 'abc'], cli)).toBe(2);
    expect(out.stderr).toContain('--port must be a number');
    expect(out.stderr).toContain('Usage: toolbox-editor web');
  });
});
