import { spawn } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { bundleEntry } from '../testSupport/bundleEntry';

// The executable as it ships: bin.ts bundled from the current sources (as scripts/build.mjs does), run as a process.
const here = path.dirname(fileURLToPath(import.meta.url));
const dir = mkdtempSync(path.join(os.tmpdir(), 'toolbox-editor-bin-'));
const bundle = path.join(dir, 'toolbox-editor.cjs');

beforeAll(async () => {
  await bundleEntry(path.join(here, 'bin.ts'), bundle, new URL('../../node/cli/x.cjs', import.meta.url));
  // Thousands of problems: far more output than a pipe holds, so the CLI is still writing when the reader leaves.
  const lines = Array.from({ length: 5000 }, (_, i) => `t${i} { class = "x" }`);
  writeFileSync(path.join(dir, 'many.hocon'), `${lines.join('\n')}\n`);
}, 60_000);

/** Runs the CLI and closes its `closed` stream after its first output (or at once), as `| head -1` does. */
function runWithReaderGone(args: string[], closed: 'stdout' | 'stderr'): Promise<{ code: number | null; signal: string | null; otherOutput: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [bundle, ...args], { cwd: dir, stdio: ['ignore', 'pipe', 'pipe'] });
    const gone = closed === 'stdout' ? child.stdout : child.stderr;
    const other = closed === 'stdout' ? child.stderr : child.stdout;
    let otherOutput = '';
    other.on('data', (chunk: Buffer) => (otherOutput += chunk.toString()));
    if (closed === 'stdout') gone.once('data', () => gone.destroy());
    else gone.destroy();
    child.on('error', reject);
    child.on('close', (code, signal) => resolve({ code, signal, otherOutput }));
  });
}

/** Runs the CLI with its output read to the end through pipes, slowly, as a pager or a CI log reads it. */
function runToTheEnd(args: string[]): Promise<{ code: number | null; stdout: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [bundle, ...args], { cwd: dir, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    child.stdout.on('data', (chunk: Buffer) => {
      stdout += chunk.toString();
      // The reader falls behind: the CLI's writes wait for room in the pipe while it is done computing.
      child.stdout.pause();
      setTimeout(() => child.stdout.resume(), 1);
    });
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout }));
  });
}

describe('the toolbox-editor executable', () => {
  it('ends as soon as it is done, with all of its output written and its exit code', async () => {
    const result = await runToTheEnd(['validate', 'many.hocon']);
    expect(result.code).toBe(1);
    const lines = result.stdout.trimEnd().split('\n');
    expect(lines.filter((l) => / error /.test(l))).toHaveLength(5000);
    expect(lines.at(-1)).toMatch(/^checked for neuro-san /);
  }, 30_000);

  it('stops quietly when the reader of its output goes away (| head), with no stack trace', async () => {
    const result = await runWithReaderGone(['validate', 'many.hocon'], 'stdout');
    expect(result).toEqual({ code: 141, signal: null, otherOutput: '' });
  }, 30_000);

  it('stops quietly when its error output is closed', async () => {
    const result = await runWithReaderGone(['tools', 'missing.hocon'], 'stderr');
    expect(result).toMatchObject({ code: 141, signal: null });
  }, 30_000);
});
