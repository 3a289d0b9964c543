import { describe, expect, it } from 'vitest';
import { applyEdits, EditRefusedError } from '../../shared/hocon';
import { fieldSourcesOf, loadToolbox } from '../../shared/toolbox/index';
import { memoryHost } from '../../shared/toolbox/testHost';
import type { FieldSourceDto } from '../../shared/api/index';
import { editTarget, sourceEdits, type SourceChoice } from './fieldSourceEdits';

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
function sourceFor(text: string, env: Record<string, string>): FieldSourceDto | undefined {
  const toolbox = loadToolbox({ host: memoryHost({ 'user.hocon': text }), userFile: 'user.hocon', env });
  return fieldSourcesOf(toolbox.tools[0]!, { userRoot: toolbox.userSpecRoot, userFile: 'user.hocon', env }).find((s) => s.path.join('.') === 'args.max_results');
}

const edit = (text: string, env: Record<string, string>, choice?: SourceChoice, value = '10') => applyEdits(text, sourceEdits(text, KEYS, value, sourceFor(text, env), choice, true));

describe('a form edit of a value set again by ${?VAR}', () => {
  it('with the variable unset, changes the value that wins and keeps the override line as it is', () => {
    expect(editTarget(sourceFor(TEXT, {}))).toEqual({ direct: true });
    expect(edit(TEXT, {})).toBe(TEXT.replace('"max_results": 5', '"max_results": 10'));
  });

  it('without the analysis (it has not caught up), still keeps the override: an unknown variable counts as unset', () => {
    expect(applyEdits(TEXT, sourceEdits(TEXT, KEYS, '10', undefined, undefined, true))).toBe(TEXT.replace('"max_results": 5', '"max_results": 10'));
    expect(applyEdits(TEXT, sourceEdits(TEXT, KEYS, '10', undefined, undefined, false))).toBe(TEXT.replace('"max_results": 5', '"max_results": 10'));
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
    const once = applyEdits(TEXT, sourceEdits(TEXT, KEYS, '1', stale, 'both', true));
    const twice = applyEdits(once, sourceEdits(once, KEYS, '12', stale, 'both', true));
    expect(twice).toBe(TEXT.replace('"max_results": 5', '"max_results": 12').replace('      "max_results": ${?TAVILY_MAX_RESULTS}  # env override\n', ''));
  });

  it('a value written once is edited as before', () => {
    const text = 'a { class = "x.y.Z", args { n = 1 } }\n';
    expect(applyEdits(text, sourceEdits(text, ['a', 'args', 'n'], '2', undefined, undefined, true))).toBe('a { class = "x.y.Z", args { n = 2 } }\n');
  });
});
