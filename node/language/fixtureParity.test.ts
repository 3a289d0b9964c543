import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { problemsOnEachSurface } from '../testSupport/surfaceParity';

/**
 * Issue #34: the projects under fixtures/, each copied to a scratch folder (the app keeps its state beside the
 * project), give the same problems on every surface: `validate DIR`, `validate FILE` of each file, the app's analysis
 * and the language server. diagnosticParity.test.ts holds the cases built to show each kind of difference.
 */
const fixtures = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..', 'fixtures');
const scratch = mkdtempSync(path.join(os.tmpdir(), 'tbe-fixture-parity-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

describe('the fixture projects say the same on every surface', () => {
  it.each(['project', 'import_failure', 'mcp/project'])('fixtures/%s', async (name) => {
    const root = path.join(scratch, name.replaceAll('/', '-'));
    cpSync(path.join(fixtures, name), root, { recursive: true });
    const found = await problemsOnEachSurface(root);
    // Worth comparing only if there is something to compare: files read and problems found.
    expect(found.files.length).toBeGreaterThan(0);
    expect(found.file).toEqual(found.dir);
    expect(found.app).toEqual(found.dir);
    expect(found.lsp).toEqual(found.dir);
  }, 90_000);
});
