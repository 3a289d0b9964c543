import { describe, expect, it } from 'vitest';
import { applyEdits, EditRefusedError } from '../hocon/index';
import { fieldSourcesOf, type FieldSource } from './fieldSources';
import { loadToolbox } from './loadToolbox';
import { memoryHost } from './testHost';
import { editTarget, sourceEdits, sourceRemovals, type SourceChoice } from './fieldSourceEdits';

const TEXT = [
  '{',
  '  "tavily": {',
  '    "class": "langchain_tavily.tavily_search.TavilySearch",',
  '    "args": {',
  '      "max_results": 5',
  '      "max_results": ${?TAVILY_MAX_RESULTS}  # env override',
  '    }',
  '  }',
  '}',
  '',
].join('\n');
const KEYS = ['tavily', 'args', 'max_results'];

/** The field's source as the analysis sends it, for `text` and `env`. */
function sourceFor(text: string, env: Record<string, string>): FieldSource | undefined {
  const toolbox = loadToolbox({ host: memoryHost({ 'user.hocon': text }), userFile: 'user.hocon', env });
  return fieldSourcesOf(toolbox.tools[0]!, { userRoot: toolbox.userSpecRoot, userFile: 'user.hocon', env }).find((s) => s.path.join('.') === 'args.max_results');
}

const edit = (text: string, env: Record<string, string>, choice?: SourceChoice, value = '10') => applyEdits(text, sourceEdits(text, KEYS, value, sourceFor(text, env), choice, { checked: true }));

describe('a form edit of a value set again by ${?VAR}', () => {
  it('with the variable unset, changes the value that wins and keeps the override line as it is', () => {
    expect(editTarget(sourceFor(TEXT, {}))).toEqual({ direct: true });
    expect(edit(TEXT, {})).toBe(TEXT.replace('"max_results": 5', '"max_results": 10'));
  });

  it('without the analysis (it has not caught up), still keeps the override: an unknown variable counts as unset', () => {
    expect(applyEdits(TEXT, sourceEdits(TEXT, KEYS, '10', undefined, undefined, { checked: true }))).toBe(TEXT.replace('"max_results": 5', '"max_results": 10'));
    expect(applyEdits(TEXT, sourceEdits(TEXT, KEYS, '10', undefined, undefined, { checked: false }))).toBe(TEXT.replace('"max_results": 5', '"max_results": 10'));
  });

  it('with the variable set, asks; each choice changes only what it says', () => {
    const env = { TAVILY_MAX_RESULTS: '3' };
    expect(editTarget(sourceFor(TEXT, env))).toEqual({ direct: false, choices: ['override', 'base', 'both'] });
    expect(() => edit(TEXT, env)).toThrow(EditRefusedError);
    expect(edit(TEXT, env, 'base')).toBe(TEXT.replace('"max_results": 5', '"max_results": 10'));
    expect(edit(TEXT, env, 'override')).toBe(TEXT.replace('${?TAVILY_MAX_RESULTS}', '10'));
    expect(edit(TEXT, env, 'both')).toBe(TEXT.replace('"max_results": 5', '"max_results": 10').replace('      "max_results": ${?TAVILY_MAX_RESULTS}  # env override\n', ''));
  });

  it('a later keystroke of the same burst edits the one definition left after "replace both"', () => {
    const env = { TAVILY_MAX_RESULTS: '3' };
    const stale = sourceFor(TEXT, env);
    const once = applyEdits(TEXT, sourceEdits(TEXT, KEYS, '1', stale, 'both', { checked: true }));
    const twice = applyEdits(once, sourceEdits(once, KEYS, '12', stale, 'both', { checked: true }));
    expect(twice).toBe(TEXT.replace('"max_results": 5', '"max_results": 12').replace('      "max_results": ${?TAVILY_MAX_RESULTS}  # env override\n', ''));
  });

  it('a value written once is edited as before', () => {
    const text = 'a { class = "x.y.Z", args { n = 1 } }\n';
    expect(applyEdits(text, sourceEdits(text, ['a', 'args', 'n'], '2', undefined, undefined, { checked: true }))).toBe('a { class = "x.y.Z", args { n = 2 } }\n');
  });
});

describe('a key set only by an unset ${?VAR}', () => {
  const LONE = 'tavily {\n  class = "langchain_tavily.tavily_search.TavilySearch"\n  args {\n    max_results = ${?TAVILY_MAX_RESULTS}\n  }\n}\n';
  const loneSource = (files: Record<string, string>) => {
    const toolbox = loadToolbox({ host: memoryHost(files), userFile: 'user.hocon', ...(files['default.hocon'] ? { defaultFile: 'default.hocon' } : {}), env: {} });
    const tool = toolbox.tools.find((t) => t.name === 'tavily')!;
    return fieldSourcesOf(tool, { userRoot: toolbox.userSpecRoot, userFile: 'user.hocon', env: {} }).find((s) => s.path.join('.') === 'args.max_results');
  };

  it('asks before replacing the override, alone or over the default toolbox', () => {
    for (const files of [{ 'user.hocon': LONE }, { 'user.hocon': LONE, 'default.hocon': 'tavily { class = "a.b.C", args { max_results = 5 } }' }] as Record<string, string>[]) {
      const source = loneSource(files);
      expect(editTarget(source)).toEqual({ direct: false, choices: ['override'] });
      expect(() => sourceEdits(LONE, KEYS, '10', source, undefined, { checked: true })).toThrow(EditRefusedError);
      expect(applyEdits(LONE, sourceEdits(LONE, KEYS, '10', source, 'override', { checked: true }))).toBe(LONE.replace('${?TAVILY_MAX_RESULTS}', '10'));
    }
  });
});

describe('choosing one definition, and removing', () => {
  const env = { TAVILY_MAX_RESULTS: '3' };

  it('{ definition } changes that one only: the base keeps the document as it is, the override replaces the substitution', () => {
    const source = sourceFor(TEXT, env);
    expect(applyEdits(TEXT, sourceEdits(TEXT, KEYS, '10', source, { definition: 0 }, { checked: true }))).toBe(TEXT.replace('"max_results": 5', '"max_results": 10'));
    expect(applyEdits(TEXT, sourceEdits(TEXT, KEYS, '10', source, { definition: 1 }, { checked: true }))).toBe(TEXT.replace('${?TAVILY_MAX_RESULTS}', '10'));
    // Unset, the override is after the winner: given a value, it is the one that wins.
    expect(applyEdits(TEXT, sourceEdits(TEXT, KEYS, '10', sourceFor(TEXT, {}), { definition: 1 }, { checked: true }))).toBe(TEXT.replace('${?TAVILY_MAX_RESULTS}', '10'));
    expect(() => sourceEdits(TEXT, KEYS, '10', source, { definition: 2 }, { checked: true })).toThrow('has no definition 3 (it has 2)');
  });

  it('removing a key with an override among its definitions needs a choice; "all" or one definition', () => {
    const source = sourceFor(TEXT, {});
    expect(() => sourceRemovals(TEXT, KEYS, source, undefined, { checked: true })).toThrow('removing it would remove the override too');
    const withoutBoth = TEXT.replace('      "max_results": 5\n      "max_results": ${?TAVILY_MAX_RESULTS}  # env override\n', '');
    expect(applyEdits(TEXT, sourceRemovals(TEXT, KEYS, source, 'all', { checked: true }))).toBe(withoutBoth);
    expect(applyEdits(TEXT, sourceRemovals(TEXT, KEYS, source, { definition: 0 }, { checked: true }))).toBe(TEXT.replace('      "max_results": 5\n', ''));
    // Two plain values: removing the key removes both, as before.
    const twice = TEXT.replace('${?TAVILY_MAX_RESULTS}', '6');
    expect(applyEdits(twice, sourceRemovals(twice, KEYS, sourceFor(twice, {}), undefined, { checked: true }))).toBe(withoutBoth.replace('${?TAVILY_MAX_RESULTS}', '6'));
  });
});
