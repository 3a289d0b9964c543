import { execFileSync, spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { baselineSide, compareToolboxes } from './compareToolbox';
import { fileAtRevision, repositoryOf, revisionsOf } from './gitRevision';
import { runGit, safeGitInvocation } from './safeGit';

// A repository someone else configured: every setting below names a script that records that it ran. Each test
// first shows that plain `git` runs the script (so the repository really is hostile), then that the editor's git does
// not, while the feature still works.
const root = mkdtempSync(path.join(os.tmpdir(), 'tbe-hostile-git-'));
const marker = path.join(root, 'marker');
const script = path.join(root, 'evil.sh');
writeFileSync(script, `#!/bin/sh\necho "$0 $*" >> '${marker}'\n`);
chmodSync(script, 0o755);
const cleanEnv = { ...process.env, GIT_CONFIG_GLOBAL: os.devNull, GIT_CONFIG_NOSYSTEM: '1' };

let repo = '';
let serial = 0;

/** Plain git, as a user at a terminal would run it in the hostile repository. */
function plainGit(cwd: string, ...args: string[]) {
  return spawnSync('git', ['-C', cwd, ...args], { encoding: 'utf8', env: cleanEnv });
}

function ran(): boolean {
  return existsSync(marker);
}

/** A repository with `toolbox.hocon` committed twice (tag v1, then main), signed-looking commits included. */
function makeRepo(): string {
  const dir = path.join(root, `repo${serial++}`);
  mkdirSync(dir);
  const git = (...args: string[]) => execFileSync('git', ['-C', dir, ...args], { encoding: 'utf8', env: cleanEnv });
  git('init', '-q', '-b', 'main');
  git('config', 'user.email', 'test@example.com');
  git('config', 'user.name', 'Test');
  writeFileSync(path.join(dir, 'toolbox.hocon'), 'weather { class = "w.Weather", description = "Tells the weather for a city" }\n');
  git('add', 'toolbox.hocon');
  git('commit', '-q', '-m', 'version 1');
  git('tag', 'v1');
  writeFileSync(path.join(dir, 'toolbox.hocon'), 'weather { class = "w.Weather", description = "Tells the weather for a city, today" }\n');
  git('add', 'toolbox.hocon');
  // A commit carrying a `gpgsig` header: `git log` with log.showSignature hands it to gpg.program to verify.
  const tree = git('write-tree').trim();
  const parent = git('rev-parse', 'HEAD').trim();
  const body = `tree ${tree}\nparent ${parent}\nauthor T <t@e> 1 +0000\ncommitter T <t@e> 1 +0000\ngpgsig -----BEGIN PGP SIGNATURE-----\n \n iQEz\n -----END PGP SIGNATURE-----\n\nversion 2, signed\n`;
  writeFileSync(path.join(root, 'commit'), body);
  const signed = git('hash-object', '-t', 'commit', '-w', path.join(root, 'commit')).trim();
  git('update-ref', 'refs/heads/main', signed);
  return dir;
}

const configure = (dir: string, ...pairs: [string, string][]) => {
  for (const [key, value] of pairs) execFileSync('git', ['-C', dir, 'config', key, value], { env: cleanEnv });
};

/** The editor's features on the repository: they work, and nothing the repository names runs. */
async function featuresWork(dir: string) {
  const file = path.join(dir, 'toolbox.hocon');
  expect(await repositoryOf(file)).toBe(dir);
  const revisions = await revisionsOf(file);
  expect(revisions.map((r) => r.title)).toEqual(expect.arrayContaining(['version 2, signed', 'version 1']));
  expect(await fileAtRevision(file, 'v1')).toContain('Tells the weather for a city"');
  const diff = await compareToolboxes(await baselineSide(file, { revision: 'v1' }, dir), { file, label: 'now' }, { cwd: dir, env: {}, noDefault: true });
  expect(diff.changes.map((c) => c.tool)).toEqual(['weather']);
  expect(ran()).toBe(false);
}

describe.skipIf(process.platform === 'win32')('git on a repository whose configuration names programs', () => {
  afterAll(() => rmSync(root, { recursive: true, force: true }));
  beforeEach(() => {
    rmSync(marker, { force: true });
    repo = makeRepo();
  });

  it('does not verify signatures with its gpg.program (log.showSignature=true)', async () => {
    configure(repo, ['log.showSignature', 'true'], ['gpg.program', script], ['gpg.ssh.program', script], ['gpg.x509.program', script]);
    plainGit(repo, 'log', '-2', '--format=%s', '--', 'toolbox.hocon');
    expect(ran()).toBe(true);
    rmSync(marker);
    expect(await runGit(repo, ['log', '-2', '--format=%s', '--', 'toolbox.hocon'])).toBe('version 2, signed\nversion 1\n');
    await featuresWork(repo);
  });

  it('does not run its core.fsmonitor hook', async () => {
    configure(repo, ['core.fsmonitor', script]);
    plainGit(repo, 'status');
    expect(ran()).toBe(true);
    rmSync(marker);
    await runGit(repo, ['status', '--short']);
    expect(ran()).toBe(false);
    await featuresWork(repo);
  });

  it('does not run its diff.external', async () => {
    configure(repo, ['diff.external', script]);
    plainGit(repo, 'diff', 'v1', 'main');
    expect(ran()).toBe(true);
    rmSync(marker);
    expect(await runGit(repo, ['diff', 'v1', 'main'])).toContain('+weather { class = "w.Weather", description = "Tells the weather for a city, today" }');
    await featuresWork(repo);
  });

  it('does not run a textconv driver its .gitattributes names', async () => {
    writeFileSync(path.join(repo, '.gitattributes'), '*.hocon diff=evil\n');
    configure(repo, ['diff.evil.textconv', script]);
    plainGit(repo, 'show', 'main');
    expect(ran()).toBe(true);
    rmSync(marker);
    expect(await runGit(repo, ['show', 'main'])).toContain('-weather { class = "w.Weather", description = "Tells the weather for a city" }');
    expect(await runGit(repo, ['log', '-p', '-1'])).toContain('+weather');
    await featuresWork(repo);
  });

  it('does not run a filter driver its .gitattributes names', async () => {
    writeFileSync(path.join(repo, '.gitattributes'), '*.hocon filter=evil\n');
    configure(repo, ['filter.evil.clean', script], ['filter.evil.smudge', script]);
    writeFileSync(path.join(repo, 'toolbox.hocon'), 'weather { class = "w.Weather", description = "Tells the weather for a city, tomorrow" }\n');
    plainGit(repo, 'add', 'toolbox.hocon');
    expect(ran()).toBe(true);
    rmSync(marker);
    await featuresWork(repo);
  });

  it('does not run its hooks (core.hooksPath)', async () => {
    const hooks = path.join(repo, 'hooks');
    mkdirSync(hooks);
    for (const hook of ['pre-commit', 'post-index-change', 'reference-transaction', 'post-checkout', 'pre-auto-gc']) writeFileSync(path.join(hooks, hook), `#!/bin/sh\nexec '${script}' ${hook}\n`, { mode: 0o755 });
    configure(repo, ['core.hooksPath', hooks]);
    plainGit(repo, 'commit', '-q', '--allow-empty', '-m', 'hooked');
    expect(ran()).toBe(true);
    rmSync(marker);
    await runGit(repo, ['commit', '-q', '--allow-empty', '-m', 'not hooked']);
    expect(ran()).toBe(false);
    await featuresWork(repo);
  });

  it.skipIf(spawnSync('script', ['--version']).error !== undefined)('does not run its pager, even on a terminal', async () => {
    configure(repo, ['core.pager', script], ['pager.log', script], ['pager.show', script]);
    const quote = (arg: string) => `'${arg.replaceAll("'", `'\\''`)}'`;
    // `script` gives git a terminal, the only place a pager starts.
    const onTerminal = (argv: string[], env: NodeJS.ProcessEnv) => spawnSync('script', ['-qec', argv.map(quote).join(' '), os.devNull], { encoding: 'utf8', env });
    onTerminal(['git', '-C', repo, 'log', '-1'], cleanEnv);
    expect(ran()).toBe(true);
    rmSync(marker);
    const safe = safeGitInvocation(repo, ['log', '-1', '--format=%s']);
    expect(onTerminal([safe.file, ...safe.args], safe.env).stdout).toContain('version 2, signed');
    expect(ran()).toBe(false);
    await featuresWork(repo);
  });

  it('fetches nothing: no ssh command, remote helper or upload-pack of its own', async () => {
    configure(repo, ['remote.a.url', 'ssh://example.invalid/x'], ['core.sshCommand', script], ['remote.b.url', `ext::${script} %S`], ['protocol.ext.allow', 'always']);
    plainGit(repo, 'fetch', 'a');
    plainGit(repo, 'fetch', 'b');
    const runs = readFileSync(marker, 'utf8');
    expect(runs).toContain('example.invalid');
    expect(runs).toMatch(/evil\.sh git-upload-pack$/m);
    rmSync(marker);
    await expect(runGit(repo, ['fetch', 'a'])).rejects.toThrow(/transport 'ssh' not allowed/);
    await expect(runGit(repo, ['fetch', 'b'])).rejects.toThrow(/transport 'ext' not allowed/);
    expect(ran()).toBe(false);
    await featuresWork(repo);
  });

  it('does not lazily fetch a partial clone with its remote.<name>.uploadpack', async () => {
    plainGit(repo, 'config', 'uploadpack.allowFilter', 'true');
    const clone = path.join(root, `clone${serial++}`);
    expect(plainGit(root, 'clone', '-q', '--filter=blob:none', `file://${repo}`, clone).status).toBe(0);
    configure(clone, ['remote.origin.uploadpack', script], ['protocol.file.allow', 'always']);
    const file = path.join(clone, 'toolbox.hocon');
    plainGit(clone, 'cat-file', 'blob', 'v1:./toolbox.hocon');
    expect(ran()).toBe(true);
    rmSync(marker);
    await expect(fileAtRevision(file, 'v1')).rejects.toThrow('cannot read toolbox.hocon at v1: this partial clone does not hold it, and the editor fetches nothing');
    expect(await fileAtRevision(file, 'main')).toContain('today');
    expect((await revisionsOf(file)).map((r) => r.name)).toEqual(expect.arrayContaining(['main', 'v1']));
    expect(ran()).toBe(false);
  });

  it('does not use a bare repository committed inside the project', async () => {
    const bare = path.join(root, `bare${serial++}.git`);
    expect(plainGit(root, 'clone', '-q', '--bare', repo, bare).status).toBe(0);
    configure(bare, ['log.showSignature', 'true'], ['gpg.program', script]);
    writeFileSync(path.join(bare, 'toolbox.hocon'), 'weather { class = "w.Weather" }\n');
    plainGit(bare, 'log', '-1');
    expect(ran()).toBe(true);
    rmSync(marker);
    expect(await repositoryOf(path.join(bare, 'toolbox.hocon'))).toBeNull();
    await expect(runGit(bare, ['log', '-1'])).rejects.toThrow(/bare repository/);
    expect(ran()).toBe(false);
  });

  it('works with every one of those settings at once', async () => {
    writeFileSync(path.join(repo, '.gitattributes'), '*.hocon diff=evil filter=evil\n');
    configure(
      repo,
      ['log.showSignature', 'true'],
      ['gpg.program', script],
      ['core.fsmonitor', script],
      ['diff.external', script],
      ['diff.evil.textconv', script],
      ['filter.evil.clean', script],
      ['filter.evil.smudge', script],
      ['core.pager', script],
      ['core.hooksPath', root],
      ['core.sshCommand', script],
      ['credential.helper', script],
      ['core.askPass', script],
    );
    await featuresWork(repo);
  });

  it('ignores the caller’s GIT_* variables that would redirect git', async () => {
    process.env.GIT_DIR = path.join(root, 'nowhere');
    process.env.GIT_EXTERNAL_DIFF = script;
    try {
      expect(await runGit(repo, ['diff', 'v1', 'main'])).toContain('+weather');
      await featuresWork(repo);
    } finally {
      delete process.env.GIT_DIR;
      delete process.env.GIT_EXTERNAL_DIFF;
    }
  });
});
