import { describe, expect, it } from 'vitest';
import { loadToolbox } from '../loadToolbox';
import { memoryHost } from '../testHost';
import { REVIEW_RULE_DEFAULTS } from '../reviewSettings';
import { reviewEntries } from './entryReview';
import type { RuleLevels } from './ruleLevels';

function review(text: string, levels: RuleLevels = REVIEW_RULE_DEFAULTS, defaults?: string) {
  const files: Record<string, string> = { 'tb.hocon': text, ...(defaults !== undefined ? { 'd.hocon': defaults } : {}) };
  const { tools } = loadToolbox({ host: memoryHost(files), userFile: 'tb.hocon', ...(defaults !== undefined ? { defaultFile: 'd.hocon' } : {}) });
  return reviewEntries(tools, levels).map((d) => `${d.severity} ${d.rule} ${d.tool} ${d.line}:${d.column} ${d.message}`);
}

describe("an entry's style: hints unless the project sets them", () => {
  it('a class from the sunset langchain_community package', () => {
    expect(review('t { class = "langchain_community.tools.X" }\n')).toEqual([
      "hint langchain-community t 1:13 'langchain_community.tools.X' comes from langchain_community, which is sunset: prefer the maintained integration package (see https://docs.langchain.com/oss/python/integrations/tools).",
    ]);
    expect(review('t { class = "langchain_tavily.tavily_search.TavilySearch" }\n')).toEqual([]);
  });

  it('a base_tool_info_url that is not an http(s) URL, or not text', () => {
    expect(review('t { class = "a.b.C", base_tool_info_url = "see docs" }\nu { class = "a.b.C", base_tool_info_url = 3 }\n')).toEqual([
      `hint tool-info-url t 1:43 'base_tool_info_url' of 't' is not an http(s) URL: "see docs".`,
      "hint tool-info-url u 2:43 'base_tool_info_url' of 'u' should be a URL (a string).",
    ]);
    expect(review('t { class = "a.b.C", base_tool_info_url = "https://example.com/x" }\n')).toEqual([]);
  });

  it('at the level set: a warning, or nothing', () => {
    const text = 't { class = "langchain_community.tools.X", base_tool_info_url = "ftp://x" }\n';
    const levels = { ...REVIEW_RULE_DEFAULTS, 'langchain-community': 'warning', 'tool-info-url': 'off' } as const;
    expect(review(text, levels).map((line) => line.split(' ').slice(0, 2).join(' '))).toEqual(['warning langchain-community']);
  });

  it("the shipped default toolbox's entries are not the user's", () => {
    expect(review('', REVIEW_RULE_DEFAULTS, 't { class = "langchain_community.tools.X", base_tool_info_url = "x" }\n')).toEqual([]);
  });
});
