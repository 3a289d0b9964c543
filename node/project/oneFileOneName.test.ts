import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { references } from '../../shared/language/index';
import { readProject } from '../language/projectReadings';
import { ProjectWorkspace } from '../language/projectWorkspace';
import { loadProjectFromDisk } from './projectOnDisk';
import { problemsOnEachSurface } from '../testSupport/surfaceParity';

/**
 * Issue #34: with AGENT_TOOLBOX_INFO_FILE set to an absolute path, as deployments set it, `tools . --used-by` said a
 * tool a network uses was used by no agent, the language server's references lost the network, and `validate .`
 * reported the toolbox's error twice (once by its absolute path). The project's toolbox is one file however it is
 * named: each way below must give the same reading.
 */
const scratch = mkdtempSync(path.join(os.tmpdir(), 'tbe-one-name-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

const toolbox = 'lookup {\n  class = "tools.Lookup"\n  description = "Looks a part up in the catalog by its name and returns its record."\n  parameters { type = object, properties { name { type = str } } }\n}\n';
const network = 'tools = [\n  {\n    name = "front"\n    instructions = "Answer."\n    tools = ["lookup"]\n  }\n  {\n    name = "lookup"\n    toolbox = "lookup"\n  }\n]\n';

function projectIn(name: string, dotEnv?: string): string {
  const root = path.join(scratch, name);
  mkdirSync(path.join(root, 'registries'), { recursive: true });
  mkdirSync(path.join(root, 'toolbox'), { recursive: true });
  writeFileSync(path.join(root, 'toolbox', 'toolbox_info.hocon'), toolbox);
  writeFileSync(path.join(root, 'registries', 'parts.hocon'), network);
  writeFileSync(path.join(root, 'registries', 'manifest.hocon'), '{ "parts.hocon": true }\n');
  if (dotEnv !== undefined) writeFileSync(path.join(root, '.env'), dotEnv);
  return root;
}

const linked = (() => {
  const root = projectIn('linked');
  symlinkSync(root, path.join(scratch, 'link-to-linked'));
  return root;
})();
const WAYS: [string, string, Record<string, string>][] = [
  ['found by convention', projectIn('convention'), {}],
  ['relative, in the environment', projectIn('relative'), { AGENT_TOOLBOX_INFO_FILE: 'toolbox/toolbox_info.hocon' }],
  ['absolute, in the environment', projectIn('absolute'), { AGENT_TOOLBOX_INFO_FILE: path.join(scratch, 'absolute', 'toolbox', 'toolbox_info.hocon') }],
  ['through a symbolic link to the project', linked, { AGENT_TOOLBOX_INFO_FILE: path.join(scratch, 'link-to-linked', 'toolbox', 'toolbox_info.hocon') }],
  ['absolute, in the .env', projectIn('dotenv', `AGENT_TOOLBOX_INFO_FILE=${path.join(scratch, 'dotenv', 'toolbox', 'toolbox_info.hocon')}\n`), {}],
];

describe('the project toolbox is one file however it is named', () => {
  it.each(WAYS)('%s: its tool has its user, and its error is said once, by the project name', async (_way, root, env) => {
    const { analysis } = await loadProjectFromDisk(root, { env: { ...env, PATH: process.env.PATH ?? '' } });
    expect(analysis.tools.find((t) => t.name === 'lookup')?.users.map((u) => `${u.file} ${u.agent}`)).toEqual(['registries/parts.hocon lookup']);
    expect(analysis.diagnostics.filter((d) => d.rule === 'unrecognized-type').map((d) => `${d.file}:${d.line}`)).toEqual(['toolbox/toolbox_info.hocon:4']);
    expect(analysis.diagnostics.filter((d) => path.isAbsolute(d.file))).toEqual([]);
  });

  it.each(WAYS)('%s: the language server finds the network among the tool\'s references', async (_way, root, env) => {
    const workspace = new ProjectWorkspace(root, new Map(), { ...env, PATH: process.env.PATH ?? '' });
    workspace.accept(workspace.version, await readProject(workspace.request()));
    const found = references(workspace, 'toolbox/toolbox_info.hocon', toolbox.indexOf('lookup') + 1).map((l) => l.file);
    expect(found).toContain('registries/parts.hocon');
  });
});

/**
 * The same for the manifest and the networks it lists, and for an include: named absolutely, or through a symbolic
 * link to the project (AGENT_MANIFEST_FILE's list was made relative without following the link).
 */
function manifestProject(name: string, manifest: (root: string) => string, dotEnv?: (root: string) => string): string {
  const root = projectIn(name);
  writeFileSync(path.join(root, 'registries', 'common.hocon'), 'front_instructions = "Answer."\n');
  writeFileSync(path.join(root, 'registries', 'manifest.hocon'), manifest(root));
  if (dotEnv) writeFileSync(path.join(root, '.env'), dotEnv(root));
  symlinkSync(root, path.join(scratch, `link-to-${name}`));
  return root;
}
const linkOf = (root: string) => path.join(scratch, `link-to-${path.basename(root)}`);
const MANIFEST_WAYS: [string, string][] = [
  ['the manifest absolute in the .env', manifestProject('m-absolute', () => '{ "parts.hocon": true }\n', (root) => `AGENT_MANIFEST_FILE=${path.join(root, 'registries', 'manifest.hocon')}\n`)],
  ['the manifest through a symbolic link in the .env', manifestProject('m-linked', () => '{ "parts.hocon": true }\n', (root) => `AGENT_MANIFEST_FILE=${path.join(linkOf(root), 'registries', 'manifest.hocon')}\n`)],
  ['the network absolute in the manifest', manifestProject('n-absolute', (root) => `{ "${path.join(root, 'registries', 'parts.hocon')}": true }\n`)],
  ['the network through a symbolic link in the manifest', manifestProject('n-linked', (root) => `{ "${path.join(linkOf(root), 'registries', 'parts.hocon')}": true }\n`)],
];

describe('the manifest and its networks are one file however they are named', () => {
  it.each(MANIFEST_WAYS)('%s: the manifest is in use, serves the network, and every report names project files', async (_way, root) => {
    const { analysis } = await loadProjectFromDisk(root, { env: { PATH: process.env.PATH ?? '' } });
    expect(analysis.manifests.map((m) => `${m.path} ${m.inUse}`)).toEqual(['registries/manifest.hocon true']);
    expect(analysis.networksLeftOff).toEqual([]);
    expect(analysis.tools.find((t) => t.name === 'lookup')?.users.map((u) => `${u.file} ${u.agent}`)).toEqual(['registries/parts.hocon lookup']);
    expect(analysis.diagnostics.filter((d) => path.isAbsolute(d.file))).toEqual([]);
  });
});

describe('a network the manifest names through a symbolic link', () => {
  it('is said the same of on every surface: validate DIR and FILE, the app, the language server', async () => {
    const found = await problemsOnEachSurface(MANIFEST_WAYS[3]![1]);
    expect(found.dir.some((d) => d.includes(' unrecognized-type '))).toBe(true);
    expect(found.file).toEqual(found.dir);
    expect(found.app).toEqual(found.dir);
    expect(found.lsp).toEqual(found.dir);
  }, 60_000);
});
