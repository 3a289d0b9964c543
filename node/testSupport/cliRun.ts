import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { runCli } from '../cli/main';
import { NEWEST_KNOWN_VERSION } from '../../shared/neurosan/versions/index';

/**
 * For tests: a private temporary folder holding `files` (names may contain folders; contents may be bytes), so
 * that tests can run in parallel without sharing anything.
 */
export function workspace(files: Record<string, string | Buffer>, prefix = 'toolbox-editor-test-'): string {
  const dir = mkdtempSync(path.join(tmpdir(), prefix));
  for (const [name, content] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(dir, name)), { recursive: true });
    writeFileSync(path.join(dir, name), content);
  }
  return dir;
}

/** For tests: runs the CLI in-process in `cwd` with only the environment given, and collects what it prints. */
export async function runCliIn(cwd: string, args: string[], env: Record<string, string | undefined> = {}) {
  const out = { stdout: '', stderr: '' };
  const code = await runCli(args, { stdout: (t) => void (out.stdout += t), stderr: (t) => void (out.stderr += t), cwd, env });
  return { code, ...out };
}

/** The line `validate` ends with for a file no pin, setting or interpreter dates: the newest release the editor knows. */
export const NEWEST_SUMMARY = `checked for neuro-san ${NEWEST_KNOWN_VERSION} (newest known: no neuro-san pin in requirements*.txt, pyproject.toml or setup.cfg: the newest release the editor knows)`;
