import type { ApiClient } from '../../shared/api/index';
import type { TextChannel } from '../api/textSender';
import { wasReplaced } from '../state/documentEvents';
import { isDirty, type DocumentStoreHook } from '../state/documentStore';

/** How often unsaved text is snapshotted while the user edits (at most). */
export const SNAPSHOT_INTERVAL_MS = 2000;

/**
 * Crash recovery: while the document has unsaved changes, its text is sent to the state folder every few seconds
 * (`recovery.save`); saving, closing or reloading clears it. When a file is opened and a snapshot that differs from
 * it is still there, the previous session ended without saving: the user is offered to restore it.
 */
export function installRecovery(api: ApiClient, useDocument: DocumentStoreHook, channel: TextChannel, offer: (text: string) => void): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  let snapshotPath: string | null | undefined; // the slot holding our latest snapshot
  const texts = channel.createSender();
  const clear = (path: string | null) => void api.invoke('recovery.clear', { path }).catch(() => undefined);

  const snapshot = () => {
    timer = undefined;
    const state = useDocument.getState();
    if (!isDirty(state)) return;
    snapshotPath = state.path;
    const { path } = state;
    void texts.send(state.text, (fields) => api.invoke('recovery.save', { path, ...fields })).catch(() => undefined);
  };

  const unsubscribe = useDocument.subscribe((state, previous) => {
    if (wasReplaced(state, previous)) {
      if (snapshotPath !== undefined && previous.status === 'ready') clear(snapshotPath); // closed or replaced on purpose
      snapshotPath = undefined;
      if (state.status === 'ready') {
        const loaded = state.text;
        void api.invoke('recovery.get', { path: state.path }).then(({ text }) => {
          const now = useDocument.getState();
          if (text !== null && text !== loaded && now.text === loaded && now.path === state.path) offer(text);
        }, () => undefined);
      }
      return;
    }
    if (state.status !== 'ready') return;
    if (!isDirty(state)) {
      if (snapshotPath !== undefined) clear(snapshotPath);
      if (state.path !== previous.path && previous.path === null) clear(null); // an untitled file saved under a name
      snapshotPath = undefined;
      return;
    }
    if (state.text !== previous.text && timer === undefined) timer = setTimeout(snapshot, SNAPSHOT_INTERVAL_MS);
  });
  return () => {
    clearTimeout(timer);
    unsubscribe();
  };
}
