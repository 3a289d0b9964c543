/**
 * Reads a file as it was at a git revision, with the `git` command (every machine with a repository has it; a
 * library would re-implement pack reading for one `git show`). Errors are plain sentences for the user.
 */
import { execFile } from 'node:child_process';
import path from 'node:path';

function git(cwd: string, args: string[]): Promise<string> {
  return new Promise((resolve, reject) => {
    execFile('git', ['-C', cwd, ...args], { encoding: 'utf8', maxBuffer: 256 * 1024 * 1024 }, (error, stdout, stderr) => {
      if (!error) resolve(stdout);
      else if ((error as NodeJS.ErrnoException).code === 'ENOENT') reject(new Error('the git command is not installed: only file-to-file comparison is possible'));
      else reject(new Error(stderr.trim().replace(/^fatal: /, '') || error.message));
    });
  });
}

/** The top folder of the repository `file` is in, or null when it is in none. */
export async function repositoryOf(file: string): Promise<string | null> {
  try {
    return (await git(path.dirname(file), ['rev-parse', '--show-toplevel'])).trim();
  } catch {
    return null;
  }
}

/** The text of `file` (absolute) at `revision` (a commit, branch or tag). */
export async function fileAtRevision(file: string, revision: string): Promise<string> {
  if (revision.startsWith('-')) throw new Error(`'${revision}' is not a revision`);
  const top = await repositoryOf(file);
  if (top === null) throw new Error(`${file} is not inside a git repository: compare it with another file instead`);
  try {
    // `./name` is relative to -C's folder, so the path needs no translation to the repository's top.
    return await git(path.dirname(file), ['show', `${revision}:./${path.basename(file)}`]);
  } catch (error) {
    throw new Error(`cannot read ${path.basename(file)} at ${revision}: ${(error as Error).message}`, { cause: error });
  }
}

/** Branches, tags and the last commits, for the "Compare with…" picker. */
export async function revisionsOf(file: string, commits = 20): Promise<{ name: string; kind: 'branch' | 'tag' | 'commit'; title: string }[]> {
  const dir = path.dirname(file);
  const refs = await git(dir, ['for-each-ref', '--sort=-committerdate', '--format=%(refname)%09%(subject)', 'refs/heads', 'refs/tags']);
  const out: { name: string; kind: 'branch' | 'tag' | 'commit'; title: string }[] = [];
  for (const line of refs.split('\n').filter(Boolean)) {
    const [ref, title = ''] = line.split('\t');
    if (ref!.startsWith('refs/heads/')) out.push({ name: ref!.slice('refs/heads/'.length), kind: 'branch', title });
    else out.push({ name: ref!.slice('refs/tags/'.length), kind: 'tag', title });
  }
  const log = await git(dir, ['log', `-${commits}`, '--format=%h%x09%s', '--', path.basename(file)]).catch(() => '');
  for (const line of log.split('\n').filter(Boolean)) {
    const [hash, title = ''] = line.split('\t');
    out.push({ name: hash!, kind: 'commit', title });
  }
  return out;
}
