import { existsSync, lstatSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { toolboxTarget, type SavedCase } from '../../shared/run/index';
import { appRoot } from '../paths';
import { ProjectService } from '../project/projectService';
import { updateRunSection } from '../run/runSettingsWrite';
import { saveCase } from '../testcases/testCaseFile';
import { runCliIn } from '../testSupport/cliRun';
import { checkWriteBounds, landingOf, outputWriteRoot, WriteRefusedError } from './folderBounds';

// A project someone else made holds links committed to point outside it (at the user's own files): every write the
// editor makes stays in the project once links are resolved, and says which link it refused.
const made: string[] = [];
afterAll(() => made.forEach((dir) => rmSync(dir, { recursive: true, force: true })));
const temp = (prefix: string) => {
  const dir = mkdtempSync(path.join(os.tmpdir(), prefix));
  made.push(dir);
  return dir;
};

const MESSY = 'tool {\nclass = "a.B"\n}\n';

/** A project (a folder holding registries/) and, beside it, the user's own files a link points at. */
function projectWithOutside() {
  const project = temp('tbe-bounded-project-');
  mkdirSync(path.join(project, 'registries'));
  mkdirSync(path.join(project, 'toolbox'));
  const outside = temp('tbe-bounded-home-');
  return { project, outside };
}

function victimFile(outside: string, name: string, text: string): string {
  const file = path.join(outside, name);
  writeFileSync(file, text);
  return file;
}

describe.skipIf(process.platform === 'win32')('the one check of every write (folderBounds.ts)', () => {
  it('names the link a write would leave through and where it leads; follows a link that stays inside only when told', async () => {
    const { project, outside } = projectWithOutside();
    const victim = victimFile(outside, 'victim.hocon', MESSY);
    symlinkSync(victim, path.join(project, 'registries', 'x.hocon'));
    symlinkSync(outside, path.join(project, 'shared'));
    writeFileSync(path.join(project, 'registries', 'real.hocon'), MESSY);
    symlinkSync('real.hocon', path.join(project, 'registries', 'inside.hocon'));
    const bounds = { root: project, rootName: 'the project folder', finalLink: 'refuse' as const };

    const link = path.join(project, 'registries', 'x.hocon');
    await expect(checkWriteBounds(link, bounds)).rejects.toThrow(`${link} was not written: ${link} is a symbolic link to ${victim}, outside the project folder ${project}.`);
    const below = path.join(project, 'shared', 'new', 'file.json');
    await expect(checkWriteBounds(below, bounds)).rejects.toThrow(`${path.join(project, 'shared')} is a symbolic link to ${outside}, outside the project folder ${project}.`);
    expect((await landingOf(below, project)).linkOut).toEqual({ link: path.join(project, 'shared'), leadsTo: outside });
    // A dangling link counts as what it names: writing would create it there.
    symlinkSync(path.join(outside, 'created.json'), path.join(project, 'dangling.json'));
    await expect(checkWriteBounds(path.join(project, 'dangling.json'), { ...bounds, finalLink: 'follow' })).rejects.toThrow(WriteRefusedError);

    const inside = path.join(project, 'registries', 'inside.hocon');
    await expect(checkWriteBounds(inside, bounds)).rejects.toThrow(`${inside} was not written: it is a symbolic link to ${path.join(project, 'registries', 'real.hocon')}`);
    await expect(checkWriteBounds(inside, { ...bounds, finalLink: 'follow' })).resolves.toBe(path.join(project, 'registries', 'real.hocon'));
    // A project opened through a link of its own is still that project.
    symlinkSync(project, path.join(outside, 'project-link'));
    await expect(checkWriteBounds(path.join(outside, 'project-link', 'registries', 'new.hocon'), { ...bounds, root: path.join(outside, 'project-link') })).resolves.toBe(
      path.join(project, 'registries', 'new.hocon'),
    );
  });

  it("bounds a report by the working directory when it is named inside it, else by the folder named", () => {
    expect(outputWriteRoot('junit.xml', '/w')).toEqual({ root: '/w', rootName: 'the working directory' });
    expect(outputWriteRoot('/tmp/reports/junit.xml', '/w')).toEqual({ root: '/tmp/reports', rootName: 'the folder named' });
  });
});

describe.skipIf(process.platform === 'win32')('every writer refuses a committed link that leads out of the project', () => {
  it('format --write: neither a linked file nor a file under a linked folder is rewritten; a link inside the project is', async () => {
    const { project, outside } = projectWithOutside();
    const victim = victimFile(outside, 'victim.hocon', MESSY);
    symlinkSync(victim, path.join(project, 'registries', 'x.hocon'));
    symlinkSync(outside, path.join(project, 'registries', 'shared'));
    const run = await runCliIn(project, ['format', '--write', 'registries/x.hocon', 'registries/shared/victim.hocon']);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain(`registries/x.hocon: ${path.join(project, 'registries', 'x.hocon')} was not written: ${path.join(project, 'registries', 'x.hocon')} is a symbolic link to ${victim}, outside the project folder ${project}.`);
    expect(run.stderr).toContain(`registries/shared/victim.hocon: ${path.join(project, 'registries', 'shared', 'victim.hocon')} was not written: ${path.join(project, 'registries', 'shared')} is a symbolic link to ${outside}, outside the project folder ${project}.`);
    expect(readFileSync(victim, 'utf8')).toBe(MESSY);

    // A file of its own (no registries/ upward): its folder bounds it.
    const lone = temp('tbe-bounded-lone-');
    symlinkSync(victim, path.join(lone, 'tb.hocon'));
    expect(await runCliIn(lone, ['format', '--write', 'tb.hocon'])).toMatchObject({ code: 2, stderr: expect.stringContaining(`outside the file's folder ${lone}`) });
    expect(readFileSync(victim, 'utf8')).toBe(MESSY);

    // The project's own file under another name: written where it is, the link kept.
    writeFileSync(path.join(project, 'registries', 'real.hocon'), MESSY);
    symlinkSync('real.hocon', path.join(project, 'registries', 'alias.hocon'));
    expect(await runCliIn(project, ['format', '--write', 'registries/alias.hocon'])).toMatchObject({ code: 0, stdout: 'registries/alias.hocon: formatted\n' });
    expect(readFileSync(path.join(project, 'registries', 'real.hocon'), 'utf8')).toBe('tool {\n  class = "a.B"\n}\n');
    expect(lstatSync(path.join(project, 'registries', 'alias.hocon')).isSymbolicLink()).toBe(true);
  });

  it('set --write and unset --write leave the file a link leads to as it was', async () => {
    const { project, outside } = projectWithOutside();
    const victim = victimFile(outside, 'victim.hocon', MESSY);
    const link = path.join(project, 'toolbox', 'toolbox_info.hocon');
    symlinkSync(victim, link);
    const set = await runCliIn(project, ['set', 'toolbox/toolbox_info.hocon', 'tool.class', '"c.D"', '--write']);
    expect(set.code).toBe(1);
    expect(set.stderr).toContain(`${link} is a symbolic link to ${victim}, outside the project folder ${project}`);
    const unset = await runCliIn(project, ['unset', 'toolbox/toolbox_info.hocon', 'tool.class', '--write']);
    expect(unset.code).toBe(1);
    expect(unset.stderr).toContain(`${link} is a symbolic link to ${victim}, outside the project folder ${project}`);
    expect(readFileSync(victim, 'utf8')).toBe(MESSY);
  });

  it('test --junit: a committed junit.xml link, or a report folder linked out, is refused before any case runs', async () => {
    const { project, outside } = projectWithOutside();
    const victim = victimFile(outside, 'authorized_keys', 'ssh-ed25519 AAAA me\n');
    symlinkSync(victim, path.join(project, 'junit.xml'));
    // Cases that would run (none fails): without the check, the report replaced the file the link names.
    writeFileSync(path.join(project, 'toolbox', 'toolbox_info.hocon'), MESSY);
    writeFileSync(path.join(project, 'toolbox', 'toolbox_info.tests.json'), '{"version": 1, "cases": []}\n');
    const run = await runCliIn(project, ['test', 'toolbox/toolbox_info.hocon', '--junit', 'junit.xml']);
    expect(run.code).toBe(1);
    expect(run.stderr).toContain(`${path.join(project, 'junit.xml')} was not written: ${path.join(project, 'junit.xml')} is a symbolic link to ${victim}, outside the working directory ${project}.`);
    expect(readFileSync(victim, 'utf8')).toBe('ssh-ed25519 AAAA me\n');

    symlinkSync(outside, path.join(project, 'reports'));
    const below = await runCliIn(project, ['test', 'toolbox/toolbox_info.hocon', '--junit', 'reports/ci/junit.xml']);
    expect(below.code).toBe(1);
    expect(below.stderr).toContain(`${path.join(project, 'reports')} is a symbolic link to ${outside}, outside the working directory ${project}`);
    expect(readdirSync(outside)).toEqual(['authorized_keys']);

    // Even a link that stays inside is not written through: the report would replace the file it names.
    symlinkSync('toolbox/toolbox_info.hocon', path.join(project, 'report.xml'));
    const inside = await runCliIn(project, ['test', 'toolbox/toolbox_info.hocon', '--junit', 'report.xml']);
    expect(inside.stderr).toContain('does not write the JUnit report through a link');
    expect(readFileSync(path.join(project, 'toolbox', 'toolbox_info.hocon'), 'utf8')).toBe(MESSY);
  });

  const greet: SavedCase = { name: 'greets', request: { target: toolboxTarget('greet'), argsJson: '{}' }, expect: { content: 'hi' } };

  it('saved cases: not beside a toolbox whose folder is a link out of the project, nor through a link in their place', async () => {
    const { project, outside } = projectWithOutside();
    rmSync(path.join(project, 'toolbox'), { recursive: true });
    symlinkSync(outside, path.join(project, 'toolbox'));
    const file = path.join(project, 'toolbox', 'toolbox_info.tests.json');
    await expect(saveCase(file, greet)).rejects.toThrow(`${path.join(project, 'toolbox')} is a symbolic link to ${outside}, outside the project folder ${project}`);
    expect(readdirSync(outside)).toEqual([]);

    const { project: other } = projectWithOutside();
    writeFileSync(path.join(other, 'toolbox', 'real.tests.json'), '{"version": 1, "cases": []}\n');
    symlinkSync('real.tests.json', path.join(other, 'toolbox', 'toolbox_info.tests.json'));
    await expect(saveCase(path.join(other, 'toolbox', 'toolbox_info.tests.json'), greet)).rejects.toThrow(/is a symbolic link to .*real\.tests\.json, and Toolbox Editor does not write saved test cases through a link/);
    expect(readFileSync(path.join(other, 'toolbox', 'real.tests.json'), 'utf8')).toBe('{"version": 1, "cases": []}\n');
  });

  it('run settings (.toolbox-editor.json): a settings file that is a link is read, never written through', async () => {
    const { project, outside } = projectWithOutside();
    const victim = victimFile(outside, 'settings.json', '{"editor.fontSize": 12}\n');
    const link = path.join(project, '.toolbox-editor.json');
    symlinkSync(victim, link);
    await expect(updateRunSection(link, (run) => ({ ...run, timeoutSeconds: 5 }))).rejects.toThrow(`${link} was not written: ${link} is a symbolic link to ${victim}, outside the project folder ${project}`);
    expect(readFileSync(victim, 'utf8')).toBe('{"editor.fontSize": 12}\n');
  });

  it('a project rename names the linked folder a file would be reached through', async () => {
    const { project, outside } = projectWithOutside();
    const victim = victimFile(outside, 'agents.hocon', 'a = "lookup_weather"\n');
    symlinkSync(outside, path.join(project, 'registries', 'shared'));
    const edit = { file: 'registries/shared/agents.hocon', offset: 5, length: 15, newText: '"get_weather"', line: 1, before: 'a = "lookup_weather"', after: 'a = "get_weather"' };
    await expect(new ProjectService(project, {}).applyEdits(project, [edit])).rejects.toThrow(
      `registries/shared/agents.hocon is outside the project folder ${project} (it leads to ${victim} through the link ${path.join(project, 'registries', 'shared')})`,
    );
    expect(readFileSync(victim, 'utf8')).toBe('a = "lookup_weather"\n');
  });

  it('scaffold: a module root in the project that is a link out of it is refused, nothing made there', async () => {
    const { project, outside } = projectWithOutside();
    writeFileSync(path.join(project, 'toolbox', 'toolbox_info.hocon'), 'word_count { class = "new_tools.word_count.WordCount", description = "Counts words." }\n');
    symlinkSync(outside, path.join(project, 'coded_tools'));
    const env = { PATH: process.env.PATH, HOME: process.env.HOME };
    const run = await runCliIn(appRoot(), ['scaffold', path.join(project, 'toolbox', 'toolbox_info.hocon'), 'word_count', '--root', path.join(project, 'coded_tools')], env);
    expect(run.code).toBe(1);
    expect(run.stderr).toContain(`${path.join(project, 'coded_tools')} is a symbolic link to ${outside}, outside the project folder ${project}`);
    expect(readdirSync(outside)).toEqual([]);
    expect(existsSync(path.join(project, '.toolbox-editor.json'))).toBe(false);
  });
});
