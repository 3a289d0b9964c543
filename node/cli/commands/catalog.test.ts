import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { resolveFile, toJson, toJsonText } from '../../../shared/hocon/index';
import { fileIncludeHost } from '../../hocon/fileIncludeHost';
import { runCli } from '../main';
import { runCliIn } from '../../testSupport/cliRun';

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
import { describeWithShared } from '../../testSupport/sharedData';

const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

const cli = (args: string[], cwd: string) => runCliIn(cwd, args);

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

describeWithShared('reference/neuro-san/toolboxes', 'toolbox-editor catalog on the studio toolbox', (toolboxes) => {
  const studio = path.join(toolboxes, 'studio_toolbox_info.hocon');
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
});

describe('toolbox-editor catalog', () => {
  it('exits 1 and says why when a template breaks the catalog contract', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'toolbox-editor-catalog-'));
    writeFileSync(path.join(dir, 'tb.hocon'), 't { class = "m.C", description = "d" }\n');
    writeFileSync(path.join(dir, 'bad.jinja2'), 'Tools: {{ tools | tojson }}');
    const { code, stdout, stderr } = await cli(['catalog', 'tb.hocon', '--template', 'bad.jinja2', '--no-default'], dir);
    expect(code).toBe(1);
    expect(stdout).toBe('Tools: [{"description": "d", "input": {}, "name": "t", "output": "string", "type": "code"}]');
    expect(stderr).toContain('Here is the toolbox catalog: ');
  });

  it("places a tool's unknown values at its entry, and prints problems before the catalog (which ends without a newline)", async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'toolbox-editor-catalog-'));
    writeFileSync(path.join(dir, 'tb.hocon'), '{\n  t { class = "m.C", description = "d" }\n  search {\n    class = "langchain_community.tools.DuckDuckGoSearchResults"\n  }\n}\n');
    // As a terminal shows them: one stream, in the order written.
    const seen: string[] = [];
    const code = await runCli(['catalog', 'tb.hocon', '--no-default'], { stdout: (t) => void seen.push(`out:${t}`), stderr: (t) => void seen.push(`err:${t}`), cwd: dir, env: {} });
    expect(code).toBe(0);
    // The file as named on the command line, as `validate` names it; line 3 is the entry's key.
    const entry = "err:tb.hocon:3:3 warning catalog-unknown-value tool 'search': ";
    expect(seen.slice(0, 2)).toEqual([
      expect.stringMatching(new RegExp(`^${escapeRegExp(entry)}description is unknown until its class is loaded .*\\n$`)),
      expect.stringMatching(new RegExp(`^${escapeRegExp(entry)}input is unknown .*\\n$`)),
    ]);
    expect(seen.slice(2)).toEqual([expect.stringMatching(/^out:Here is the toolbox catalog: .*\]\}$/)]);
  });

  it('passes extra variables to a template such as a tools_picker prompt', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'toolbox-editor-catalog-'));
    writeFileSync(path.join(dir, 'tb.hocon'), 't { class = "m.C", description = "d" }\n');
    writeFileSync(path.join(dir, 'picker.jinja2'), 'Task: {{ task }} / {{ tools | length }} tool(s)\n');
    const { stdout } = await cli(['catalog', 'tb.hocon', '--template', 'picker.jinja2', '--no-default', '--var', 'task=book a flight'], dir);
    expect(stdout).toBe('Task: book a flight / 1 tool(s)');
  });
});

describe('toolbox-editor catalog with integers beyond 2^53', () => {
  // Python's json.loads reads big integers exactly, so the reference gets them from resolve's exact JSON text.
  const toolbox = [
    't {',
    '  class = "m.C", description = "d"',
    '  parameters { type = object, properties {',
    '    n { type = integer, default = 9223372036854775807, maximum = 9223372036854775807, minimum = -9223372036854775808 }',
    '    odd { type = 9223372036854775807 }',
    '    odd2 { type = [9007199254740993, "null"] }',
    '  } }',
    '}',
  ].join('\n');
  const everything = 'Here is the toolbox catalog: {{ tools | tojson }}\n{{ tools[0].input.odd }} {{ tools[0].input.odd2 }} {{ tools[0].input.odd + 1 }}\n';

  it.each(['sorted', 'insertion'])('prints them exactly as Python Jinja2 does (%s keys)', async (order) => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'toolbox-editor-catalog-'));
    writeFileSync(path.join(dir, 'tb.hocon'), toolbox);
    writeFileSync(path.join(dir, 'everything.jinja2'), everything);
    const resolved = resolveFile(path.join(dir, 'tb.hocon'), { host: fileIncludeHost });
    expect(resolved.ok).toBe(true);
    for (const template of [path.join(repo, 'resources/toolbox_catalog.jinja2'), path.join(dir, 'everything.jinja2')]) {
      const expected = execFileSync('python3', ['-c', PYTHON_REFERENCE, order, template], { input: toJsonText(resolved.value), encoding: 'utf8' });
      expect(expected).toContain('9223372036854775807');
      const { stdout } = await cli(['catalog', 'tb.hocon', '--no-default', '--key-order', order, '--template', template], dir);
      expect(stdout).toBe(expected);
    }
  });
});
