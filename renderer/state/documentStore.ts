import { create } from 'zustand';
import type { TextChannel } from '../api/textSender';
import { ApiError, type ApiClient, type ApiEventPayload } from '../../shared/api/index';
import type { PendingEdits } from './pendingEdits';
import { errorMessage } from '../../shared/errorMessage';

/** A message shown in the banner above the editor; `actions` name what the user can do about it. */
export interface Notice {
  kind: 'error' | 'info' | 'conflict' | 'external-change' | 'recovery';
  message: string;
}

export interface DocumentState {
  /** Absolute path, or null for a new file that has never been saved. */
  path: string | null;
  /** What the editor holds now. */
  text: string;
  /** What is on disk as far as we know (the last read or save). */
  savedText: string;
  /** The file's mtime at the last read or save; sent on save to detect someone else's change. */
  mtimeMs: number | null;
  /** The sha256 of the file's content at the last read or save: a save over any other content is refused. */
  sha256: string | null;
  /** 'empty' before any file is open. */
  status: 'empty' | 'loading' | 'ready';
  saving: boolean;
  notice: Notice | null;
  /** Set when the user chose to keep their version over a change on disk: the next save overwrites it. */
  overwriteOnSave: boolean;
  /** Increments whenever the text is replaced from outside the editor (open, reload), so the editor resets. */
  loadGeneration: number;
}

export interface DocumentActions {
  setText(text: string): void;
  /** `unlessEditedFrom`: the text the buffer had when the read began; an edit made meanwhile keeps the buffer. */
  open(path: string, options?: { unlessEditedFrom?: string }): Promise<boolean>;
  newDocument(): Promise<void>;
  /** A document from text that has no path yet (a dropped file in browser mode, a recovered untitled file). */
  openText(text: string): void;
  /** Saves to the current path, or to `path` (Save As). Resolves true when the file is on disk. */
  save(path?: string): Promise<boolean>;
  reload(): Promise<void>;
  keepMine(): void;
  close(): void;
  setNotice(notice: Notice | null): void;
  /** Another program changed or removed a file (`file.changed`, subscribed by installWorkspace): told when it is ours. */
  changedOnDisk(change: ApiEventPayload<'file.changed'>): void;
}

export type DocumentStore = DocumentState & DocumentActions;

export const isDirty = (s: DocumentState) => s.status === 'ready' && (s.path === null || s.text !== s.savedText);

export const fileName = (path: string | null) => (path === null ? 'Untitled.hocon' : (path.split(/[\\/]/).pop() ?? path));

const initial: DocumentState = {
  path: null,
  text: '',
  savedText: '',
  mtimeMs: null,
  sha256: null,
  status: 'empty',
  saving: false,
  notice: null,
  overwriteOnSave: false,
  loadGeneration: 0,
};

/**
 * The open toolbox file. All file I/O goes through the API; this store never touches the disk itself. The window's
 * text channel names the text it reads; its pending edits are written before a save.
 */
export function createDocumentStore(api: ApiClient, texts: TextChannel, edits: PendingEdits) {
  return create<DocumentStore>()((set, get) => {
    const watch = (path: string, mtimeMs: number) => {
      api.invoke('file.watch', { path, mtimeMs }).catch(() => undefined);
    };
    const unwatchCurrent = () => {
      const { path } = get();
      if (path) api.invoke('file.unwatch', { path }).catch(() => undefined);
    };

    return {
      ...initial,
      setText: (text) => set({ text }),
      setNotice: (notice) => set({ notice }),
      changedOnDisk: (change) => {
        const state = get();
        if (state.path !== change.path || change.mtimeMs === state.mtimeMs) return;
        const say = () =>
          set({
            notice: {
              kind: 'external-change',
              message: change.deleted
                ? `${fileName(change.path)} was deleted or moved by another program. Save to write your version back.`
                : `${fileName(change.path)} was changed on disk by another program.`,
            },
          });
        if (change.deleted || state.status !== 'ready' || state.text !== state.savedText) return say();
        // No unsaved edit to lose: take the file's new text, as an editor does (the prompt is for a buffer with edits).
        // What a form field holds is written first, and what is typed while the file is read keeps the prompt.
        void (async () => {
          edits.flush();
          await edits.settled();
          const before = get();
          if (before.path !== change.path || before.text !== before.savedText) return say();
          const taken = await get().open(change.path, { unlessEditedFrom: before.text });
          if (!taken && get().text !== get().savedText) say();
        })();
      },

      open: async (path, options = {}) => {
        const previous = get();
        set({ status: previous.status === 'empty' ? 'loading' : previous.status, notice: null });
        try {
          // The main side keeps the text it read under this name: the first analysis sends no megabytes back.
          const textId = texts.nameText();
          const file = await api.invoke('file.read', { path, textId });
          if (options.unlessEditedFrom !== undefined && get().text !== options.unlessEditedFrom) {
            set({ status: previous.status });
            return false;
          }
          texts.acknowledge(textId, file.text);
          unwatchCurrent();
          set({
            path: file.path,
            text: file.text,
            savedText: file.text,
            mtimeMs: file.mtimeMs,
            sha256: file.sha256,
            status: 'ready',
            notice: null,
            overwriteOnSave: false,
            loadGeneration: get().loadGeneration + 1,
          });
          watch(file.path, file.mtimeMs);
          return true;
        } catch (error) {
          set({ status: previous.status, notice: { kind: 'error', message: `Could not open ${path}: ${errorMessage(error)}` } });
          return false;
        }
      },

      newDocument: async () => {
        try {
          const { text } = await api.invoke('template.newToolbox', {});
          unwatchCurrent();
          set({ ...initial, text, savedText: '', status: 'ready', loadGeneration: get().loadGeneration + 1 });
        } catch (error) {
          set({ notice: { kind: 'error', message: `Could not create a new file: ${errorMessage(error)}` } });
        }
      },

      openText: (text) => {
        unwatchCurrent();
        set({ ...initial, text, savedText: '', status: 'ready', loadGeneration: get().loadGeneration + 1 });
      },

      save: async (targetPath) => {
        // What is typed in a form field is saved too, even before the field has written it; and a rename confirmed
        // a moment ago (its edits come with the language service's answer).
        edits.flush();
        await edits.settled();
        const state = get();
        if (state.saving || state.status !== 'ready') return false;
        const path = targetPath ?? state.path;
        if (!path) return false;
        const sameFile = path === state.path;
        const text = state.text;
        set({ saving: true });
        try {
          const stamp = await api.invoke('file.write', {
            path,
            text,
            ...(sameFile && state.mtimeMs !== null ? { expectedMtimeMs: state.mtimeMs } : {}),
            ...(sameFile && state.sha256 !== null ? { expectedSha256: state.sha256 } : {}),
            ...(sameFile && state.overwriteOnSave ? { overwrite: true } : {}),
          });
          if (!sameFile) unwatchCurrent();
          set({ path: stamp.path, savedText: text, mtimeMs: stamp.mtimeMs, sha256: stamp.sha256, saving: false, notice: null, overwriteOnSave: false });
          watch(stamp.path, stamp.mtimeMs);
          return true;
        } catch (error) {
          const conflict = error instanceof ApiError && error.code === 'conflict';
          set({
            saving: false,
            notice: conflict
              ? { kind: 'conflict', message: `Not saved: ${errorMessage(error)}` }
              : { kind: 'error', message: `Not saved: ${errorMessage(error)} Your changes are still here.` },
          });
          return false;
        }
      },

      reload: async () => {
        const { path } = get();
        if (path) await get().open(path);
      },

      keepMine: () => set({ overwriteOnSave: true, notice: { kind: 'info', message: 'Keeping your version: the next save replaces the file on disk.' } }),

      close: () => {
        unwatchCurrent();
        set({ ...initial, loadGeneration: get().loadGeneration + 1 });
      },
    };
  });
}

export type DocumentStoreHook = ReturnType<typeof createDocumentStore>;
