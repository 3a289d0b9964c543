import { describe, expect, it } from 'vitest';
import { loadToolbox } from './loadToolbox';
import { loadAgentNetwork } from './agentNetwork';
import { memoryHost } from './testHost';
import type { ToolboxDiagnostic } from './toolboxDiagnostic';
import { factsFor, NEWEST_KNOWN_VERSION, parseVersion } from '../neurosan/versions/index';

const at = (v: string) => factsFor(parseVersion(v)!);

/** One user toolbox file checked for a neuro-san version. */
function check(text: string, version: string): ToolboxDiagnostic[] {
  return loadToolbox({ host: memoryHost({ 'tb.hocon': text }), userFile: 'tb.hocon', neuroSan: at(version) }).diagnostics;
}
const rules = (ds: ToolboxDiagnostic[]) => ds.map((d) => `${d.severity} ${d.rule} ${d.line}:${d.column}`);

const coded = (properties: string, required = '[]') =>
  `t { class = "m.C", description = "Returns a value for the caller.", parameters { type = object, properties { ${properties} }, required = ${required} } }\n`;

describe('parameter types, by the version of neuro-san the project runs', () => {
  it('"int" gets nothing at any version: neuro-san knows it, and the LLM is shown "integer"', () => {
    for (const v of ['0.5.25', '0.5.55', '0.6.50', NEWEST_KNOWN_VERSION]) expect(check(coded('n { type = int, description = "A count." }'), v)).toEqual([]);
  });

  it('"integer", "number" and "bool" are errors before the pydantic v2 converter, in pydantic.v1\'s words, with a fix it knows', () => {
    const text = coded('n { type = integer, description = "d" }, x { type = number, description = "d" }, b { type = "bool", description = "d" }', '["n"]');
    const ds = check(text, '0.6.40');
    const col = (at: string) => text.indexOf(at) + 1;
    expect(rules(ds)).toEqual([`error unrecognized-type 1:${col('integer')}`, `error unrecognized-type 1:${col('number')}`, `error unrecognized-type 1:${col('"bool"')}`]);
    expect(ds[0]!.message).toContain("RuntimeError: no validator found for <class 'pydantic.v1.fields.UndefinedType'>"); // required
    expect(ds[1]!.message).toContain('ConfigError: unable to infer type for attribute "x"'); // not required
    expect(ds.map((d) => d.fix?.title)).toEqual(['Change "integer" to "int"', 'Change "number" to "float"', 'Change "bool" to "boolean"']);
    expect(check(text, NEWEST_KNOWN_VERSION)).toEqual([]);
  });

  it('0.6.95 still refuses "integer" (pydantic.v1); 0.6.96 and 0.6.97 may not (nothing said); 0.6.98 knows it', () => {
    const text = coded('n { type = integer, description = "d" }', '["n"]');
    const refused = check(text, '0.6.95');
    expect(rules(refused)).toEqual([`error unrecognized-type 1:${text.indexOf('integer') + 1}`]);
    expect(refused[0]!.message).toContain("neuro-san 0.6.95");
    expect(refused[0]!.message).toContain("RuntimeError: no validator found for <class 'pydantic.v1.fields.UndefinedType'>");
    for (const v of ['0.6.96', '0.6.97', '0.6.98', '0.7.0']) expect(check(text, v)).toEqual([]);
  });

  it('a type name neither knows is refused in the words of each (the fix is one both know)', () => {
    const text = coded('s { type = str, description = "d" }');
    expect(check(text, '0.5.55')[0]!.message).toContain("neuro-san 0.5.55 does not know the type 'str'");
    expect(check(text, NEWEST_KNOWN_VERSION)[0]!.message).toBe("Unrecognized type 'str' for field 's'. neuro-san raises this when an agent offers the tool to the LLM.");
    expect(check(coded('n { type = long, description = "d" }'), '0.5.55')[0]!.fix?.title).toBe('Change "long" to "int"');
  });

  it('parameter names: pydantic.v1 drops "_x" (a warning) and refuses BaseModel attributes; v2 refuses "_x" and model_*', () => {
    const text = coded('_x { type = string, description = "d" }, schema { type = string, description = "d" }, model_dump { type = string, description = "d" }');
    const col = (at: string) => text.indexOf(at) + 1;
    expect(rules(check(text, '0.5.55'))).toEqual([`warning parameter-name 1:${col('_x')}`, `error parameter-name 1:${col('schema')}`]);
    expect(rules(check(text, NEWEST_KNOWN_VERSION))).toEqual([`error parameter-name 1:${col('_x')}`, `error parameter-name 1:${col('model_dump')}`]);
  });
});

describe('networks, by the version of neuro-san the project runs', () => {
  const network = (body: string) => memoryHost({ 'net.hocon': `{ ${body} "tools": [ { "name": "a", "instructions": "i", "tools": ["b"] }, { "name": "b", "toolbox": "bing_search", "tools": ["a"] } ] }` });
  const load = (body: string, version: string) => loadAgentNetwork('net.hocon', { host: network(body), neuroSan: at(version) }).diagnostics;

  it('a tool of the default toolbox of the version is defined; one that left it says when', () => {
    expect(load('', '0.5.55').filter((d) => d.severity === 'error')).toEqual([]);
    const [gone] = load('', '0.6.11').filter((d) => d.rule === 'undefined-tool');
    expect(gone!.message).toBe("Tool 'bing_search' is not defined in None. 'bing_search' left neuro-san's default toolbox in 0.5.56 (PR #369, 2025-08-18); the project runs neuro-san 0.6.11.");
  });

  it('"tools" on a toolbox agent is a warning: neuro-san ignores it (its designer refuses it from 0.6.43)', () => {
    const early = load('', '0.5.55').find((d) => d.rule === 'toolbox-agent-tools')!;
    expect(early.severity).toBe('warning');
    expect(early.message).not.toContain('designer');
    expect(load('', NEWEST_KNOWN_VERSION).find((d) => d.rule === 'toolbox-agent-tools')!.message).toContain("designer refuses such an agent");
  });

  it('"agent_toolbox_info_file": read from 0.5.45, ignored with a fix from 0.6.1', () => {
    const body = '"agent_toolbox_info_file": "mine.hocon",';
    expect(loadAgentNetwork('net.hocon', { host: network(body), neuroSan: at('0.5.55') }).toolboxFile).toMatchObject({ written: 'mine.hocon', from: 'agent_toolbox_info_file' });
    const [ignored] = load(body, '0.6.1').filter((d) => d.rule === 'ignored-key');
    expect(ignored!.message).toBe('neuro-san 0.6.1 ignores "agent_toolbox_info_file" (removed in 0.6.1, PR #498): it reads "toolbox_info_file", then AGENT_TOOLBOX_INFO_FILE.');
    expect(ignored!.fix?.edits[0]).toMatchObject({ newText: 'toolbox_info_file', length: 'agent_toolbox_info_file'.length });
  });

  it('before 0.5.25 an agent names its tool with "base_tool"', () => {
    const host = memoryHost({ 'net.hocon': '{ "tools": [ { "name": "a", "instructions": "i", "tools": ["b"] }, { "name": "b", "base_tool": "nowhere" } ] }' });
    expect(loadAgentNetwork('net.hocon', { host, neuroSan: at('0.5.23') }).agents.map((a) => a.toolName)).toEqual(['nowhere']);
    const later = loadAgentNetwork('net.hocon', { host, neuroSan: at('0.5.28') });
    expect(later.agents).toEqual([]);
    // Not a toolbox tool at 0.5.28: said at the key, with the rename as its fix.
    const [ignored] = later.diagnostics.filter((d) => d.rule === 'ignored-key');
    expect(ignored).toMatchObject({ severity: 'warning', message: 'neuro-san 0.5.28 ignores "base_tool" (read by neuro-san 0.5.19 to 0.5.24 only): it names a toolbox tool with "toolbox", so agent \'b\' is no toolbox tool here.' });
    expect(ignored!.fix?.edits[0]?.newText).toBe('"toolbox"');
  });
});
