import { chmodSync, linkSync, mkdirSync, lstatSync, mkdtempSync, readdirSync, readFileSync, readlinkSync, statSync, symlinkSync, utimesSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { beforeEach, describe, expect, it } from 'vitest';
import { runCliIn } from '../testSupport/cliRun';
import { writeTextFile } from './textFiles';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'tbe-save-keeps-'));
});

const TOOLBOX = 'tool {\n  class = "a.B"\n}\n';
const setWrite = (file: string) => runCliIn(dir, ['set', file, 'tool.class', '"c.D"', '--write']);

describe.skipIf(process.platform === 'win32')('a save keeps the file as it was', () => {
  it('set --write leaves a 664 file 664, and a setgid 2775 one 2775, whatever the umask', async () => {
    const file = path.join(dir, 'tb.hocon');
    writeFileSync(file, TOOLBOX);
    chmodSync(file, 0o664);
    expect(await setWrite('tb.hocon')).toMatchObject({ code: 0 });
    expect(readFileSync(file, 'utf8')).toContain('"c.D"');
    expect((statSync(file).mode & 0o7777).toString(8)).toBe('664');
    chmodSync(file, 0o2775);
    await writeTextFile(file, TOOLBOX);
    expect((statSync(file).mode & 0o7777).toString(8)).toBe('2775');
  });

  it('refuses to write over a 0444 file, saying why, and leaves it alone', async () => {
    const file = path.join(dir, 'tb.hocon');
    writeFileSync(file, TOOLBOX);
    chmodSync(file, 0o444);
    const r = await setWrite('tb.hocon');
    expect(r.code).not.toBe(0);
    expect(r.stderr).toContain('is read-only (mode 0444)');
    expect(readFileSync(file, 'utf8')).toBe(TOOLBOX);
    expect(statSync(file).mode & 0o777).toBe(0o444);
  });

  it('keeps a symlink a link, even a dangling one, and writes its target', async () => {
    const target = path.join(dir, 'real.hocon');
    writeFileSync(target, TOOLBOX);
    symlinkSync('real.hocon', path.join(dir, 'link.hocon'));
    expect(await setWrite('link.hocon')).toMatchObject({ code: 0 });
    expect(lstatSync(path.join(dir, 'link.hocon')).isSymbolicLink()).toBe(true);
    expect(readFileSync(target, 'utf8')).toContain('"c.D"');

    symlinkSync('not-yet.hocon', path.join(dir, 'dangling.hocon'));
    await writeTextFile(path.join(dir, 'dangling.hocon'), TOOLBOX);
    expect(readlinkSync(path.join(dir, 'dangling.hocon'))).toBe('not-yet.hocon');
    expect(readFileSync(path.join(dir, 'not-yet.hocon'), 'utf8')).toBe(TOOLBOX);
  });

  it('keeps hard links: every name sees the new text', async () => {
    const file = path.join(dir, 'tb.hocon');
    writeFileSync(file, TOOLBOX);
    linkSync(file, path.join(dir, 'other-name.hocon'));
    await writeTextFile(file, 'x = 1\n');
    expect(readFileSync(path.join(dir, 'other-name.hocon'), 'utf8')).toBe('x = 1\n');
    expect(statSync(file).nlink).toBe(2);
    expect(readdirSync(dir).sort()).toEqual(['other-name.hocon', 'tb.hocon']);
  });

  it('removes the temporary files an interrupted save left, and no other file', async () => {
    const file = path.join(dir, 'tb.hocon');
    writeFileSync(file, TOOLBOX);
    const stale = path.join(dir, '.tb.hocon.0123456789ab.tmp');
    const unrelated = path.join(dir, '.other.hocon.0123456789ab.tmp');
    for (const name of [stale, unrelated]) {
      writeFileSync(name, 'half a save');
      utimesSync(name, new Date(Date.now() - 3600_000), new Date(Date.now() - 3600_000));
    }
    await writeTextFile(file, 'x = 1\n');
    expect(readdirSync(dir).sort()).toEqual(['.other.hocon.0123456789ab.tmp', 'tb.hocon']);
  });
});

describe.skipIf(process.platform === 'win32')('state files are private to the user', () => {
  /** Every folder and file under `root`, with its permission bits in octal. */
  function modesUnder(root: string): Record<string, string> {
    const modes: Record<string, string> = {};
    const walk = (p: string) => {
      const st = statSync(p);
      modes[path.relative(root, p) || '.'] = (st.mode & 0o777).toString(8);
      if (st.isDirectory()) for (const n of readdirSync(p)) walk(path.join(p, n));
    };
    walk(root);
    return modes;
  }

  async function writeAllState(stateDir: string): Promise<void> {
    const { HistoryStore } = await import('../history/historyStore');
    const { RecoveryStore } = await import('../state/recovery');
    const { PreferencesStore } = await import('../state/preferences');
    const { RecentFiles } = await import('../state/userState');
    await new RecoveryStore(stateDir).save('/x/tb.hocon', 'unsaved text');
    await new PreferencesStore(stateDir).set({ python: 'python3' });
    await new RecentFiles(stateDir).add('/x/tb.hocon');
    await new HistoryStore(stateDir).add('/x/tb.hocon', {
      id: 'h1',
      at: new Date(0).toISOString(),
      request: { target: { kind: 'toolbox', tool: 't' }, argsJson: '{}', slyData: { secret: 1 } },
      result: { content: '', truncated: false, isError: false, contentType: 'text', durationMs: 1, slyData: null },
    });
  }

  it('writes history, recovery, preferences and recent files 0600 in folders 0700', async () => {
    const stateDir = path.join(dir, 'state');
    await writeAllState(stateDir);
    const modes = modesUnder(stateDir);
    expect(Object.keys(modes).length).toBeGreaterThanOrEqual(7);
    for (const [name, mode] of Object.entries(modes)) expect([name, mode]).toEqual([name, statSync(path.join(stateDir, name)).isDirectory() ? '700' : '600']);
  });

  it('makes an earlier version\'s 0755 subfolders private, and leaves a state folder the user chose alone', async () => {
    mkdirSync(path.join(dir, 'recovery'), { mode: 0o755 });
    chmodSync(path.join(dir, 'recovery'), 0o755);
    chmodSync(dir, 0o755);
    await writeAllState(dir);
    const modes = modesUnder(dir);
    expect(modes['.']).toBe('755');
    expect(modes.recovery).toBe('700');
    expect(modes.history).toBe('700');
    expect(modes['preferences.json']).toBe('600');
  });
});
