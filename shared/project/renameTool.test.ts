import { describe, expect, it } from 'vitest';
import { applyEdits } from '../hocon/index';
import type { ProjectAnalysis, ProjectTool } from './analyzeProject';
import { planToolRename } from './renameTool';

const toolbox = '# tools\n{\n  lookup: { class = "w.Lookup", description = "d" }\n  "other": { class = "o.Other", description = "d" }\n}\n';
const network = '{ "tools": [ { "name": "a", "toolbox": "lookup" }, { "name": "b", toolbox = lookup } ] }\n';
const files: Record<string, string> = { 'toolbox/toolbox_info.hocon': toolbox, 'registries/n.hocon': network };

function user(text: string, needle: string, agent: string) {
  const offset = text.indexOf(needle);
  return { network: 'registries/n.hocon', file: 'registries/n.hocon', agent, line: 1, column: offset + 1, offset, length: needle.length };
}

function analysis(tools: Partial<ProjectTool>[]): ProjectAnalysis {
  return {
    settings: {},
    runs: [],
    manifestsInUse: [],
    toolbox: { path: 'toolbox/toolbox_info.hocon', from: 'convention' },
    files: [],
    manifests: [],
    networksLeftOff: [],
    caseFiles: [],
    tools: tools.map((t) => ({ name: '', file: 'toolbox/toolbox_info.hocon', line: 1, origin: 'user', errors: 0, users: [], ...t })),
    undefinedToolUsers: [],
    diagnostics: [],
    mcp: { infoFile: null, servers: [] },
    mcpSettings: new Map(),
  };
}

const project = analysis([
  { name: 'lookup', users: [user(network, '"lookup"', 'a'), user(network, 'lookup }', 'b')].map((u, i) => (i === 1 ? { ...u, length: 'lookup'.length } : u)) },
  { name: 'other' },
  { name: 'get_current_date_time', origin: 'default', file: '/app/default_toolbox_info.hocon' },
]);

describe('planToolRename', () => {
  it('renames the key and every reference, keeping each one\'s quoting, touching nothing else', () => {
    const plan = planToolRename(project, 'lookup', 'find_weather', (f) => files[f]);
    if (!plan.ok) throw new Error(plan.problem);
    const byFile = (file: string) => applyEdits(files[file]!, plan.edits.filter((e) => e.file === file));
    expect(byFile('toolbox/toolbox_info.hocon')).toBe(toolbox.replace('lookup:', 'find_weather:'));
    expect(byFile('registries/n.hocon')).toBe(network.replace('"lookup"', '"find_weather"').replace('= lookup', '= find_weather'));
    expect(plan.edits.map((e) => `${e.file}:${e.line} ${e.after}`)).toEqual([
      'toolbox/toolbox_info.hocon:3 find_weather: { class = "w.Lookup", description = "d" }',
      'registries/n.hocon:1 { "tools": [ { "name": "a", "toolbox": "find_weather" }, { "name": "b", toolbox = lookup } ] }',
      'registries/n.hocon:1 { "tools": [ { "name": "a", "toolbox": "lookup" }, { "name": "b", toolbox = find_weather } ] }',
    ]);
  });

  it('refuses a name that is taken or not an identifier, and a tool of the default toolbox', () => {
    const read = (f: string) => files[f];
    expect(planToolRename(project, 'lookup', 'other', read)).toEqual({ ok: false, problem: "The toolbox already has a tool 'other'." });
    expect(planToolRename(project, 'lookup', 'find-weather', read)).toMatchObject({ ok: false, problem: expect.stringContaining('not a plain identifier') });
    expect(planToolRename(project, 'get_current_date_time', 'now', read)).toMatchObject({ ok: false, problem: expect.stringContaining('the default toolbox') });
    expect(planToolRename(project, 'missing', 'x', read)).toMatchObject({ ok: false });
  });
});
