import { createContext, useContext } from 'react';

/**
 * Form fields edit the document as the user types, a short pause after the last keystroke. Whatever has not been
 * written yet must still reach the document before it is saved, run, closed or left: each field with typing not yet
 * written registers a flush here, and every such action calls `flush()` first.
 *
 * A burst of typing in one field is one undo step: while a field writes, the document model is told which burst the
 * edit belongs to (`burstOfEdit`), and edits of the same burst join one undo step until the burst ends.
 *
 * One per window, owned by its workspace (workspace.ts); the form's fields reach it through PendingEditsContext.
 */
export interface PendingEdits {
  /** Registers a field's flush; returns the unregister function. */
  register(flush: () => void): () => void;
  /** Writes every field's unwritten typing into the document now (synchronously). */
  flush(): void;
  /** Runs `write` with its edits counted as part of the typing burst `burst` (see documentModel.applyEdits). */
  inBurst<T>(burst: string, write: () => T): T;
  /** The typing burst the edit being applied belongs to, or null for a one-off edit. */
  burstOfEdit(): string | null;
  /** The document model says how to close a burst's undo step (it owns the undo stack). */
  setBurstEnder(end: () => void): void;
  /** A field's typing is over (it lost focus): the next edit, whatever makes it, is a new undo step. */
  endTypingBurst(): void;
  /**
   * An edit the user has already asked for that reaches the document later: a rename confirmed with Enter waits for
   * the language service's answer. `work` settles once it is in the document (or will not come).
   */
  track(work: Promise<unknown>): void;
  /** Resolves once every tracked edit has settled, or after ARRIVING_EDITS_WAIT_MS: what a save waits for. */
  settled(): Promise<void>;
}

/** How long a save waits at most for edits under way (a language service that does not answer holds no save). */
export const ARRIVING_EDITS_WAIT_MS = 10_000;

export function createPendingEdits(): PendingEdits {
  const flushers = new Set<() => void>();
  let currentBurst: string | null = null;
  let burstEnder: () => void = () => undefined;
  const underWay = new Set<Promise<unknown>>();
  return {
    register(flush) {
      flushers.add(flush);
      return () => flushers.delete(flush);
    },
    flush() {
      for (const flush of [...flushers]) flush();
    },
    inBurst(burst, write) {
      const previous = currentBurst;
      currentBurst = burst;
      try {
        return write();
      } finally {
        currentBurst = previous;
      }
    },
    burstOfEdit: () => currentBurst,
    setBurstEnder(end) {
      burstEnder = end;
    },
    endTypingBurst: () => burstEnder(),
    track(work) {
      const settled = work.then(
        () => undefined,
        () => undefined,
      );
      underWay.add(settled);
      void settled.then(() => underWay.delete(settled));
    },
    async settled() {
      if (underWay.size === 0) return;
      let timer: ReturnType<typeof setTimeout> | undefined;
      const limit = new Promise<void>((resolve) => (timer = setTimeout(resolve, ARRIVING_EDITS_WAIT_MS)));
      await Promise.race([Promise.all([...underWay]), limit]);
      clearTimeout(timer);
    },
  };
}

/** The window's pending edits, for the form's fields (App provides the workspace's). */
export const PendingEditsContext = createContext<PendingEdits | null>(null);

export function usePendingEdits(): PendingEdits {
  const edits = useContext(PendingEditsContext);
  if (!edits) throw new Error('A form field is drawn outside a workspace (no PendingEditsContext).');
  return edits;
}
