import { describe, expect, it } from 'vitest';
import { loadToolbox } from '../loadToolbox';
import { memoryHost } from '../testHost';
import { readReviewSettings, REVIEW_RULE_DEFAULTS } from '../reviewSettings';
import { DESCRIPTION_RULE_IDS, DescriptionReviewCache, mentions, reviewDescriptions, type DescriptionReviewOptions } from './descriptionReview';
import type { RuleLevel } from './ruleLevels';

// A stand-in counter: one token per word (the real one is node/tokens/; shared code is given a counter).
const wordCount = (text: string) => ({ tokens: text.split(/\s+/).filter(Boolean).length, estimated: false });

function review(text: string, options: Partial<DescriptionReviewOptions> = {}) {
  const { tools } = loadToolbox({ host: memoryHost({ 'tb.hocon': text }), userFile: 'tb.hocon' });
  const settings = readReviewSettings(undefined);
  return reviewDescriptions(tools, { levels: settings.rules, tokenBudget: 250, countTokens: wordCount, tokenizer: 'words', ...options });
}
/** Every description check on, each a hint. */
const ALL_ON: Record<string, RuleLevel> = Object.fromEntries(DESCRIPTION_RULE_IDS.map((rule) => [rule, 'hint']));
const found = (text: string, options?: Partial<DescriptionReviewOptions>) => review(text, options).map((d) => `${d.rule} ${d.tool} ${d.line}:${d.column}`);

const GOOD = 'Returns the current weather for a city: temperature, wind and a short forecast.';
const tool = (name: string, description: string, properties = '') =>
  `${name} { class = "m.C", description = ${JSON.stringify(description)}${properties ? `, parameters { type = object, properties { ${properties} } }` : ''} }`;

describe('description checks, each with its good and its bad example', () => {
  it('description-missing: parameters without a description', () => {
    expect(found(tool('weather', GOOD, 'city { type = string, description = "The city name, e.g. Paris." }'))).toEqual([]);
    expect(found('weather { class = "m.C", parameters { type = object } }')).toEqual(['description-missing weather 1:26']);
  });

  it('description-too-short', () => {
    expect(found(tool('weather', GOOD))).toEqual([]);
    expect(found(tool('weather', 'Weather tool'))).toEqual(['description-too-short weather 1:40']);
  });

  it('description-no-verb: the first sentence says what the tool does', () => {
    expect(found(tool('weather', GOOD))).toEqual([]);
    expect(found(tool('weather', 'The weather in a city, with its temperature and the wind. Uses a public API.'))).toEqual(['description-no-verb weather 1:40']);
    // A verb off the list, recognised by the object after it; and one added to the list.
    expect(found(tool('boom', 'Raise a RuntimeError with the given message, to test error handling.'))).toEqual([]);
    expect(found(tool('echo', 'Echo the text it is given back to the caller, unchanged.'))).toEqual([]);
    expect(found(tool('fails', 'Raises when the input is empty, otherwise does nothing at all.'))).toEqual([]);
    expect(found(tool('weather', 'Weather in a city, with its temperature and the wind, from a public API.'))).toEqual(['description-no-verb weather 1:40']);
  });

  it('parameter-undocumented', () => {
    expect(found(tool('weather', GOOD, 'city { type = string, description = "The city name." }'))).toEqual([]);
    expect(found(tool('weather', GOOD, 'city { type = string }'))).toEqual(['parameter-undocumented weather 1:164']);
  });

  it('description-unknown-argument: the description names a parameter the tool does not have', () => {
    const city = 'city { type = string, description = "The city name." }';
    expect(found(tool('weather', 'Returns the current weather for the given `city`, with its wind and temperature.', city))).toEqual([]);
    expect(found(tool('weather', 'Returns the current weather for the given city_name, with its wind and temperature.', city))).toEqual([
      'description-unknown-argument weather 1:40',
    ]);
    // Another tool's name is not an argument.
    const two = [tool('weather', 'Returns the current weather for a city; call get_forecast for the days ahead.', city), tool('get_forecast', GOOD)].join('\n');
    expect(found(two)).toEqual([]);
    // A field prefix of the query syntax the description teaches is not an argument (neuro-san-studio's arxiv_retriever).
    const query = 'query { type = string, description = "The arXiv query." }';
    const prefixes = 'Searches arXiv with a query of prefixed terms:\nti = title\nid_list = arXiv article ID\nExample: query="id_list:2301.01234"';
    expect(found(tool('arxiv', prefixes, query))).toEqual([]);
    expect(found(tool('arxiv', 'Searches arXiv with a query of prefixed terms; id_list is the arXiv article ID, as in 2301.01234.', query))).toEqual(['description-unknown-argument arxiv 1:38']);
  });

  it('description-unmentioned-parameter (off unless turned on)', () => {
    const text = tool('weather', GOOD, 'units { type = string, description = "metric or imperial" }');
    expect(found(text)).toEqual([]);
    expect(found(text, { levels: ALL_ON })).toEqual(['description-unmentioned-parameter weather 1:164']);
    expect(found(tool('weather', `${GOOD} Give units to choose them.`, 'units { type = string, description = "metric or imperial" }'), { levels: ALL_ON })).toEqual([]);
  });

  it('enum-values-unmentioned', () => {
    const good = 'units { type = string, enum = [metric, imperial], description = "metric or imperial units" }';
    const bad = 'units { type = string, enum = [metric, imperial, kelvin], description = "metric or imperial units" }';
    expect(found(tool('weather', GOOD, good))).toEqual([]);
    const ds = review(tool('weather', GOOD, bad));
    expect(ds.map((d) => d.rule)).toEqual(['enum-values-unmentioned']);
    expect(ds[0]!.message).toContain("takes 'kelvin'");
  });

  it('description-over-budget: counted with the given tokenizer, only when it could be over', () => {
    const long = `${GOOD} ${'It also explains the forecast in detail. '.repeat(10)}`;
    expect(found(tool('weather', GOOD), { tokenBudget: 20 })).toEqual([]);
    const ds = review(tool('weather', long), { tokenBudget: 20 });
    expect(ds.map((d) => d.rule)).toEqual(['description-over-budget']);
    expect(ds[0]!.message).toMatch(/is \d+ tokens \(words\), over the budget of 20/);
    let counted = 0;
    review(tool('weather', GOOD), { tokenBudget: 500, countTokens: (t) => ({ tokens: ++counted + t.length, estimated: false }) });
    expect(counted).toBe(0); // fewer bytes than the budget: cannot be over it
    // A count the counter could only estimate says so.
    const estimated = review(tool('weather', long), { tokenBudget: 20, countTokens: (t) => ({ ...wordCount(t), estimated: true }) });
    expect(estimated[0]!.message).toMatch(/is about \d+ tokens \(words, estimated: too long to count exactly in time\), over the budget of 20/);
  });

  it('description-duplicate: the same text (up to case and spacing) on two tools', () => {
    expect(found([tool('a', GOOD), tool('b', `${GOOD} Also in Fahrenheit.`)].join('\n'))).toEqual([]);
    expect(found([tool('a', GOOD), tool('b', GOOD.toUpperCase().replace(/ /g, '  '))].join('\n'))).toEqual(['description-duplicate b 2:34']);
  });

  it('description-duplicate in a project: only against a tool some agent is offered with it, naming the agent', () => {
    const text = [tool('a', GOOD), tool('b', GOOD), tool('c', GOOD)].join('\n');
    // Only b and c are offered together (to 'desk'); a is offered with neither.
    const pairs: Record<string, { agent: string; file: string }[]> = { 'b c': [{ agent: 'desk', file: 'registries/x.hocon' }] };
    const together = () => (x: string, y: string) => pairs[`${x} ${y}`] ?? [];
    const messages = review(text, { together }).filter((d) => d.rule === 'description-duplicate').map((d) => d.message);
    expect(messages).toEqual(["'c' has the same description as 'b': the LLM cannot tell the two apart, offered together to 'desk' in registries/x.hocon."]);
    // No network offers them (undefined): every later one is said, against the first.
    expect(found(text, { together: () => undefined })).toEqual(['description-duplicate b 2:34', 'description-duplicate c 3:34']);
  });

  it('style advice is a hint; an entry neuro-san builds as a LangChain tool (description-missing) is a warning', () => {
    const severities = (text: string) => review(text).map((d) => `${d.severity} ${d.rule}`);
    expect(severities(tool('weather', 'Weather tool', 'city { type = string }'))).toEqual(['hint description-too-short', 'hint parameter-undocumented']);
    expect(severities('weather { class = "m.C", parameters { type = object } }')).toEqual(['warning description-missing']);
    expect(severities(`${tool('a', GOOD)}\n${tool('b', GOOD)}`)).toEqual(['hint description-duplicate']);
  });

  it('a rule set to "warning" reports warnings, one set to "hint" hints', () => {
    const levels = { ...REVIEW_RULE_DEFAULTS, 'description-too-short': 'warning', 'description-missing': 'hint' } as const;
    const text = `${tool('weather', 'Weather tool')}\nw2 { class = "m.C", parameters { type = object } }`;
    expect(review(text, { levels }).map((d) => `${d.severity} ${d.rule}`)).toEqual(['warning description-too-short', 'hint description-missing']);
  });

  it('a rule turned off reports nothing; the shipped default toolbox is never reviewed', () => {
    expect(found(tool('weather', 'Weather tool'), { levels: { ...REVIEW_RULE_DEFAULTS, 'description-too-short': 'off' } })).toEqual([]);
    const { tools } = loadToolbox({ host: memoryHost({ 'd.hocon': tool('weather', 'Weather tool'), 'tb.hocon': '' }), defaultFile: 'd.hocon', userFile: 'tb.hocon' });
    expect(reviewDescriptions(tools, { levels: ALL_ON, tokenBudget: 250, countTokens: wordCount, tokenizer: 'words' })).toEqual([]);
  });
});

describe('re-checking only the entries an edit touched', () => {
  const options = { levels: ALL_ON, tokenBudget: 250, countTokens: wordCount, tokenizer: 'words' };
  const entries = [tool('a', 'Weather tool'), tool('b', 'The weather in a city, with its temperature and the wind. Uses a public API.'), tool('c', GOOD), tool('d', GOOD)];

  for (const reading of ['neuro-san', 'spec'] as const) {
    it(`finds what a fresh check finds, where the entries now are, checking only the edited one (${reading})`, () => {
      const cache = new DescriptionReviewCache();
      const load = (text: string) => loadToolbox({ host: memoryHost({ 'tb.hocon': text }), userFile: 'tb.hocon', reading, neuroSanCwd: '.' }).tools;
      const before = entries.join('\n');
      expect(reviewDescriptions(load(before), options, cache).length).toBe(3);
      expect(cache.checked).toBe(4);
      // Lines added above every entry, and one entry edited: the others are taken as they were, moved down.
      const after = `# a comment\n# another\n${entries.join('\n').replace('Weather tool', 'Weather tools')}`;
      const cached = reviewDescriptions(load(after), options, cache);
      expect([cache.checked, cache.reused]).toEqual([1, 3]);
      expect(cached).toEqual(reviewDescriptions(load(after), options));
      expect(cached.map((d) => `${d.rule} ${d.line}:${d.column}`)).toEqual(['description-too-short 3:34', 'description-no-verb 4:34', 'description-duplicate 6:34']);
    });
  }

  it('a tool renamed or added changes what a description may name: everything is checked again', () => {
    const cache = new DescriptionReviewCache();
    const load = (text: string) => loadToolbox({ host: memoryHost({ 'tb.hocon': text }), userFile: 'tb.hocon' }).tools;
    reviewDescriptions(load(entries.join('\n')), options, cache);
    reviewDescriptions(load(`${entries.join('\n')}\n${tool('e', GOOD)}`), options, cache);
    expect(cache.checked).toBe(5);
  });
});

describe('.toolbox-editor.json', () => {
  it('sets rules off, to hints or to warnings, and sets the budget and the tokenizer', () => {
    const s = readReviewSettings(
      '{"rules": {"description-too-short": "off", "description-unmentioned-parameter": "hint", "tools-similar": "warning", "langchain-community": "warning"}, "descriptionTokenBudget": 100, "tokenizer": "cl100k_base"}',
    );
    expect(s.problems).toEqual([]);
    expect(s.rules).toMatchObject({ 'description-too-short': 'off', 'description-unmentioned-parameter': 'hint', 'tools-similar': 'warning', 'langchain-community': 'warning' });
    // The rest keep their defaults.
    expect(s.rules).toMatchObject({ 'description-no-verb': 'hint', 'description-missing': 'warning', 'tool-info-url': 'hint' });
    expect(s.descriptionTokenBudget).toBe(100);
    expect(s.tokenizer).toBe('cl100k_base');
  });

  it('says what is wrong, and keeps the rest', () => {
    expect(readReviewSettings('{"rules": {"description-too-short": "error", "no-such-rule": "off"}, "extra": 1}').problems).toEqual([
      "unknown key 'extra' (known: rules, descriptionTokenBudget, tokenizer, similarityThreshold, neuroSanVersion, run)",
      'rule \'description-too-short\' takes "off", "hint" or "warning", not "error"',
      expect.stringContaining("unknown rule 'no-such-rule'"),
    ]);
    expect(readReviewSettings('{"rules": ').problems).toEqual([expect.stringMatching(/^not JSON: line 1, column 11/)]);
  });
});

describe('mentions: a word of the description, any case, not part of a longer word', () => {
  // What it meant before ASCII texts got a search of their own (descriptionReview.ts): a plain search, then a pattern.
  const byPattern = (text: string, word: string) =>
    text.toLowerCase().includes(word.toLowerCase()) &&
    new RegExp(`(?<![\\p{L}\\p{N}_])${word.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?![\\p{L}\\p{N}_])`, 'iu').test(text);

  it('finds the words the pattern finds, in generated texts', () => {
    // A small alphabet so that words meet often: letters of both cases, digits, _, separators, regex characters,
    // and a few non-ASCII ones (ſ and K fold to s and k; é is a letter) for the texts that take the pattern.
    const alphabet = ['a', 'b', 'A', 'B', 's', 'S', 'k', 'K', '1', '_', ' ', '-', '.', '(', '\n', 'é', 'ſ', '\u212a'];
    let seed = 7;
    const random = (n: number) => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed % n;
    };
    const draw = (length: number, letters: string[]) => Array.from({ length }, () => letters[random(letters.length)]).join('');
    let asciiTexts = 0;
    for (let i = 0; i < 20_000; i++) {
      const letters = i % 3 === 0 ? alphabet : alphabet.slice(0, 15);
      const text = draw(random(24), letters);
      const word = random(4) === 0 ? text.slice(random(text.length + 1)).slice(0, 1 + random(4)) : draw(1 + random(3), letters);
      if (!/[^\x20-\x7e\n]/.test(text + word)) asciiTexts++;
      expect(mentions(text, word), `${JSON.stringify(word)} in ${JSON.stringify(text)}`).toBe(byPattern(text, word));
    }
    expect(asciiTexts).toBeGreaterThan(10_000);
  });

  it('on the edges of words', () => {
    expect(mentions('Give the city_name.', 'city_name')).toBe(true);
    expect(mentions('Give the city_names.', 'city_name')).toBe(false);
    expect(mentions('Give the CITY.', 'city')).toBe(true);
    expect(mentions('Give the cityé.', 'city')).toBe(false);
    expect(mentions('Give the ſtate.', 'state')).toBe(false); // the plain search first, as before
  });
});
