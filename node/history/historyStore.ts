/**
 * The test-run history: the last calls of each tool, per toolbox file, kept in the state folder so it survives a
 * restart (`<state>/history/<hash of the toolbox path>.json`). Newest first, capped per tool and per file (the
 * oldest runs of the toolbox make way, historyTrim.ts); long content is cut.
 */
import { createHash } from 'node:crypto';
import { rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { ApiError, type HistoryEntry } from '../../shared/api/index';
import { readTextFile } from '../files/textFiles';
import { writePrivateFile } from '../state/privateState';
import { currentEntry } from './entryFromRun';
import { historyBounds, textWithin, type HistoryBounds, type HistoryContent as HistoryFile } from './historyTrim';
import { MAX_ENTRIES_PER_TOOL, MAX_HISTORY_FILE_BYTES, runKey } from '../../shared/run/index';

/** Content beyond this many characters is cut in the history (the run's own result is never cut). */
export const MAX_CONTENT_CHARS = 20_000;
export { MAX_ENTRIES_PER_TOOL, MAX_HISTORY_FILE_BYTES } from '../../shared/run/index';

/**
 * How much larger than its cap a history file is still read (and trimmed on the next run): earlier versions wrote one
 * run past the cap before they stopped recording. A larger file is not read, nor written over: listing says why and
 * how to clear it (`clearAll`), and runs are recorded again once it is cleared.
 */
const READ_SLACK = 1.25;

/** The calls kept for `tool`: its own entry only, and only a list (a damaged file may hold anything). */
function callsOf(tools: Record<string, HistoryEntry[]>, tool: string): HistoryEntry[] {
  const calls = Object.hasOwn(tools, tool) ? tools[tool] : undefined;
  return Array.isArray(calls) ? calls : [];
}

/**
 * The version of the file a change was made from (null: there was none). Every write renames a new file into place,
 * so another process's write shows as another size or modification time (nanoseconds where the system keeps them).
 */
type Seen = { size: number; mtimeMs: number } | null;

/** Another process (the app, the CLI) wrote the file since it was read: the change is made again from a new read. */
class HistoryChanged extends Error {}

/** Tries of one change against other processes' writes (each lost try is another's write made): then it is given up. */
const MAX_TRIES = 10;

const sizeInWords = (bytes: number) => (bytes >= 1048576 ? `${Math.round(bytes / 1048576)} MB` : `${Math.round(bytes / 1024)} KB`);

export class HistoryStore {
  private readonly dir: string;
  private readonly stateDir: string;
  /** Writes to one file happen one after another, so two quick runs never lose an entry. */
  private readonly queues = new Map<string, Promise<unknown>>();
  private readonly bounds: HistoryBounds;

  /** `maxFileBytes`: the cap of each toolbox's file (tests set a small one). */
  constructor(stateDir: string, { maxFileBytes = MAX_HISTORY_FILE_BYTES }: { maxFileBytes?: number } = {}) {
    this.stateDir = stateDir;
    this.dir = path.join(stateDir, 'history');
    this.bounds = historyBounds(maxFileBytes);
  }

  private fileFor(toolbox: string): string {
    return path.join(this.dir, `${createHash('sha256').update(toolbox).digest('hex').slice(0, 24)}.json`);
  }

  private async read(toolbox: string): Promise<{ content: HistoryFile; seen: Seen }> {
    // Too large, not a regular file, not UTF-8: throws (the file is kept; a run's recording is dropped, not the run),
    // saying what to do: only clearing all of the toolbox's runs needs no reading.
    let text: string | undefined;
    let seen: Seen = null;
    try {
      const read = await readTextFile(this.fileFor(toolbox), Math.floor(this.bounds.maxBytes * READ_SLACK));
      text = read.text;
      seen = { size: read.size, mtimeMs: read.mtimeMs };
    } catch (error) {
      if (error instanceof ApiError && error.code === 'not_found') return { content: emptyHistory(toolbox), seen };
      const said = error instanceof Error ? error.message : String(error);
      const message = `The test-run history of ${toolbox} cannot be read: ${said} "Clear all" under History in the Test run pane (history.clear with no tool) starts it afresh, and runs are recorded again.`;
      throw new ApiError(error instanceof ApiError ? error.code : 'io', message);
    }
    try {
      const parsed = JSON.parse(text) as Partial<HistoryFile>;
      // A hash collision or a damaged file: start afresh rather than show another toolbox's calls.
      if (parsed.version === 1 && parsed.toolbox === toolbox && parsed.tools && typeof parsed.tools === 'object') {
        // JSON.parse makes "__proto__" an own key; copied onto a prototype-less object it stays one.
        return { content: { version: 1, toolbox, tools: Object.assign(Object.create(null) as Record<string, HistoryEntry[]>, parsed.tools) }, seen };
      }
    } catch {
      // damaged: history is a convenience, never a reason to fail a run
    }
    return { content: emptyHistory(toolbox), seen };
  }

  private serialized<T>(toolbox: string, work: () => Promise<T>): Promise<T> {
    const previous = this.queues.get(toolbox) ?? Promise.resolve();
    const next = previous.then(work, work);
    this.queues.set(toolbox, next.catch(() => undefined));
    return next;
  }

  /**
   * Changes the history: reads it, lets `change` edit it (undefined: nothing to write) and writes it whole (a new file
   * renamed over the old one) within its cap, the oldest runs making way but never `keep` (the run being recorded).
   * When another process (the app, the CLI) wrote the file meanwhile, the change is made again on what it wrote, so
   * the other's run is not written over (but for the instant between the check and the rename, as with every save);
   * after MAX_TRIES such losses the change is given up, saying so. False when `keep` alone is past the cap: nothing
   * is written.
   */
  private async update(toolbox: string, change: (content: HistoryFile) => { keep?: HistoryEntry } | undefined): Promise<boolean> {
    for (let tries = 1; ; tries++) {
      const { content, seen } = await this.read(toolbox);
      const made = change(content);
      if (made === undefined) return true;
      const text = textWithin(content, this.bounds, made.keep);
      if (text === undefined) return false;
      try {
        await writePrivateFile(this.fileFor(toolbox), text, this.stateDir, (real) => unchangedSince(real, seen));
        return true;
      } catch (error) {
        if (!(error instanceof HistoryChanged)) throw error;
        if (tries === MAX_TRIES) throw new ApiError('conflict', `The test-run history of ${toolbox} was changed by another program ${MAX_TRIES} times while this one wrote it: the change was not made.`);
      }
    }
  }

  /** The tool's calls, newest first. */
  async list(toolbox: string, tool: string): Promise<HistoryEntry[]> {
    await this.queues.get(toolbox);
    return callsOf((await this.read(toolbox)).content.tools, tool).map(currentEntry);
  }

  /**
   * Records a call (its content cut to MAX_CONTENT_CHARS) and drops the oldest beyond MAX_ENTRIES_PER_TOOL, and the
   * toolbox's oldest runs when the file would pass its cap. A call whose record alone is past the cap is not recorded
   * (an `io` error says so) and the history stays as it was.
   */
  add(toolbox: string, entry: HistoryEntry): Promise<HistoryEntry> {
    return this.serialized(toolbox, async () => {
      const cut = entry.result.content.length > MAX_CONTENT_CHARS;
      const kept: HistoryEntry = cut
        ? { ...entry, result: { ...entry.result, content: entry.result.content.slice(0, MAX_CONTENT_CHARS), truncated: true } }
        : entry;
      const tool = runKey(entry.request.target);
      const recorded = await this.update(toolbox, (content) => {
        content.tools[tool] = [kept, ...callsOf(content.tools, tool)].slice(0, MAX_ENTRIES_PER_TOOL);
        return { keep: kept };
      });
      if (!recorded) {
        throw new ApiError('io', `This run of ${tool} was not kept in the history: its arguments and result take more than the ${sizeInWords(this.bounds.maxBytes)} a toolbox's history holds. The earlier runs are kept.`);
      }
      return kept;
    });
  }

  /**
   * Moves a tool's runs to its new name (a rename of the tool): each run's request names the new tool, and runs the
   * new name already had stay, newest first.
   */
  async rename(toolbox: string, tool: string, newName: string): Promise<void> {
    if (tool === newName) return;
    await this.serialized(toolbox, () =>
      this.update(toolbox, (content) => {
        const moving = callsOf(content.tools, tool);
        if (moving.length === 0) return undefined;
        const renamed = moving.map(currentEntry).map((e) => ({ ...e, request: { ...e.request, target: { ...e.request.target, tool: newName } } }));
        const merged = [...renamed, ...callsOf(content.tools, newName).map(currentEntry)].sort((a, b) => b.at.localeCompare(a.at));
        delete content.tools[tool];
        content.tools[newName] = merged.slice(0, MAX_ENTRIES_PER_TOOL);
        return {};
      }),
    );
  }

  /** Forgets every run of the toolbox, without reading its file: also one too large or damaged to read. */
  async clearAll(toolbox: string): Promise<void> {
    await this.serialized(toolbox, () => rm(this.fileFor(toolbox), { force: true }));
  }

  async clear(toolbox: string, tool: string): Promise<void> {
    await this.serialized(toolbox, () =>
      this.update(toolbox, (content) => {
        delete content.tools[tool];
        return {};
      }),
    );
  }
}

function emptyHistory(toolbox: string): HistoryFile {
  return { version: 1, toolbox, tools: Object.create(null) as Record<string, HistoryEntry[]> };
}

/** Throws HistoryChanged when the file is not the version `seen` (or is there when there was none). */
async function unchangedSince(real: string, seen: Seen): Promise<void> {
  const now = await stat(real).catch(() => undefined);
  const same = seen === null ? now === undefined : now !== undefined && now.size === seen.size && now.mtimeMs === seen.mtimeMs;
  if (!same) throw new HistoryChanged();
}
