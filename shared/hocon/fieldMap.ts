/**
 * An object's fields, in the order they were first defined: a Map's interface (key → HoconField) over one array.
 *
 * Why not a Map of field records: a resolved toolbox has tens of thousands of fields, and a Map (a hash table of
 * 150–300 bytes) per object plus a record per field were most of what reading a big file allocated — and what the
 * garbage collector then copied. So the fields are one array of three slots per field — key, value, key offset —
 * and a field read straight from the text (`FieldMap.plain`: one definition, its value as read) becomes a HoconField
 * only when asked for one (`get`, iteration), once: the HoconField then takes the value's slot, later calls give the
 * same object, and changes to it are the field's. Loops that only read keys and values use `keyAt`/`valueAt`/`value`
 * and make nothing. Small objects are searched by key; past SMALL_OBJECT keys an index from key to position is
 * built and kept up to date.
 *
 * Unlike a Map, do not delete while iterating: collect the keys first.
 */
import { Scanner } from './scanner';
import type { SourceText } from './textPosition';
import { HoconField, type HoconValue } from './values';

/** Up to this many keys, look-ups scan the array. */
export const SMALL_OBJECT = 8;

/** Slots per field: key, value (or its HoconField once made), key start (-1 when the HoconField is given). */
export const FIELD_SLOTS = 3;

export class FieldMap implements Iterable<[string, HoconField]> {
  private slots: unknown[];
  private index: Map<string, number> | undefined;
  /** The file the plain fields were read from. */
  private source: SourceText | undefined = undefined;

  /** `fields` (distinct keys, in order) become the map's; `index` (key → position), when the caller has one. */
  constructor(fields: readonly HoconField[] = [], index?: Map<string, number>) {
    const slots = new Array<unknown>(fields.length * FIELD_SLOTS);
    for (let i = 0; i < fields.length; i++) {
      const field = fields[i] as HoconField;
      slots[i * FIELD_SLOTS] = field.key;
      slots[i * FIELD_SLOTS + 1] = field;
      slots[i * FIELD_SLOTS + 2] = -1;
    }
    this.slots = slots;
    this.index = fields.length <= SMALL_OBJECT ? undefined : (index ?? buildIndex(slots));
  }

  /**
   * Fields read straight from `source`, as slots (key, value, key start per field) that become the map's own;
   * `index` (key → position), when the caller has one.
   */
  static plain(source: SourceText, slots: unknown[], index?: Map<string, number>): FieldMap {
    const map = new FieldMap();
    map.slots = slots;
    map.source = source;
    map.index = slots.length <= SMALL_OBJECT * FIELD_SLOTS ? undefined : (index ?? buildIndex(slots));
    return map;
  }

  get size(): number {
    return this.slots.length / FIELD_SLOTS;
  }

  /** The key at a position (0 ≤ i < size), in definition order. */
  keyAt(i: number): string {
    return this.slots[i * FIELD_SLOTS] as string;
  }

  /** The value at a position, without making a HoconField. */
  valueAt(i: number): HoconValue {
    const slot = this.slots[i * FIELD_SLOTS + 1];
    return slot instanceof HoconField ? slot.value : (slot as HoconValue);
  }

  /** The value of `key`, or undefined, without making a HoconField. */
  value(key: string): HoconValue | undefined {
    const at = this.position(key);
    return at < 0 ? undefined : this.valueAt(at);
  }

  /**
   * For a field read straight from the text (one definition, its value as read), where its key starts; undefined
   * for the others (their HoconField says more). Makes nothing.
   */
  plainKeyStartAt(i: number): number | undefined {
    const start = this.slots[i * FIELD_SLOTS + 2] as number;
    return start >= 0 && !(this.slots[i * FIELD_SLOTS + 1] instanceof HoconField) ? start : undefined;
  }

  /** The HoconField at a position (made on first need). */
  fieldAt(i: number): HoconField {
    const slots = this.slots;
    const slot = slots[i * FIELD_SLOTS + 1];
    if (slot instanceof HoconField) return slot;
    const keyStart = slots[i * FIELD_SLOTS + 2] as number;
    // The key is one token (quoted or unquoted) at keyStart: scan it again for its end.
    const scanner = new Scanner((this.source as SourceText).text, keyStart);
    scanner.next();
    const field = HoconField.plain(slots[i * FIELD_SLOTS] as string, slot as HoconValue, keyStart, scanner.pos);
    slots[i * FIELD_SLOTS + 1] = field;
    return field;
  }

  /** The fields in order (made as needed). */
  get all(): readonly HoconField[] {
    const fields: HoconField[] = [];
    for (let i = 0; i < this.size; i++) fields.push(this.fieldAt(i));
    return fields;
  }

  private position(key: string): number {
    const index = this.index;
    if (index !== undefined) return index.get(key) ?? -1;
    const slots = this.slots;
    for (let i = 0; i < slots.length; i += FIELD_SLOTS) if (slots[i] === key) return i / FIELD_SLOTS;
    return -1;
  }

  get(key: string): HoconField | undefined {
    const at = this.position(key);
    return at < 0 ? undefined : this.fieldAt(at);
  }

  has(key: string): boolean {
    return this.position(key) >= 0;
  }

  /** Sets `key` (which must be `field.key`): a new key goes last, an existing one keeps its place. */
  set(key: string, field: HoconField): this {
    const at = this.position(key);
    if (at >= 0) {
      this.slots[at * FIELD_SLOTS + 1] = field;
      return this;
    }
    const slots = this.slots;
    slots.push(key, field, -1);
    const size = slots.length / FIELD_SLOTS;
    if (this.index !== undefined) this.index.set(key, size - 1);
    else if (size > SMALL_OBJECT) this.index = buildIndex(slots);
    return this;
  }

  delete(key: string): boolean {
    if (!this.has(key)) return false;
    this.deleteAll([key]);
    return true;
  }

  /** Deletes several keys in one pass (deleting them one by one costs a pass each). */
  deleteAll(keys: readonly string[]): void {
    const gone = new Set(keys);
    const kept: unknown[] = [];
    const slots = this.slots;
    for (let i = 0; i < slots.length; i += FIELD_SLOTS) {
      if (!gone.has(slots[i] as string)) kept.push(slots[i], slots[i + 1], slots[i + 2]);
    }
    this.slots = kept;
    this.index = kept.length > SMALL_OBJECT * FIELD_SLOTS ? buildIndex(kept) : undefined;
  }

  *keys(): IterableIterator<string> {
    for (let i = 0; i < this.size; i++) yield this.keyAt(i);
  }

  *values(): IterableIterator<HoconField> {
    for (let i = 0; i < this.size; i++) yield this.fieldAt(i);
  }

  *entries(): IterableIterator<[string, HoconField]> {
    for (let i = 0; i < this.size; i++) yield [this.keyAt(i), this.fieldAt(i)];
  }

  [Symbol.iterator](): IterableIterator<[string, HoconField]> {
    return this.entries();
  }
}

/** Key → position, from slots (key, value, key start per field). */
export function buildIndex(slots: readonly unknown[]): Map<string, number> {
  const index = new Map<string, number>();
  for (let i = 0; i < slots.length; i += FIELD_SLOTS) index.set(slots[i] as string, i / FIELD_SLOTS);
  return index;
}
