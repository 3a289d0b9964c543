import { chmodSync, cpSync, mkdirSync, mkdtempSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../shared/api/contract';
import { NEWEST_SUMMARY, runCliIn } from '../testSupport/cliRun';
import { ProjectService } from './projectService';

const fixture = path.resolve(__dirname, '../../fixtures/project');

function copyOfFixture(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'toolbox-editor-project-'));
  cpSync(fixture, dir, { recursive: true });
  return dir;
}

describe('ProjectService', () => {
  it('opens a project from a file inside it, and renames a tool across it as one set, undone as one', async () => {
    const dir = copyOfFixture();
    const service = new ProjectService(dir, {});
    const view = await service.open('registries/weather.hocon');
    expect(view.root).toBe(dir);
    expect(view.files.find((f) => f.path === 'registries/aaosa.hocon')).toMatchObject({ kind: 'fragment', reason: 'says it is not a network' });

    const files = ['toolbox/toolbox_info.hocon', 'registries/weather.hocon', 'registries/reports.hocon'].map((f) => path.join(dir, f));
    const before = files.map((f) => readFileSync(f, 'utf8'));
    const { edits } = await service.renamePreview(dir, 'lookup_weather', 'get_weather');
    expect(edits).toHaveLength(3);
    const applied = await service.applyEdits(dir, edits);
    expect(applied.files.sort()).toEqual([...files].sort());
    expect(files.map((f) => readFileSync(f, 'utf8'))).toEqual(before.map((t) => t.replaceAll('"lookup_weather"', '"get_weather"')));
    expect((await service.open(dir)).tools.find((t) => t.name === 'get_weather')?.users).toHaveLength(2);

    await service.undoEdits(applied.undoId);
    expect(files.map((f) => readFileSync(f, 'utf8'))).toEqual(before);
    await expect(service.undoEdits(applied.undoId)).rejects.toThrow(/Nothing to undo/);
  });

  it('applies nothing when a file changed since the preview, and undoes nothing when one changed since the rename', async () => {
    const dir = copyOfFixture();
    const service = new ProjectService(dir, {});
    const weather = path.join(dir, 'registries/weather.hocon');
    const toolbox = path.join(dir, 'toolbox/toolbox_info.hocon');
    const toolboxBefore = readFileSync(toolbox, 'utf8');
    const { edits } = await service.renamePreview(dir, 'lookup_weather', 'get_weather');
    writeFileSync(weather, readFileSync(weather, 'utf8').replace('"toolbox": "lookup_weather"', '"toolbox": "send_report"'));
    await expect(service.applyEdits(dir, edits)).rejects.toBeInstanceOf(ApiError);
    expect(readFileSync(toolbox, 'utf8')).toBe(toolboxBefore);

    const fresh = await service.renamePreview(dir, 'lookup_weather', 'get_weather');
    const applied = await service.applyEdits(dir, fresh.edits);
    writeFileSync(toolbox, `${readFileSync(toolbox, 'utf8')}\n# edited by hand\n`);
    await expect(service.undoEdits(applied.undoId)).rejects.toThrow(/was changed after the rename/);
    expect(readFileSync(toolbox, 'utf8')).toContain('"get_weather"');
  });
});

describe('a rename across the project changes its own files, all or none', () => {
  const renamed = ['toolbox/toolbox_info.hocon', 'registries/weather.hocon', 'registries/reports.hocon'];

  it('leaves every file as it was when a network is read-only', async () => {
    const dir = copyOfFixture();
    const service = new ProjectService(dir, {});
    const files = renamed.map((f) => path.join(dir, f));
    const before = files.map((f) => readFileSync(f, 'utf8'));
    chmodSync(path.join(dir, 'registries/reports.hocon'), 0o444);
    const { edits } = await service.renamePreview(dir, 'lookup_weather', 'get_weather');
    await expect(service.applyEdits(dir, edits)).rejects.toThrow(/reports\.hocon is read-only .* No file was changed\./);
    expect(files.map((f) => readFileSync(f, 'utf8'))).toEqual(before);
  });

  it('refuses a path outside the project, through a link out of it, or a file that is not HOCON', async () => {
    const dir = copyOfFixture();
    const outside = mkdtempSync(path.join(tmpdir(), 'toolbox-editor-outside-'));
    const victim = path.join(outside, 'victim.hocon');
    writeFileSync(victim, 'a = "lookup_weather"\n');
    symlinkSync(victim, path.join(dir, 'registries', 'linked.hocon'));
    writeFileSync(path.join(dir, 'coded_tools', 'tool.py'), 'x = "lookup_weather"\n');
    const service = new ProjectService(dir, {});
    const edit = (file: string) => ({ file, offset: 5, length: 15, newText: '"get_weather"', line: 1, before: 'a = "lookup_weather"', after: 'a = "get_weather"' });
    const relativeVictim = path.relative(dir, victim);
    await expect(service.applyEdits(dir, [edit(relativeVictim)])).rejects.toThrow(/is outside the project folder/);
    await expect(service.applyEdits(dir, [edit(victim)])).rejects.toThrow(/is outside the project folder/);
    await expect(service.applyEdits(dir, [edit('registries/linked.hocon')])).rejects.toThrow(`registries/linked.hocon is outside the project folder ${dir} (it leads to ${victim})`);
    await expect(service.applyEdits(dir, [edit('coded_tools/tool.py')])).rejects.toThrow(/is not a HOCON file/);
    expect(readFileSync(victim, 'utf8')).toBe('a = "lookup_weather"\n');
  });

  it('refuses a rename that would rewrite a file outside the project reached through an include', async () => {
    const parent = mkdtempSync(path.join(tmpdir(), 'toolbox-editor-parent-'));
    const dir = path.join(parent, 'project');
    cpSync(fixture, dir, { recursive: true });
    mkdirSync(path.join(parent, 'shared'));
    const shared = path.join(parent, 'shared', 'agents.hocon');
    writeFileSync(shared, 'shared_lookup { "name": "shared_lookup", "toolbox": "lookup_weather" }\n');
    // The network's own agent and one written in the included file both use the tool.
    const network = [
      '{',
      '    include "config/llm_config.hocon",',
      '    include "../shared/agents.hocon",',
      '    "tools": [',
      '        { "name": "forecaster", "function": {"description": "I tell you the weather."}, "tools": ["weather_lookup", "shared_lookup"] },',
      '        { "name": "weather_lookup", "toolbox": "lookup_weather" },',
      '        ${shared_lookup}',
      '    ]',
      '}',
    ];
    writeFileSync(path.join(dir, 'registries/weather.hocon'), `${network.join('\n')}\n`);
    const service = new ProjectService(dir, {});
    expect((await service.open(dir)).tools.find((t) => t.name === 'lookup_weather')?.users.map((u) => u.file)).toContain('../shared/agents.hocon');
    await expect(service.renamePreview(dir, 'lookup_weather', 'get_weather')).rejects.toThrow(/\.\.\/shared\/agents\.hocon is outside the project folder/);
    expect(readFileSync(shared, 'utf8')).toContain('"lookup_weather"');
  });
});

describe('files of other kinds opened alone', () => {
  it('validate FILE reads a manifest or an LLM config for its HOCON only (no toolbox rules)', async () => {
    const result = await runCliIn(fixture, ['validate', 'registries/manifest.hocon', 'config/llm_config.hocon']);
    expect(result).toMatchObject({ code: 0, stdout: `${NEWEST_SUMMARY}\n` });
  });

  it('an undefined tool close to a defined one offers it as a quick fix', async () => {
    const result = await runCliIn(fixture, ['validate', 'registries/draft.hocon', '--json'], { AGENT_TOOLBOX_INFO_FILE: 'toolbox/toolbox_info.hocon' });
    const problems = JSON.parse(result.stdout) as { rule: string; message: string; fix?: { title: string; edits: { newText: string }[] } }[];
    const problem = problems.find((p) => p.rule === 'undefined-tool');
    expect(problem).toMatchObject({ rule: 'undefined-tool', message: expect.stringContaining("Did you mean 'lookup_weather'?") });
    expect(problem!.fix).toMatchObject({ title: "Use 'lookup_weather'", edits: [{ newText: '"lookup_weather"' }] });
  });
});
