/**
 * Form fields edit the document as the user types, a short pause after the last keystroke. Whatever has not been
 * written yet must still reach the document before it is saved, run, closed or left: each field with typing not yet
 * written registers a flush here, and every such action calls `flushPendingEdits()` first.
 *
 * A burst of typing in one field is one undo step: while a field writes, the document model is told which burst the
 * edit belongs to (`burstOfEdit`), and edits of the same burst join one undo step until the burst ends.
 */
const flushers = new Set<() => void>();

/** Registers a field's flush; returns the unregister function. */
export function registerPendingEdit(flush: () => void): () => void {
  flushers.add(flush);
  return () => flushers.delete(flush);
}

/** Writes every field's unwritten typing into the document now (synchronously). */
export function flushPendingEdits(): void {
  for (const flush of [...flushers]) flush();
}

let currentBurst: string | null = null;

/** Runs `write` with its edits counted as part of the typing burst `burst` (see documentModel.applyEdits). */
export function inBurst<T>(burst: string, write: () => T): T {
  const previous = currentBurst;
  currentBurst = burst;
  try {
    return write();
  } finally {
    currentBurst = previous;
  }
}

/** The typing burst the edit being applied belongs to, or null for a one-off edit. */
export function burstOfEdit(): string | null {
  return currentBurst;
}

let burstEnder: () => void = () => undefined;

/** The document model says how to close a burst's undo step (it owns the undo stack). */
export function setBurstEnder(end: () => void): void {
  burstEnder = end;
}

/** A field's typing is over (it lost focus): the next edit, whatever makes it, is a new undo step. */
export function endTypingBurst(): void {
  burstEnder();
}
