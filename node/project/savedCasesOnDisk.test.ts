import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadProjectFromDisk } from './projectOnDisk';

const scratch = mkdtempSync(path.join(os.tmpdir(), 'tbe-saved-cases-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

describe("a project's saved test cases (issue #35)", () => {
  it("are judged against the toolbox as `test` runs it: the default toolbox's tools are the toolbox's too", async () => {
    mkdirSync(path.join(scratch, 'registries'), { recursive: true });
    mkdirSync(path.join(scratch, 'toolbox'), { recursive: true });
    writeFileSync(path.join(scratch, 'toolbox', 'toolbox_info.hocon'), 'weather { class = "w.Weather", description = "Returns the weather of a city today, as a sentence." }\n');
    const cases = ['weather', 'get_current_date_time', 'gone'].map((tool) => ({ name: `runs ${tool}`, tool, args: {}, expect: { content: 'x' } }));
    writeFileSync(path.join(scratch, 'toolbox', 'toolbox_info.tests.json'), JSON.stringify({ version: 1, cases }, null, 2));
    const { analysis } = await loadProjectFromDisk(scratch, { env: { PATH: process.env.PATH ?? '' } });
    expect(analysis.caseFiles).toEqual(['toolbox/toolbox_info.tests.json']);
    expect(analysis.diagnostics.filter((d) => d.rule === 'test-case-tool').map((d) => d.message)).toEqual([
      "Saved test case 'runs gone' runs 'gone', which toolbox/toolbox_info.hocon does not define: `toolbox-editor test` fails on it (tool not found).",
    ]);
  });
});
