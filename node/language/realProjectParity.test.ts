import { appendFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { differences, problemsOnEachSurface } from '../testSupport/surfaceParity';

/**
 * Issue #34 on projects nobody here wrote: run by scripts/parity-real-projects.mjs, which checks them out and names
 * them in TBE_PARITY_PROJECTS (JSON [{name, dir}]); each project's figures are appended to TBE_PARITY_OUT as a JSON
 * line. Without those variables there is nothing to run (fixtureParity.test.ts is the parity that always runs).
 */
const given = process.env.TBE_PARITY_PROJECTS;
const projects = given ? (JSON.parse(given) as { name: string; dir: string }[]) : [];
const out = process.env.TBE_PARITY_OUT;

describe.skipIf(projects.length === 0)('real projects say the same on every surface', () => {
  it.each(projects.map((p) => [p.name, p.dir] as const))('%s', async (name, dir) => {
    const started = performance.now();
    const found = await problemsOnEachSurface(dir, { lspTimeoutMs: 120_000 });
    const each = { file: differences(found.dir, found.file), app: differences(found.dir, found.app), lsp: differences(found.dir, found.lsp) };
    if (out) {
      const figures = { name, files: found.files.length, problems: found.dir.length, ...each, seconds: Math.round(performance.now() - started) / 1000 };
      appendFileSync(out, `${JSON.stringify(figures)}\n`);
    }
    expect(each).toEqual({ file: { extra: [], missing: [] }, app: { extra: [], missing: [] }, lsp: { extra: [], missing: [] } });
  }, 900_000);
});
