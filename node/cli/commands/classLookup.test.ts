/**
 * Saved test cases mean what they say (issue #23): a case expecting success fails when the project's neuro-san would
 * not find the tool's class, though the editor's runner would. Fixture: fixtures/versions/class_lookup (0.5.55 pinned).
 */
import { cpSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { appRoot } from '../../paths';
import { runCliIn } from '../../testSupport/cliRun';

const fixture = path.join(appRoot(), 'fixtures', 'versions', 'class_lookup');
const copies: string[] = [];
afterAll(() => copies.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

function copy(pin: string): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'tbe-class-lookup-'));
  copies.push(dir);
  cpSync(fixture, dir, { recursive: true });
  writeFileSync(path.join(dir, 'requirements.txt'), `neuro-san==${pin}\n`);
  return dir;
}

describe('toolbox-editor test, for the neuro-san version the project pins', () => {
  it('0.5.55: the cases naming a class by its full name could not run, with what would make neuro-san find it', async () => {
    const run = await runCliIn(copy('0.5.55'), ['test', 'toolbox/toolbox_info.hocon'], { PATH: process.env.PATH });
    expect(run.code).toBe(1);
    expect(run.stdout).toMatch(/^ok {4}shared runs \(\d+ ms\)\n/);
    expect(run.stdout).toContain(
      "ERROR qualified runs (",
    );
    expect(run.stdout).toContain(
      "could not run qualified: neuro-san 0.5.55 would not find coded_tools.shared_tool.Shared (the editor's runner finds it in coded_tools/shared_tool.py): write the class as 'shared_tool.Shared', relative to AGENT_TOOL_PATH (coded_tools).",
    );
    expect(run.stdout).toContain('Could not find class "Outside"');
    expect(run.stdout).toMatch(/1 passed, 0 failed, 2 could not run \(toolbox\/toolbox_info\.tests\.json\)\n$/);
  });

  it('0.6.95 imports a fully qualified name first: every case passes', async () => {
    const run = await runCliIn(copy('0.6.95'), ['test', 'toolbox/toolbox_info.hocon'], { PATH: process.env.PATH });
    expect(run.stdout).toMatch(/3 passed, 0 failed \(toolbox\/toolbox_info\.tests\.json\)\n$/);
    expect(run.code).toBe(0);
  });
});
