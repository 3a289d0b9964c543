import { cpSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
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
    const view = service.open('registries/weather.hocon');
    expect(view.root).toBe(dir);
    expect(view.files.find((f) => f.path === 'registries/aaosa.hocon')).toMatchObject({ kind: 'fragment', reason: 'says it is not a network' });

    const files = ['toolbox/toolbox_info.hocon', 'registries/weather.hocon', 'registries/reports.hocon'].map((f) => path.join(dir, f));
    const before = files.map((f) => readFileSync(f, 'utf8'));
    const { edits } = service.renamePreview(dir, 'lookup_weather', 'get_weather');
    expect(edits).toHaveLength(3);
    const applied = await service.applyEdits(dir, edits);
    expect(applied.files.sort()).toEqual([...files].sort());
    expect(files.map((f) => readFileSync(f, 'utf8'))).toEqual(before.map((t) => t.replaceAll('"lookup_weather"', '"get_weather"')));
    expect(service.open(dir).tools.find((t) => t.name === 'get_weather')?.users).toHaveLength(2);

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
    const { edits } = service.renamePreview(dir, 'lookup_weather', 'get_weather');
    writeFileSync(weather, readFileSync(weather, 'utf8').replace('"toolbox": "lookup_weather"', '"toolbox": "send_report"'));
    await expect(service.applyEdits(dir, edits)).rejects.toBeInstanceOf(ApiError);
    expect(readFileSync(toolbox, 'utf8')).toBe(toolboxBefore);

    const fresh = service.renamePreview(dir, 'lookup_weather', 'get_weather');
    const applied = await service.applyEdits(dir, fresh.edits);
    writeFileSync(toolbox, `${readFileSync(toolbox, 'utf8')}\n# edited by hand\n`);
    await expect(service.undoEdits(applied.undoId)).rejects.toThrow(/was changed after the rename/);
    expect(readFileSync(toolbox, 'utf8')).toContain('"get_weather"');
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
