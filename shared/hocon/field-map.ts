/**
 * An object's fields, in the order they were first defined: a Map's interface over one array.
 *
 * Why not a Map: a resolved toolbox has tens of thousands of small objects, and a Map costs a hash table of
 * about 150–300 bytes each (plus the garbage of its growth) — most of what the garbage collector had to copy when
 * reading a big file. Small objects are searched by key in their array (as fast as hashing for a handful of
 * keys); past SMALL_OBJECT keys an index from key to position is built and kept up to date.
 *
 * Unlike a Map, do not delete while iterating: collect the keys first.
 */
import type { HoconField } from './values';

/** Up to this many keys, look-ups scan the array. */
export const SMALL_OBJECT = 8;

export class FieldMap implements Iterable<[string, HoconField]> {
  private list: HoconField[];
  private index: Map<string, number> | undefined;

  /**
   * `list` becomes the map's own (no copy): fields with distinct keys, in order. `index` (key → position in
   * `list`), when the caller has built one already, too.
   */
  constructor(list: HoconField[] = [], index?: Map<string, number>) {
    this.list = list;
    this.index = list.length <= SMALL_OBJECT ? undefined : (index ?? buildIndex(list));
  }

  get size(): number {
    return this.list.length;
  }

  /** The fields in order, without copying: for loops that go through every field. Do not modify it. */
  get all(): readonly HoconField[] {
    return this.list;
  }

  private position(key: string): number {
    const index = this.index;
    if (index !== undefined) return index.get(key) ?? -1;
    const list = this.list;
    for (let i = 0; i < list.length; i++) if ((list[i] as HoconField).key === key) return i;
    return -1;
  }

  get(key: string): HoconField | undefined {
    const at = this.position(key);
    return at < 0 ? undefined : this.list[at];
  }

  has(key: string): boolean {
    return this.position(key) >= 0;
  }

  /** Sets `key` (which must be `field.key`): a new key goes last, an existing one keeps its place. */
  set(key: string, field: HoconField): this {
    const at = this.position(key);
    if (at >= 0) {
      this.list[at] = field;
      return this;
    }
    const list = this.list;
    list.push(field);
    if (this.index !== undefined) this.index.set(key, list.length - 1);
    else if (list.length > SMALL_OBJECT) this.index = buildIndex(list);
    return this;
  }

  delete(key: string): boolean {
    const at = this.position(key);
    if (at < 0) return false;
    this.list.splice(at, 1);
    this.index = this.list.length > SMALL_OBJECT ? buildIndex(this.list) : undefined;
    return true;
  }

  /** Deletes several keys in one pass (deleting them one by one costs a pass each). */
  deleteAll(keys: readonly string[]): void {
    if (keys.length === 1) {
      this.delete(keys[0] as string);
      return;
    }
    const gone = new Set(keys);
    this.list = this.list.filter((field) => !gone.has(field.key));
    this.index = this.list.length > SMALL_OBJECT ? buildIndex(this.list) : undefined;
  }

  *keys(): IterableIterator<string> {
    for (const field of this.list) yield field.key;
  }

  values(): IterableIterator<HoconField> {
    return this.list.values();
  }

  *entries(): IterableIterator<[string, HoconField]> {
    for (const field of this.list) yield [field.key, field];
  }

  [Symbol.iterator](): IterableIterator<[string, HoconField]> {
    return this.entries();
  }
}

/** Key → position, for a list of more than SMALL_OBJECT fields. */
export function buildIndex(list: readonly HoconField[]): Map<string, number> {
  const index = new Map<string, number>();
  for (let i = 0; i < list.length; i++) index.set((list[i] as HoconField).key, i);
  return index;
}
