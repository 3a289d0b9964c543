import { describe, expect, it } from 'vitest';
import { stem, TermCache, terms, ToolIndex } from './similarity';

const tools = [
  { name: 'search_web_pages', description: 'Searches the web for pages matching a query and returns the top results with titles and links.', parameters: ['query'] },
  { name: 'web_page_search', description: 'Searches web pages for a query and returns the top matching results with links and titles.', parameters: ['query'] },
  { name: 'convert_currency', description: "Converts an amount of money from one currency to another at today's exchange rate.", parameters: ['amount', 'from_currency', 'to_currency'] },
  { name: 'send_email', description: 'Sends an email message to a recipient with a subject and a body.', parameters: ['to', 'subject', 'body'] },
];

describe('similar tools (TF-IDF cosine)', () => {
  it('puts two near-duplicate tools at the top and warns about them, with the words they share', () => {
    const pairs = new ToolIndex(tools).closestPairs(0.5);
    expect([pairs[0]!.a, pairs[0]!.b]).toEqual(['search_web_pages', 'web_page_search']);
    expect(pairs[0]!.warn).toBe(true);
    expect(pairs[0]!.shared).toEqual(expect.arrayContaining(['search', 'web', 'pages', 'query']));
    expect(pairs.slice(1).every((p) => !p.warn && p.score < pairs[0]!.score)).toBe(true);
  });

  it('tools with no word in common are no pair at all', () => {
    const pairs = new ToolIndex(tools).closestPairs(0.5);
    expect(pairs.find((p) => [p.a, p.b].includes('convert_currency') && [p.a, p.b].includes('send_email'))).toBeUndefined();
  });

  it('ranks the tool whose text has the exact phrase first, and says which words matched', () => {
    const index = new ToolIndex(tools);
    const ranked = index.match('convert an amount of money to another currency');
    expect(ranked[0]!.name).toBe('convert_currency');
    // "web page search" is web_page_search's own name: its words in a row beat search_web_pages' same words.
    const web = index.match('web page search');
    expect(web.map((m) => m.name).slice(0, 2)).toEqual(['web_page_search', 'search_web_pages']);
    expect(web[0]!.matched).toEqual(expect.arrayContaining(['web', 'pages', 'search'])); // words as first written in the toolbox
    expect(index.match('bake a cake')).toEqual([]);
  });

  it('splits names and reduces words to stems', () => {
    expect(terms('sendEmail to_currency Searches')).toEqual(['send', 'email', 'currency', 'search']);
    expect(['searching', 'searched', 'queries', 'pages', 'boxes', 'class'].map(stem)).toEqual(['search', 'search', 'query', 'page', 'box', 'class']);
  });
});

describe('reading only the tools an edit touched', () => {
  it('gives the pairs and matches a fresh index gives, reading again only the edited tool', () => {
    const cache = new TermCache();
    new ToolIndex(tools, cache);
    expect(cache.read).toBe(4);
    const edited = tools.map((t) => (t.name === 'send_email' ? { ...t, description: 'Searches the web and sends pages found by email.' } : t));
    const cached = new ToolIndex(edited, cache);
    expect(cache.read).toBe(1);
    expect(cached.closestPairs(0.3, Infinity)).toEqual(new ToolIndex(edited).closestPairs(0.3, Infinity));
    expect(cached.match('web pages by email')).toEqual(new ToolIndex(edited).match('web pages by email'));
  });
});

describe('ToolIndex.replace', () => {
  const VOCABULARY = 'search web pages query results send email message convert currency amount weather city forecast report account customer order invoice'.split(' ');
  const rare = (i: number) => `word${i}`;
  /** A deterministic pseudo-random sequence (an LCG is enough to pick words). */
  const random = (seed: number) => () => ((seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648);

  it('answers as a new index of the tools with one replaced, keystroke after keystroke, in a toolbox big enough to skip common words', () => {
    const next = random(7);
    const describe = (i: number) => Array.from({ length: 4 + Math.floor(next() * 8) }, () => (next() < 0.2 ? rare(Math.floor(next() * 400)) : VOCABULARY[Math.floor(next() * VOCABULARY.length)]!)).join(' ') + ` ${rare(1000 + i)}`;
    const list = Array.from({ length: 260 }, (_, i) => ({ name: `tool_${i}`, description: describe(i), parameters: next() < 0.5 ? ['query'] : ['city', 'days'] }));
    const index = new ToolIndex(list);
    let incremental = 0;
    for (let round = 0; round < 120; round++) {
      const threshold = 0.35;
      expect(index.closestPairs(threshold, Infinity, { warnOnly: true })).toEqual(new ToolIndex(list).closestPairs(threshold, Infinity, { warnOnly: true }));
      const k = Math.floor(next() * list.length);
      const before = list[k]!.description;
      // A letter typed (a word of its own changes), a word of another tool's, or the description of another tool.
      const roll = next();
      const description = roll < 0.5 ? `${before}x` : roll < 0.8 ? `${before} ${VOCABULARY[Math.floor(next() * VOCABULARY.length)]!}` : list[Math.floor(next() * list.length)]!.description;
      list[k] = { ...list[k]!, description };
      if (roll < 0.5) incremental++;
      index.replace(k, list[k]!);
    }
    expect(index.closestPairs(0.35, Infinity, { warnOnly: true })).toEqual(new ToolIndex(list).closestPairs(0.35, Infinity, { warnOnly: true }));
    expect(index.closestPairs(0.2, 50)).toEqual(new ToolIndex(list).closestPairs(0.2, 50));
    expect(index.match('weather forecast for a city')).toEqual(new ToolIndex(list).match('weather forecast for a city'));
    expect(incremental).toBeGreaterThan(40);
    expect(index.closestPairs(0.35, Infinity, { warnOnly: true }).length).toBeGreaterThan(5);
  });
});
