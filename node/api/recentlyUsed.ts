/**
 * A few values by key, the ones used last: a value asked for again moves to the back, and making one past `limit`
 * drops the one used longest ago. For what the app keeps per file between keystrokes (entry caches, the checks'
 * caches): the files being typed in stay, one opened once and closed does not stay for the life of the process.
 */
export class RecentlyUsed<K, V> {
  private readonly kept = new Map<K, V>();

  constructor(private readonly limit: number) {}

  /** The value kept for `key`, else a new one made by `make` (dropping the least recently used past the limit). */
  get(key: K, make: () => V): V {
    let value = this.kept.get(key);
    if (value !== undefined) this.kept.delete(key);
    else value = make();
    this.kept.set(key, value);
    if (this.kept.size > this.limit) this.kept.delete(this.kept.keys().next().value as K);
    return value;
  }

  /** The keys kept, least recently used first. */
  keys(): K[] {
    return [...this.kept.keys()];
  }
}
