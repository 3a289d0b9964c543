/**
 * Reads a file as it was at a git revision, with the `git` command (every machine with a repository has it; a
 * library would re-implement pack reading for one `git cat-file`), run through `safeGit` so that a repository's
 * configuration starts no program. Errors are plain sentences for the user.
 */
import path from 'node:path';
import { runGit as git } from './safeGit';

/** The top folder of the repository `file` is in, or null when it is in none. */
export async function repositoryOf(file: string): Promise<string | null> {
  try {
    return (await git(path.dirname(file), ['rev-parse', '--show-toplevel'])).trim();
  } catch {
    return null;
  }
}

/** Whether `name` names a commit in the repository `folder` is in (a sha, a branch, a tag, HEAD~3...). */
export async function isRevision(folder: string, name: string): Promise<boolean> {
  if (name.startsWith('-')) return false;
  try {
    await git(folder, ['rev-parse', '--verify', '--quiet', '--end-of-options', `${name}^{commit}`]);
    return true;
  } catch {
    return false;
  }
}

/** The text of `file` (absolute) at `revision` (a commit, branch or tag). */
export async function fileAtRevision(file: string, revision: string): Promise<string> {
  if (revision.startsWith('-')) throw new Error(`'${revision}' is not a revision`);
  const top = await repositoryOf(file);
  if (top === null) throw new Error(`${file} is not inside a git repository: compare it with another file instead`);
  try {
    // `./name` is relative to -C's folder, so the path needs no translation to the repository's top. `cat-file blob`
    // prints the stored bytes: no textconv, no filter, and a folder or a missing file is an error.
    return await git(path.dirname(file), ['cat-file', 'blob', `${revision}:./${path.basename(file)}`]);
  } catch (error) {
    if (/promisor remote/.test((error as Error).message)) {
      throw new Error(`cannot read ${path.basename(file)} at ${revision}: this partial clone does not hold it, and the editor fetches nothing (run git fetch yourself)`, { cause: error });
    }
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
