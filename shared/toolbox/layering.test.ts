import { describe, expect, it } from 'vitest';
import { getPath } from '../hocon/index';
import { loadToolbox } from './loadToolbox';
import { memoryHost } from './testHost';

const defaults = [
  'tavily_search {',
  '  class = "langchain_tavily.tavily_search.TavilySearch"',
  '  args { max_results = 5, include_answer = false, topic = "general" }',
  '}',
  'get_time { class = "get_time.GetTime", description = "Gets the time" }',
].join('\n');

function load(user: string) {
  return loadToolbox({ host: memoryHost({ 'default.hocon': defaults, 'user.hocon': user }), defaultFile: 'default.hocon', userFile: 'user.hocon' });
}

describe('the user file layered over the default toolbox', () => {
  it('overrides one field of a default tool and keeps the others, each knowing its file', () => {
    const toolbox = load('tavily_search { args { max_results = 9 } }\nmy_tool { class = "my.Tool", description = "Mine" }\n');
    expect(toolbox.tools.map((t) => [t.name, t.origin])).toEqual([
      ['tavily_search', 'override'],
      ['get_time', 'default'],
      ['my_tool', 'user'],
    ]);
    const tavily = toolbox.tools[0]!;
    expect(tavily.args).toEqual({ max_results: 9, include_answer: false, topic: 'general' });
    expect(tavily.className).toBe('langchain_tavily.tavily_search.TavilySearch');
    expect(getPath(tavily.value, ['args', 'max_results'])!.source.name).toBe('user.hocon');
    expect(getPath(tavily.value, ['args', 'topic'])!.source.name).toBe('default.hocon');
    expect(getPath(tavily.value, ['class'])!.source.name).toBe('default.hocon');
    expect(toolbox.diagnostics).toEqual([]);
  });

  it('converts a user string to the type the default has at that place', () => {
    const toolbox = load('tavily_search { args { max_results = "7", include_answer = "True", topic = "news" } }\n');
    expect(toolbox.tools[0]!.args).toEqual({ max_results: 7, include_answer: true, topic: 'news' });
    const converted = getPath(toolbox.tools[0]!.value, ['args', 'max_results']);
    expect(converted).toMatchObject({ kind: 'number', numberKind: 'int' });
  });

  it('warns when such a string cannot be converted', () => {
    const toolbox = load('tavily_search { args { max_results = "many" } }\n');
    expect(toolbox.diagnostics.map((d) => [d.rule, d.file, d.line])).toEqual([['override-type', 'user.hocon', 1]]);
  });

  it('replaces lists and scalars whole', () => {
    const host = memoryHost({ 'd.hocon': 't { class = "a.b.C", args { tags = [1, 2, 3] } }', 'u.hocon': 't { args { tags = [9] } }' });
    const toolbox = loadToolbox({ host, defaultFile: 'd.hocon', userFile: 'u.hocon' });
    expect(toolbox.tools[0]!.args).toEqual({ tags: [9] });
  });

  it('infers display_as by neuro-san\'s rule and marks it as inferred', () => {
    const toolbox = load('agent_like { class = "a.b.C", display_as = "llm_agent" }\n');
    const shown = Object.fromEntries(toolbox.tools.map((t) => [t.name, t.displayAs]));
    expect(shown).toEqual({
      tavily_search: { value: 'langchain_tool', inferred: true },
      get_time: { value: 'coded_tool', inferred: true },
      agent_like: { value: 'llm_agent', inferred: false },
    });
  });

  it('a toolkit is known once the test-run worker has loaded its class', () => {
    const host = memoryHost({ 'u.hocon': 'gmail { class = "langchain_google_community.gmail.toolkit.GmailToolkit" }' });
    const before = loadToolbox({ host, userFile: 'u.hocon' });
    expect(before.tools[0]!.kind).toBe('langchain');
    const after = loadToolbox({ host, userFile: 'u.hocon', classInfo: new Map([['gmail', { isToolkit: true, toolkitTools: ['send'] }]]) });
    expect(after.tools[0]!.kind).toBe('toolkit');
  });
});

describe('plain values of an entry', () => {
  it('keep the order keys are written in (the form and the test-run form show parameters in that order)', () => {
    const host = memoryHost({ 'u.hocon': 't { class = "m.C", description = "d", parameters { type = object, properties { text {type = string}, mood {type = string}, times {type = integer} } }, args { z = 1, a = 2 } }' });
    const tool = loadToolbox({ host, userFile: 'u.hocon' }).tools[0]!;
    expect(Object.keys((tool.parameters as { properties: object }).properties)).toEqual(['text', 'mood', 'times']);
    expect(Object.keys(tool.args!)).toEqual(['z', 'a']);
  });
});
