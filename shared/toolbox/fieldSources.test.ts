import { describe, expect, it } from 'vitest';
import { NeuroSanEntryCache } from '../neurosan/index';
import { fieldSourcesOf } from './fieldSources';
import { loadToolbox, type Reading } from './loadToolbox';
import { memoryHost } from './testHost';

const OVERRIDE = [
  'tavily {',
  '  class = "langchain_tavily.tavily_search.TavilySearch"',
  '  args {',
  '    "max_results": 5',
  '    "max_results": ${?TAVILY_MAX_RESULTS}  # env override',
  '    "api_key": ${?TAVILY_API_KEY}',
  '    "topic": "news"',
  '  }',
  '}',
].join('\n');

function sources(files: Record<string, string>, env: Record<string, string> = {}, reading: Reading = 'neuro-san', tool = 'tavily') {
  const toolbox = loadToolbox({
    host: memoryHost(files),
    userFile: 'user.hocon',
    ...(files['default.hocon'] ? { defaultFile: 'default.hocon' } : {}),
    reading,
    env,
    neuroSanCwd: '.',
    neuroSanEntryCache: new NeuroSanEntryCache(),
  });
  const entry = toolbox.tools.find((t) => t.name === tool)!;
  return fieldSourcesOf(entry, { userRoot: toolbox.userSpecRoot, userFile: 'user.hocon', env });
}

describe('where each field of a tool gets its value', () => {
  for (const reading of ['neuro-san', 'spec'] as const) {
    it(`lists a value set again by an unset \${?VAR}: the first wins, the override is unset (${reading})`, () => {
      const found = sources({ 'user.hocon': OVERRIDE }, {}, reading);
      const max = found.find((s) => s.path.join('.') === 'args.max_results')!;
      expect(max.definitions.map((d) => [d.text, d.kind, d.where, d.range.start.line])).toEqual([
        ['5', 'value', 'here', 4],
        ['${?TAVILY_MAX_RESULTS}', 'substitution', 'here', 5],
      ]);
      expect(max.winner).toBe(0);
      expect(max.definitions[1]!.references).toEqual([{ name: 'TAVILY_MAX_RESULTS', optional: true, from: 'environment', set: false }]);
      // Written once, plainly: nothing to say.
      expect(found.some((s) => s.path.join('.') === 'args.topic')).toBe(false);
      expect(found.some((s) => s.path.join('.') === 'class')).toBe(false);
    });
  }

  it('shows the environment value when set, and never the value of a credential', () => {
    const found = sources({ 'user.hocon': OVERRIDE }, { TAVILY_MAX_RESULTS: '3', TAVILY_API_KEY: 'tvly-secret' });
    const max = found.find((s) => s.path.join('.') === 'args.max_results')!;
    expect(max.winner).toBe(1);
    expect(max.definitions[1]!.references[0]).toEqual({ name: 'TAVILY_MAX_RESULTS', optional: true, from: 'environment', set: true, value: '3' });
    const key = found.find((s) => s.path.join('.') === 'args.api_key')!;
    expect(key.winner).toBe(0);
    expect(key.definitions[0]!.references[0]).toEqual({ name: 'TAVILY_API_KEY', optional: true, from: 'environment', set: true, hidden: true });
    expect(JSON.stringify(found)).not.toContain('tvly-secret');
  });

  it('a substitution of a key of the file is found there; an unset override alone is listed, with nothing winning', () => {
    const found = sources({ 'user.hocon': 'common { max = 9 }\nt { class = "a.b.C", args { x = ${?NOPE}, y = ${common.max} } }' }, {}, 'neuro-san', 't');
    // HOCON skips it, so the key is absent from the reading; the user wrote it, so the form shows it.
    expect(found.find((s) => s.path.join('.') === 'args.x')).toMatchObject({
      winner: -1,
      definitions: [{ text: '${?NOPE}', kind: 'substitution', where: 'here', range: { start: { line: 2 } }, references: [{ name: 'NOPE', optional: true, from: 'environment', set: false }] }],
    });
    const y = found.find((s) => s.path.join('.') === 'args.y')!;
    expect(y.winner).toBe(0);
    expect(y.definitions[0]!.references).toEqual([{ name: 'common.max', optional: false, from: 'file', set: true }]);
  });

  it("an unset override alone in an override of a default tool keeps the default toolbox's value", () => {
    const found = sources({
      'default.hocon': 'tavily { class = "langchain_tavily.tavily_search.TavilySearch", args { max_results = 5 } }',
      'user.hocon': 'tavily {\n  args {\n    max_results = ${?MAX}\n  }\n}\n',
    });
    const max = found.find((s) => s.path.join('.') === 'args.max_results')!;
    expect(max.definitions.map((d) => [d.where, d.text, d.kind])).toEqual([
      ['default', '5', 'value'],
      ['here', '${?MAX}', 'substitution'],
    ]);
    expect(max.winner).toBe(0);
    // Set, it wins as any override does (the reading then has the key: no special case).
    const set = sources({ 'default.hocon': 'tavily { class = "a.b.C", args { max_results = 5 } }', 'user.hocon': 'tavily { args { max_results = ${?MAX} } }' }, { MAX: '7' });
    expect(set.find((s) => s.path.join('.') === 'args.max_results')!.definitions.map((d) => d.text)).toEqual(['${?MAX}']);
  });

  it('names an included file and the default toolbox', () => {
    const found = sources({
      'default.hocon': 'tavily { class = "langchain_tavily.tavily_search.TavilySearch", args { max_results = 5, topic = "general" } }',
      'user.hocon': 'tavily { args { include "extra.hocon" } }',
      'extra.hocon': 'max_results = 7',
    });
    const max = found.find((s) => s.path.join('.') === 'args.max_results')!;
    expect(max.definitions.map((d) => [d.where, d.file, d.text])).toEqual([['include', 'extra.hocon', '7']]);
    const topic = found.find((s) => s.path.join('.') === 'args.topic')!;
    expect(topic.definitions.map((d) => [d.where, d.file, d.text])).toEqual([['default', 'default.hocon', '"general"']]);
  });
});
