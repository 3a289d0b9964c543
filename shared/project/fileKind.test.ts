import { describe, expect, it } from 'vitest';
import { resolveHocon } from '../hocon/index';
import { resolveFileAsNeuroSan } from '../neurosan/index';
import { NOT_PARSED_REASON, recogniseKind, type KindClues } from './fileKind';

function kindOf(path: string, text: string, extra: Partial<KindClues> = {}) {
  return recogniseKind({ path, root: resolveHocon(text).value, text, included: false, settingsToolbox: false, ...extra }).kind;
}

describe('recogniseKind', () => {
  it('tells each neuro-san kind by its name or content', () => {
    expect(kindOf('registries/manifest.hocon', '{"a.hocon": true}')).toBe('manifest');
    expect(kindOf('registries/served.hocon', '{"a.hocon": true, "b.hocon": {"serve": false}}')).toBe('manifest');
    // As neuro-san reads it: pyhocon keeps the quotes of a key with a '.'.
    expect(recogniseKind({ path: 'registries/deploy.hocon', root: resolveFileAsNeuroSan('/p/registries/deploy.hocon', { host: { readFile: () => '{"a.hocon": true}' }, cwd: '/p' }).value, text: '', included: false, settingsToolbox: false }).kind).toBe('manifest');
    expect(kindOf('registries/x.hocon', '{"tools": [{"name": "a"}]}')).toBe('network');
    expect(kindOf('tests/t.hocon', '{"agent": "basic/x", "interactions": []}')).toBe('test-case');
    expect(kindOf('toolbox/toolbox_info.hocon', '{}')).toBe('toolbox');
    expect(kindOf('tools.hocon', '{"a": {"class": "m.C", "description": "d"}}')).toBe('toolbox');
    expect(kindOf('config/llm_config.hocon', '{"llm_config": {"model_name": "x"}}')).toBe('llm-config');
    expect(kindOf('mcp/servers.hocon', '{"https://x.example/mcp": {"tools": ["a"]}}')).toBe('mcp-info');
    expect(kindOf('logging.hocon', '{"version": 1}')).toBe('other');
  });

  it('a fragment: included by others, says it is not a network, or lies in registries/ without agents', () => {
    expect(kindOf('shared/values.hocon', '{"x": "y"}', { included: true })).toBe('fragment');
    expect(kindOf('a.hocon', '# This file is NOT an agent network HOCON.\n{"x": "y"}')).toBe('fragment');
    expect(kindOf('registries/instructions.hocon', '{"x": "y"}')).toBe('fragment');
  });

  it('an included manifest or LLM config keeps its own kind; the settings name the toolbox; the user overrides all', () => {
    expect(kindOf('registries/basic/manifest.hocon', '{"basic/a.hocon": true}', { included: true })).toBe('manifest');
    expect(kindOf('config/llm_config.hocon', '{"llm_config": {}}', { included: true })).toBe('llm-config');
    expect(kindOf('my_tools.hocon', '{}', { settingsToolbox: true })).toBe('toolbox');
    expect(kindOf('registries/deploy.hocon', '{}', { manifestInUse: true })).toBe('manifest');
    expect(kindOf('registries/manifest.hocon', '{"a.hocon": true}', { override: 'fragment' })).toBe('fragment');
  });

  it('templates with {placeholders} are not validated as networks', () => {
    expect(kindOf('middleware/deployable_template.hocon', '{"tools": [{"name": "{agent_name}", "toolbox": "{agent_name}"}]}')).toBe('other');
  });

  // Issue 34: a network whose syntax error cut it before its "tools" read as an LLM config in one project and as a
  // network in another. A file that does not parse is judged by its name and place only.
  it('a file that does not parse: by its name and place, never by the part a recovering parser kept', () => {
    const cut = '{"llm_config": {"model_name": "x"}}';
    const unparsed = (path: string, extra: Partial<KindClues> = {}) => recogniseKind({ path, root: resolveHocon(cut).value, text: cut, included: false, settingsToolbox: false, parsed: false, ...extra });
    expect(unparsed('registries/net.hocon', { listedByManifest: () => true })).toEqual({ kind: 'network', reason: 'a manifest lists it (not parsed: a syntax error)' });
    expect(unparsed('registries/net.hocon')).toEqual({ kind: 'network', reason: 'in registries/ (not parsed: a syntax error)' });
    expect(unparsed('registries/common.hocon', { included: true }).kind).toBe('fragment');
    expect(unparsed('config/llm_config.hocon').kind).toBe('llm-config');
    expect(unparsed('my_tools.hocon', { settingsToolbox: true }).kind).toBe('toolbox');
    expect(unparsed('registries/manifest.hocon').kind).toBe('manifest');
    expect(unparsed('notes/agent.hocon')).toEqual({ kind: 'other', reason: NOT_PARSED_REASON });
    expect(unparsed('notes/agent.hocon', { inProject: false }).kind).toBe('toolbox');
    expect(unparsed('notes/agent.hocon', { override: 'network' }).kind).toBe('network');
    // The same content, parsed, is an LLM config.
    expect(kindOf('notes/agent.hocon', cut)).toBe('llm-config');
  });
});
