import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { references } from '../../shared/language/index';
import { readProject } from '../language/projectReadings';
import { ProjectWorkspace } from '../language/projectWorkspace';
import { loadProjectFromDisk } from './projectOnDisk';

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
