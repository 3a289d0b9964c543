/**
 * Runs operations on the same key one after another, in the order they were asked for: every save of a file in this
 * process checks the disk and writes as one step, so two windows saving at once cannot both pass the check.
 */
const tails = new Map<string, Promise<unknown>>();

export async function oneAtATime<T>(key: string, operation: () => Promise<T>): Promise<T> {
  const run = (tails.get(key) ?? Promise.resolve()).then(operation);
  const tail = run.catch(() => undefined);
  tails.set(key, tail);
  try {
    return await run;
  } finally {
    if (tails.get(key) === tail) tails.delete(key);
  }
}
