import { createHash } from 'node:crypto';
import { rm } from 'node:fs/promises';
import path from 'node:path';
import { MAX_TEXT_FILE_BYTES } from '../files/textFiles';
import { readStateFile, writePrivateFile } from './privateState';

/** A snapshot holds an unsaved text (files open up to MAX_TEXT_FILE_BYTES) as a JSON string, escapes and all. */
const MAX_RECOVERY_FILE_BYTES = 2 * MAX_TEXT_FILE_BYTES;

/**
 * Unsaved edits kept for crash recovery: one JSON file per document in `<state>/recovery/`, named by a hash of the
 * document's path (untitled documents share one slot). The renderer saves a snapshot while there are unsaved
 * changes and clears it on save, close or discard; a snapshot still there when the file is opened again was left by
 * a crash.
 */
export class RecoveryStore {
  private readonly dir: string;
  private readonly stateDir: string;

  constructor(stateDir: string) {
    this.stateDir = stateDir;
    this.dir = path.join(stateDir, 'recovery');
  }

  private fileFor(docPath: string | null): string {
    const id = createHash('sha256').update(docPath ?? '<untitled>').digest('hex').slice(0, 32);
    return path.join(this.dir, `${id}.json`);
  }

  async save(docPath: string | null, text: string): Promise<void> {
    await writePrivateFile(this.fileFor(docPath), JSON.stringify({ path: docPath, text, savedAt: Date.now() }), this.stateDir);
  }

  async get(docPath: string | null): Promise<{ text: string | null; savedAt: number | null }> {
    try {
      const text = await readStateFile(this.fileFor(docPath), MAX_RECOVERY_FILE_BYTES);
      if (text === undefined) return { text: null, savedAt: null };
      const parsed = JSON.parse(text) as { path?: unknown; text?: unknown; savedAt?: unknown };
      if (parsed.path !== docPath || typeof parsed.text !== 'string') return { text: null, savedAt: null };
      return { text: parsed.text, savedAt: typeof parsed.savedAt === 'number' ? parsed.savedAt : null };
    } catch {
      return { text: null, savedAt: null }; // none, or damaged: nothing to offer
    }
  }

  async clear(docPath: string | null): Promise<void> {
    await rm(this.fileFor(docPath), { force: true });
  }
}
