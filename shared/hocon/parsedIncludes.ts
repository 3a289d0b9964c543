/**
 * What a reader parsed of an included file, kept for every reading made through one IncludeHost: a project's reader
 * (shared/project/projectReader.ts) keeps one, so that a file every network of the project includes (its LLM config,
 * shared instructions) is parsed once rather than once per network and per reading. Each reader keeps its own
 * entries under its own name, and an entry serves only the text it was parsed from.
 */
export class ParsedIncludes {
  private readonly entries = new Map<string, { text: string; parsed: unknown }>();
  /** How many times a parse was served (what the benches and tests look at). */
  reused = 0;

  get<T>(reader: string, path: string, text: string): T | undefined {
    const entry = this.entries.get(`${reader}\u0000${path}`);
    if (entry === undefined || entry.text !== text) return undefined;
    this.reused++;
    return entry.parsed as T;
  }

  set<T>(reader: string, path: string, text: string, parsed: T): void {
    this.entries.set(`${reader}\u0000${path}`, { text, parsed });
  }
}
