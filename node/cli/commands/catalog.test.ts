import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { resolveFile, toJson } from '../../../shared/hocon/index';
import { fileIncludeHost } from '../../hocon/file-include-host';
import { runCli } from '../main';

const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const studio = path.resolve(repo, '../shared/reference/neuro-san/toolboxes/studio_toolbox_info.hocon');

async function cli(args: string[], cwd: string) {
  const out = { stdout: '', stderr: '' };
  const code = await runCli(args, { stdout: (t) => (out.stdout += t), stderr: (t) => (out.stderr += t), cwd, env: {} });
  return { code, ...out };
}

/**
 * Python's side of the comparison: the mapping rule written again independently in Python, over the resolved JSON
 * of the toolbox, rendered by the real jinja2 with the app's default template.
 */
const PYTHON_REFERENCE = String.raw`
import json, sys, jinja2
data = json.load(sys.stdin)
order, template = sys.argv[1], open(sys.argv[2]).read()
tools = []
for name, entry in data.items():
    if "description" in entry:
        props = (entry.get("parameters") or {}).get("properties") or {}
        tools.append({"name": name, "description": entry["description"],
                      "input": {k: v.get("type", "any") for k, v in props.items()}, "output": "string",
                      "type": "agent" if entry.get("display_as") in ("llm_agent", "external_agent") else "code"})
    else:
        u = "<unknown until the tool class is loaded>"
        tools.append({"name": name, "description": u, "input": u, "output": "string",
                      "type": "agent" if entry.get("display_as") in ("llm_agent", "external_agent") else "code"})
env = jinja2.Environment()
if order == "insertion":
    env.policies["json.dumps_kwargs"] = {}
sys.stdout.write(env.from_string(template).render(tools=tools))
`;

describe.skipIf(!existsSync(studio))('toolbox-editor catalog', () => {
  it.each(['sorted', 'insertion'])('prints what Python Jinja2 renders for the studio toolbox (%s keys)', async (order) => {
    const resolved = resolveFile(studio, { host: fileIncludeHost });
    expect(resolved.ok).toBe(true);
    const expected = execFileSync('python3', ['-c', PYTHON_REFERENCE, order, path.join(repo, 'resources/toolbox_catalog.jinja2')], {
      input: JSON.stringify(toJson(resolved.value)),
      encoding: 'utf8',
    });
    const { code, stdout } = await cli(['catalog', studio, '--no-default', '--key-order', order], repo);
    expect(code).toBe(0);
    expect(stdout).toBe(expected);
  });

  it('exits 1 and says why when a template breaks the catalog contract', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'toolbox-editor-catalog-'));
    writeFileSync(path.join(dir, 'tb.hocon'), 't { class = "m.C", description = "d" }\n');
    writeFileSync(path.join(dir, 'bad.jinja2'), 'Tools: {{ tools | tojson }}');
    const { code, stdout, stderr } = await cli(['catalog', 'tb.hocon', '--template', 'bad.jinja2', '--no-default'], dir);
    expect(code).toBe(1);
    expect(stdout).toBe('Tools: [{"description": "d", "input": {}, "name": "t", "output": "string", "type": "code"}]');
    expect(stderr).toContain('Here is the toolbox catalog: ');
  });

  it('passes extra variables to a template such as a tools_picker prompt', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'toolbox-editor-catalog-'));
    writeFileSync(path.join(dir, 'tb.hocon'), 't { class = "m.C", description = "d" }\n');
    writeFileSync(path.join(dir, 'picker.jinja2'), 'Task: {{ task }} / {{ tools | length }} tool(s)\n');
    const { stdout } = await cli(['catalog', 'tb.hocon', '--template', 'picker.jinja2', '--no-default', '--var', 'task=book a flight'], dir);
    expect(stdout).toBe('Task: book a flight / 1 tool(s)');
  });
});
