import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, it } from 'vitest';
import { describeWithShared } from '../../testSupport/sharedData';
import { runCliIn } from '../../testSupport/cliRun';

// What neuro-san's real code did with whole toolbox files (../shared/conformance/neuro-san/toolboxes/expected.jsonl):
// `tools --json` and `validate --json`, which read a file as neuro-san does by default, must agree on every file — the tools in order, their kinds, classes and
// origins, the files neuro-san fails to load, and an error on each tool neuro-san raises on (and none on the others).

interface ExpectedTool {
  name: string;
  kind: string | null;
  class: unknown;
  display_as: string | null;
  origin: 'default' | 'user' | 'merged';
  errors: Array<{ stage: string; type: string; message: string }>;
}
interface ExpectedFile {
  file: string;
  load_error: { type: string; message: string } | null;
  tools: ExpectedTool[];
}
interface ToolRow {
  name: string;
  kind: string | null;
  class: unknown;
  displayAs: string;
  displayAsInferred: boolean;
  origin: 'default' | 'user' | 'override';
}
interface JsonDiagnostic {
  severity: string;
  rule: string;
  message: string;
  tool?: string;
}


describeWithShared('conformance/neuro-san/toolboxes', "whole toolbox files as neuro-san's code loaded them", (dir) => {
  const cases = readFileSync(path.join(dir, 'expected.jsonl'), 'utf8')
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => JSON.parse(line) as ExpectedFile);

  it('covers every file of the data', () => {
    expect(cases.length).toBeGreaterThanOrEqual(28);
  });

  for (const expected of cases) {
    it(expected.file, async () => {
      // Run where neuro-san was run: in the file's folder, the file named as AGENT_TOOLBOX_INFO_FILE named it.
      const cwd = path.join(dir, path.dirname(expected.file));
      const file = path.basename(expected.file);
      const tools = await runCliIn(cwd, ['tools', file, '--json']);
      const diagnostics = JSON.parse((await runCliIn(cwd, ['validate', file, '--json'])).stdout) as JsonDiagnostic[];
      const errors = diagnostics.filter((d) => d.severity === 'error');

      if (expected.load_error) {
        // neuro-san cannot load the file: the file is reported as unread, with an error.
        expect(tools.code).toBe(1);
        expect(errors.length).toBeGreaterThan(0);
        return;
      }
      expect(tools.code, tools.stderr).toBe(0);
      const rows = JSON.parse(tools.stdout) as ToolRow[];
      expect(
        rows.map((r) => ({
          name: r.name,
          kind: r.kind,
          class: r.class,
          display_as: r.displayAsInferred ? null : r.displayAs,
          origin: r.origin === 'override' ? 'merged' : r.origin,
        })),
      ).toEqual(expected.tools.map((t) => ({ name: t.name, kind: t.kind, class: t.class, display_as: t.display_as, origin: t.origin })));

      for (const tool of expected.tools) {
        const ours = errors.filter((d) => d.tool === tool.name);
        if (tool.errors.length === 0) {
          expect(ours, `${tool.name}: neuro-san raises nothing`).toEqual([]);
          continue;
        }
        // neuro-san's first line (the rest is its advice on /external agents or on class forms), in our message.
        for (const error of tool.errors) {
          const firstLine = error.message.split('\n')[0]!;
          expect(ours.map((d) => d.message).filter((m) => m.startsWith(firstLine)), `${tool.name}: ${firstLine}`).not.toEqual([]);
        }
      }
      // No error that belongs to no tool, where neuro-san loads the file.
      expect(errors.filter((d) => d.tool === undefined)).toEqual([]);
    });
  }
});
