/**
 * The one way the editor runs `git`: on a repository it did not make, whose configuration may name programs. Git
 * honours a repository's `.git/config` (and an embedded bare repository's `config`), so a cloned or unpacked project
 * could have `git log` verify "signatures" with its own `gpg.program`, or a lazy fetch run its own `uploadpack`.
 *
 * Every setting that can start a program is overridden on the command line (which wins over every file), the user's
 * and the system's configuration are not read (reading needs neither, and the result is the same on every machine),
 * no transport is allowed (nothing is fetched, so no ssh, credential helper or upload-pack runs), and no shell,
 * pager, terminal prompt or standard input is involved. Settings whose name the repository chooses (a textconv or
 * filter driver from `.gitattributes`) cannot be overridden by name: the diff-producing commands get
 * `--no-textconv --no-ext-diff`, and the editor runs no command that applies filters (checkout, add, status).
 */
import { execFile } from 'node:child_process';
import os from 'node:os';

/** A path that is not a program: a setting pointed at it starts nothing. */
const NOT_A_PROGRAM = os.devNull;

/** `-c` overrides for every setting that can start a program in the commands the editor runs (and the neighbours). */
export const SAFE_GIT_CONFIG: readonly (readonly [string, string])[] = [
  ['core.fsmonitor', 'false'],
  ['core.hooksPath', NOT_A_PROGRAM],
  ['core.pager', 'cat'],
  ['core.sshCommand', NOT_A_PROGRAM],
  ['core.askPass', ''],
  ['credential.helper', ''],
  ['log.showSignature', 'false'],
  ['gpg.program', NOT_A_PROGRAM],
  ['gpg.openpgp.program', NOT_A_PROGRAM],
  ['gpg.x509.program', NOT_A_PROGRAM],
  ['gpg.ssh.program', NOT_A_PROGRAM],
  ['diff.external', ''],
  ['protocol.allow', 'never'],
  ['submodule.recurse', 'false'],
  ['gc.auto', '0'],
  ['maintenance.auto', 'false'],
  // A bare repository found by walking up (one committed inside a project) is refused, as git's own hardening advises.
  ['safe.bareRepository', 'explicit'],
];

/** Subcommands that can produce a diff, and so could run an external diff or a textconv driver. */
const DIFF_COMMANDS = new Set(['log', 'show', 'diff', 'whatchanged']);

export interface GitInvocation {
  file: 'git';
  args: string[];
  env: NodeJS.ProcessEnv;
}

/** The command line and environment that run `git -C cwd ...args` safely (exported for the tests). */
export function safeGitInvocation(cwd: string, args: readonly string[]): GitInvocation {
  const [command, ...rest] = args;
  const options = command !== undefined && DIFF_COMMANDS.has(command) ? ['--no-textconv', '--no-ext-diff'] : [];
  if (command === 'log' || command === 'show') options.push('--no-show-signature');
  const env: NodeJS.ProcessEnv = {};
  // The caller's GIT_* variables (GIT_DIR, GIT_EXTERNAL_DIFF, GIT_CONFIG_PARAMETERS...) would redirect or extend git.
  for (const [key, value] of Object.entries(process.env)) if (!key.startsWith('GIT_')) env[key] = value;
  Object.assign(env, {
    GIT_CONFIG_NOSYSTEM: '1',
    GIT_CONFIG_GLOBAL: os.devNull,
    GIT_TERMINAL_PROMPT: '0',
    GIT_OPTIONAL_LOCKS: '0',
    // No transport at all (overrides a repository's `protocol.file.allow=always`), and no lazy fetch in a partial clone.
    GIT_ALLOW_PROTOCOL: '',
    GIT_NO_LAZY_FETCH: '1',
  });
  return {
    file: 'git',
    args: ['--no-pager', ...SAFE_GIT_CONFIG.flatMap(([key, value]) => ['-c', `${key}=${value}`]), '-C', cwd, ...(command === undefined ? [] : [command, ...options, ...rest])],
    env,
  };
}

/** git's reason, without the warnings before it: its `fatal:` or `error:` lines, else all it said. */
function gitMessage(stderr: string): string {
  const lines = stderr.trim().split('\n');
  const reasons = lines.filter((line) => /^(fatal|error): /.test(line));
  return (reasons.length > 0 ? reasons : lines).map((line) => line.replace(/^(fatal|error): /, '')).join('\n').trim();
}

/** Runs git in `cwd` as `safeGitInvocation` says; the output, or an error whose message is git's own sentence. */
export function runGit(cwd: string, args: readonly string[]): Promise<string> {
  const { file, args: argv, env } = safeGitInvocation(cwd, args);
  return new Promise((resolve, reject) => {
    const child = execFile(file, argv, { encoding: 'utf8', env, maxBuffer: 256 * 1024 * 1024, timeout: 30_000, windowsHide: true }, (error, stdout, stderr) => {
      if (!error) resolve(stdout);
      else if ((error as NodeJS.ErrnoException).code === 'ENOENT') reject(new Error('the git command is not installed: only file-to-file comparison is possible'));
      else if (error.killed) reject(new Error('git did not answer within 30 s'));
      else reject(new Error(gitMessage(stderr) || error.message));
    });
    child.stdin?.end();
  });
}
