import { rmSync } from 'node:fs';
import path from 'node:path';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import type { ProjectView } from '../../shared/api/projectApi';
import type { ToolboxAnalysis } from '../../shared/api/toolboxApi';
import type { ApiService } from '../api/handlers';
import { apiCaller, browserModeService } from '../testSupport/apiCalls';
import { runCliIn, workspace } from '../testSupport/cliRun';

// Issue 34: a network with a syntax error was an "LLM config file" in one project (the error cut it before its
// "tools", and what the parser kept had "llm_config") and an "agent network file" in another. A file that does not
// parse takes its kind from its name and place: the same on every surface, and the same in both projects.
const CUT_BEFORE_TOOLS = '{\n  "llm_config": { "model_name": "gpt-4o" },\n  "tools" [ = \n    { "name": "front" }\n  ]\n}\n';
const CUT_AFTER_TOOLS = '{\n  "tools": [\n    { "name": "front", "function": { "description": "Answers." }, "instructions": "Answer.", "tools": [] }\n  ],\n  "llm_config": { "model_name": "gpt-4o"\n}\n';
const NET = 'registries/net.hocon';

const dirs: string[] = [];
const project = (files: Record<string, string>) => {
  const dir = workspace({ 'registries/manifest.hocon': '{ "net.hocon": true }\n', ...files }, 'tbe-unparsed-kind-');
  dirs.push(dir);
  return dir;
};
afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));
let service: ApiService | undefined;
afterEach(() => service?.dispose());

describe('a network a manifest lists, with a syntax error', () => {
  it.each([
    ['cut before its "tools"', CUT_BEFORE_TOOLS],
    ['cut after its "tools"', CUT_AFTER_TOOLS],
  ])('%s: an agent network on every surface', async (_what, text) => {
    const dir = project({ [NET]: text });
    const folder = await runCliIn(dir, ['validate', '.']);
    expect(folder.stdout).toMatch(/registries\/net\.hocon:\d+:\d+ error hocon There was an error loading agent network file "registries\/net\.hocon": /);
    expect(folder.stdout).toMatch(/\n {2}agent network {2}1 file/);
    const file = await runCliIn(dir, ['validate', NET]);
    expect(file.stdout).toMatch(/error hocon There was an error loading agent network file "registries\/net\.hocon": /);

    service = browserModeService(dir, { env: {} });
    const call = apiCaller(service);
    const view = await call<ProjectView>('project.open', { path: dir });
    expect(view.files.find((f) => f.path === NET)).toMatchObject({ kind: 'network', reason: 'a manifest lists it (not parsed: a syntax error)', errors: 1 });
    const analysis = await call<ToolboxAnalysis>('toolbox.analyze', { path: path.join(dir, NET), text });
    expect(analysis.kind).toBe('network');
    expect(analysis.diagnostics.map((d) => d.message)).toEqual([expect.stringMatching(/^There was an error loading agent network file /)]);
  });
});

describe('a file with a syntax error whose name and place say no kind', () => {
  it('is said not parsed, and (nothing reads it) its failure is a warning, as for any file nothing reads', async () => {
    const dir = project({ [NET]: CUT_AFTER_TOOLS, 'notes/agent.hocon': CUT_BEFORE_TOOLS });
    const folder = await runCliIn(dir, ['validate', '.']);
    expect(folder.stdout).toContain('notes/agent.hocon:3:11 warning hocon pyhocon cannot read "notes/agent.hocon": ');
    expect(folder.stdout).not.toContain('LLM config');
    service = browserModeService(dir, { env: {} });
    const view = await apiCaller(service)<ProjectView>('project.open', { path: dir });
    expect(view.files.find((f) => f.path === 'notes/agent.hocon')).toMatchObject({ kind: 'other', reason: 'not parsed (a syntax error), and its name and place say no kind' });
  });
});
