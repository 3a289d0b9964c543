import { createHash } from 'node:crypto';
import path from 'node:path';
import { includesWritten, isUrlInclude } from '../../shared/project/includeIndex';
import { errorMessage } from '../../shared/errorMessage';
import { readStateFileSync, SMALL_STATE_FILE_BYTES, writePrivateFile } from '../state/privateState';
import { readTextFileSync } from '../files/textFiles';

/**
 * Includes by `http(s)` URL, as neuro-san reads them (pyhocon's urlopen), fetched only when the user allows it for
 * the project (`--fetch-includes` on the command line; a prompt in the app, remembered per project root) and kept in
 * the state folder (`includes/`), so that a project is read the same offline and fetched once. The reading itself
 * never fetches (it is synchronous and pure): the texts are fetched first, and the reading asks `read(url)`.
 */
export const URL_INCLUDE_LIMITS = {
  /** Per URL: neuro-san's includes are small HOCON files. */
  bytes: 4 * 1024 * 1024,
  timeoutMs: 10_000,
  /** URL includes found inside fetched texts are fetched too, this many levels deep. */
  depth: 4,
  /** At most this many URLs per fetch. */
  urls: 64,
};

export interface FetchedInclude {
  url: string;
  /** Why it could not be fetched; null when it was (or is cached). */
  problem: string | null;
}

type Fetch = (url: string, init: { signal: AbortSignal; redirect: 'follow' }) => Promise<{ ok: boolean; status: number; statusText: string; text(): Promise<string>; headers: { get(name: string): string | null } }>;

export class UrlIncludeStore {
  private readonly dir: string;
  private allowed: Set<string> | undefined;

  constructor(
    private readonly stateDir: string,
    private readonly fetchImpl: Fetch = fetch as unknown as Fetch,
  ) {
    this.dir = path.join(stateDir, 'includes');
  }

  /** The fetched text of `url`, when it was fetched (undefined otherwise): what the reading's host gives. */
  read = (url: string): string | undefined => {
    try {
      return readTextFileSync(this.fileOf(url), URL_INCLUDE_LIMITS.bytes).text;
    } catch {
      return undefined;
    }
  };

  /** Whether the user allowed fetching the includes of the project at `root` (the app remembers it). */
  isAllowed(root: string): boolean {
    return this.allowedRoots().has(path.resolve(root));
  }

  async allow(root: string): Promise<void> {
    const roots = this.allowedRoots();
    roots.add(path.resolve(root));
    await writePrivateFile(path.join(this.stateDir, 'url-includes.json'), `${JSON.stringify({ allowed: [...roots] }, null, 2)}\n`, this.stateDir);
  }

  /**
   * Fetches every URL (and the URLs the fetched texts include, a few levels deep) not fetched yet, keeping each
   * text; says which could not be fetched and why. `refresh`: fetch again what is kept.
   */
  async fetchAll(urls: Iterable<string>, refresh = false): Promise<FetchedInclude[]> {
    const results = new Map<string, string | null>();
    let level = [...new Set(urls)].filter(isHttp);
    for (let depth = 0; depth < URL_INCLUDE_LIMITS.depth && level.length > 0; depth++) {
      const next: string[] = [];
      for (const url of level) {
        if (results.has(url)) continue;
        if (results.size >= URL_INCLUDE_LIMITS.urls) {
          results.set(url, `more than ${URL_INCLUDE_LIMITS.urls} includes by URL: not fetched`);
          continue;
        }
        const kept = refresh ? undefined : this.read(url);
        const text = kept ?? (await this.fetchOne(url));
        if (typeof text === 'object') {
          results.set(url, text.problem);
          continue;
        }
        results.set(url, null);
        if (kept === undefined) await writePrivateFile(this.fileOf(url), text, this.stateDir);
        next.push(...urlIncludesIn([text]).filter((u) => !results.has(u)));
      }
      level = next;
    }
    return [...results].map(([url, problem]) => ({ url, problem }));
  }

  private async fetchOne(url: string): Promise<string | { problem: string }> {
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(), URL_INCLUDE_LIMITS.timeoutMs);
    try {
      const response = await this.fetchImpl(url, { signal: controller.signal, redirect: 'follow' });
      if (!response.ok) return { problem: `HTTP ${response.status} ${response.statusText}`.trim() };
      const length = Number(response.headers.get('content-length') ?? '0');
      if (length > URL_INCLUDE_LIMITS.bytes) return { problem: `larger than ${URL_INCLUDE_LIMITS.bytes} bytes` };
      const text = await response.text();
      if (text.length > URL_INCLUDE_LIMITS.bytes) return { problem: `larger than ${URL_INCLUDE_LIMITS.bytes} bytes` };
      return text;
    } catch (error) {
      return { problem: controller.signal.aborted ? `no answer within ${URL_INCLUDE_LIMITS.timeoutMs / 1000} s` : errorMessage(error) };
    } finally {
      clearTimeout(timer);
    }
  }

  private fileOf(url: string): string {
    return path.join(this.dir, `${createHash('sha256').update(url).digest('hex')}.hocon`);
  }

  private allowedRoots(): Set<string> {
    if (this.allowed === undefined) {
      try {
        const parsed = JSON.parse(readStateFileSync(path.join(this.stateDir, 'url-includes.json'), SMALL_STATE_FILE_BYTES) ?? '{}') as { allowed?: unknown };
        this.allowed = new Set(Array.isArray(parsed.allowed) ? parsed.allowed.filter((r): r is string => typeof r === 'string') : []);
      } catch {
        this.allowed = new Set();
      }
    }
    return this.allowed;
  }
}

function isHttp(url: string): boolean {
  return /^https?:\/\//i.test(url);
}

/** The `http(s)` URLs the texts include. */
export function urlIncludesIn(texts: Iterable<string>): string[] {
  const out = new Set<string>();
  for (const text of texts) for (const include of includesWritten(text)) if (isUrlInclude(include) && isHttp(include.target)) out.add(include.target);
  return [...out];
}

/** The `http(s)` URLs the files (absolute paths) include. */
export function urlIncludesOfFiles(files: Iterable<string>): string[] {
  const texts: string[] = [];
  for (const file of files) {
    try {
      texts.push(readTextFileSync(file).text);
    } catch {
      // Unreadable: its problem is the reading's to say.
    }
  }
  return urlIncludesIn(texts);
}
