import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { appRoot } from '../paths';
import type { ApiService } from './handlers';
import { apiCaller, browserModeService } from '../testSupport/apiCalls';

// The app's "Check with neuro-san" (toolbox.checkWithNeuroSan), with fixtures/fake_neuro_san (a FAKE neuro_san, see
// its README) on the worker's PYTHONPATH, and without it.
let service: ApiService | undefined;
afterEach(() => service?.dispose());

function setup(pythonPath: string[]) {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'toolbox-editor-api-neurosan-'));
  service = browserModeService(dir, {
    env: { PATH: process.env.PATH },
  });
  const call = apiCaller(service);
  return { dir, call, ready: call('prefs.set', { pythonPath }) };
}

type Answer = { installed: boolean; lines: string[]; diagnostics: Array<{ rule: string; tool?: string; line: number }> };

describe('toolbox.checkWithNeuroSan', () => {
  it("shows neuro-san's version and each tool's error, at the tool", async () => {
    const { dir, call, ready } = setup([path.join(appRoot(), 'fixtures', 'fake_neuro_san')]);
    await ready;
    writeFileSync(path.join(dir, 'tb.hocon'), '{ "ok": { "class": "m.Ok", "description": "fine" },\n  "bad": { "class": "m.Bad" } }\n');
    const answer = await call<Answer>('toolbox.checkWithNeuroSan', { path: 'tb.hocon' });
    expect(answer.installed).toBe(true);
    expect(answer.lines[0]).toBe('neuro-san 0.0.0+fake (python3) loaded tb.hocon with its own code:');
    expect(answer.lines).toContain("  1 error; its reading equals the editor's.");
    expect(answer.diagnostics.map((d) => [d.rule, d.tool, d.line])).toEqual([['neuro-san-tool', 'bad', 2]]);
  });

  it('says in one line that the chosen Python has no neuro-san', async () => {
    const { dir, call, ready } = setup([]);
    await ready;
    writeFileSync(path.join(dir, 'tb.hocon'), '{}\n');
    const answer = await call<Answer>('toolbox.checkWithNeuroSan', { path: 'tb.hocon' });
    expect(answer).toEqual({
      installed: false,
      lines: ["neuro-san is not installed for python3 (ModuleNotFoundError: No module named 'neuro_san'): the check with its own loader was skipped."],
      diagnostics: [],
    });
  });

  it("runs neuro-san with the project's run settings, where no preference names its PYTHONPATH", async () => {
    const { dir, call, ready } = setup([]);
    await ready;
    writeFileSync(path.join(dir, '.toolbox-editor.json'), JSON.stringify({ run: { pythonPath: [path.join(appRoot(), 'fixtures', 'fake_neuro_san')] } }));
    writeFileSync(path.join(dir, 'tb.hocon'), '{ "ok": { "class": "m.Ok", "description": "fine" } }\n');
    const answer = await call<Answer>('toolbox.checkWithNeuroSan', { path: 'tb.hocon' });
    expect(answer.installed).toBe(true);
    expect(answer.lines).toEqual(['neuro-san 0.0.0+fake (python3) loaded tb.hocon with its own code:', "  no errors; its reading equals the editor's."]);
  });
});
