/**
 * What the reading of one file finds on disk about its project (the files listed, the runs shipped, where neuro-san
 * runs), kept a short while: the app and the language server read the file at every keystroke, and a folder walk or
 * a file read per keystroke is wasted work. Nothing is invalidated otherwise: what changed on disk is seen once the
 * time has passed, as before.
 */
export interface KeptBriefly<V> {
  /** The value kept for `key` when younger than the time given, else `make()`'s, kept from now. */
  get(key: string, make: () => V): V;
}

/** Keeps up to `size` values for `ms` milliseconds each, the oldest put first dropped. */
export function keptBriefly<V>(ms: number, size: number): KeptBriefly<V> {
  const kept = new Map<string, { at: number; value: V }>();
  return {
    get(key, make) {
      const now = Date.now();
      const hit = kept.get(key);
      if (hit !== undefined && now - hit.at < ms) return hit.value;
      const value = make();
      kept.delete(key);
      kept.set(key, { at: now, value });
      if (kept.size > size) kept.delete(kept.keys().next().value!);
      return value;
    },
  };
}
