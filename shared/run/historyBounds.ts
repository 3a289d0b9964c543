/**
 * How much run history is kept (node/history/historyStore.ts keeps it; the History pane says so): the last runs of
 * each tool, and within each toolbox's file the newest runs up to a cap, the oldest making way.
 */

/** Enough to find a recent call again without the file growing without end. */
export const MAX_ENTRIES_PER_TOOL = 50;

/**
 * A toolbox's history file is never written larger than this (50 runs of each tool, content cut, reach it only with
 * huge arguments or a great many tools): a run that would take it past the cap drops the oldest runs of the toolbox,
 * down to ~3/4 of it (node/history/historyTrim.ts).
 */
export const MAX_HISTORY_FILE_BYTES = 64 * 1024 * 1024;

/** What the History pane says of it. */
export const HISTORY_KEEPS = `History keeps the last ${MAX_ENTRIES_PER_TOOL} runs of each tool, and the newest runs of the toolbox up to ${MAX_HISTORY_FILE_BYTES / 1048576} MB: older ones make way.`;
