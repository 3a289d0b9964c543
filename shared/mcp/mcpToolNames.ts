/*
 * How neuro-san names an MCP server's tools for the LLM (`McpToolNamePolicy` and `McpToolNameFilter`, used by its
 * LangChain MCP adapter): OpenAI and Anthropic refuse a whole request when a tool name is outside
 * `^[a-zA-Z0-9_-]+$`, so neuro-san offers `a/b` as `a__b` and `a.b` as `a_b` while still calling the server by the
 * name it advertised. A filter (an agent's `{"url", "tools": [...]}`, or `tools` in the MCP info file) may name a
 * tool in either spelling; a name the server offers exactly wins.
 */

/** The strictest name both providers accept (Anthropic's 128-character cap). */
const TOOL_NAME_PATTERN = /^[a-zA-Z0-9_-]{1,128}$/;
/** OpenAI's cap: neuro-san keeps a longer name but warns. */
export const OPENAI_TOOL_NAME_LIMIT = 64;

export function isProviderSafeName(name: string): boolean {
  return TOOL_NAME_PATTERN.test(name);
}

/** The name an LLM is given: every `/` becomes `__`, every other character outside `[A-Za-z0-9_-]` a `_`. */
export function providerSafeName(name: string): string {
  let out = '';
  // By code point, as Python iterates a str: an emoji is one character, so one `_`.
  for (const char of name.replaceAll('/', '__')) out += /^[A-Za-z0-9_-]$/.test(char) ? char : '_';
  return out;
}

/** Whether a filter entry names this advertised tool, in the server's spelling or the provider-safe one. */
export function filterEntryMatches(entry: string, original: string): boolean {
  if (entry === original) return true;
  const safeOriginal = providerSafeName(original);
  return entry === safeOriginal || providerSafeName(entry) === safeOriginal;
}

/** The advertised tool a filter entry means: the exact spelling first, else the first that matches. */
export function resolveFilterEntry(entry: string, originals: readonly string[]): string | undefined {
  if (originals.includes(entry)) return entry;
  return originals.find((original) => filterEntryMatches(entry, original));
}

/** The entries of a filter that name no tool the server advertises (neuro-san warns and offers nothing for them). */
export function unmatchedFilterEntries(entries: readonly string[], originals: readonly string[]): string[] {
  return entries.filter((entry) => resolveFilterEntry(entry, originals) === undefined);
}

/** One advertised tool as an agent gets it. */
export interface OfferedTool {
  /** The name the server advertises (and is called with). */
  original: string;
  /** The name the LLM is given. */
  offered: string;
  /** Why neuro-san leaves it out (a nameless tool, a name another tool already takes), if it does. */
  skipped?: string;
  /** Longer than OpenAI's 64 characters, or Anthropic's 128 (neuro-san keeps it, with a warning). */
  tooLong?: boolean;
}

/**
 * What an agent gets from a server that advertises `originals` (in its order): the filter applied first (none or an
 * empty list: every tool), then the names made provider-safe. Two tools that end up with one name are a collision:
 * the one that needed no renaming (else the first) is kept, the other skipped, as neuro-san does.
 */
export function offeredTools(originals: readonly string[], filter: readonly string[] | null): OfferedTool[] {
  const usable = (filter ?? []).filter((entry) => entry !== '');
  let kept: readonly string[] = originals;
  if (usable.length > 0) {
    const selected = new Set(usable.map((entry) => resolveFilterEntry(entry, originals)).filter((n): n is string => n !== undefined));
    kept = originals.filter((name) => selected.has(name));
  }
  const taken = new Set(kept.filter((name) => name !== '' && providerSafeName(name) === name));
  const exposed = new Set<string>();
  return kept.map((original): OfferedTool => {
    if (original === '') return { original, offered: '', skipped: 'the server advertises it without a name' };
    const offered = providerSafeName(original);
    const tooLong = offered.length > OPENAI_TOOL_NAME_LIMIT ? { tooLong: true } : {};
    if (offered === original) {
      if (exposed.has(offered)) return { original, offered, skipped: `the server advertises '${offered}' more than once`, ...tooLong };
    } else if (taken.has(offered)) {
      return { original, offered, skipped: `it would be renamed '${offered}', which another tool of the server already is`, ...tooLong };
    } else {
      taken.add(offered);
    }
    exposed.add(offered);
    return { original, offered, ...tooLong };
  });
}
