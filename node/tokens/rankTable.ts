/**
 * A BPE encoding's ranks as one buffer, and the count gpt-tokenizer gives with them. gpt-tokenizer's encoding module
 * is megabytes of JavaScript that builds a Map of every token when loaded: 150-250 ms of CPU and 60 MB, for a
 * `validate` that counts one description. The same ranks, written at build time into a file of typed arrays (a hash
 * table over the tokens' bytes), load in a few milliseconds and a few MB, and are looked up in place.
 *
 * The count is gpt-tokenizer's (4.0, BytePairEncodingCore.countNative with no special token allowed), step for step:
 * each piece of the encoding's split pattern is one token when the piece is one, else its UTF-8 bytes are merged
 * lowest rank first (ties: leftmost). Lookups as the package's: bytes that are valid UTF-8 are found among the tokens
 * it keeps as strings, after TextDecoder has dropped a leading byte order mark; other bytes among the byte tokens.
 * rankTable.test.ts holds the counts to the package's on real and generated text.
 */
import { detachedString } from '../../shared/detachedString';

/** One token of an encoding as gpt-tokenizer ships it: its text, or its bytes when they are not UTF-8. */
export type RankEntry = string | number[];

const MAGIC = 0x31_4b_4e_52; // "RNK1"
/** The error of a buffer that is no rank table, or one written in another byte order. */
export const NOT_A_TABLE = 'not a rank table in this byte order';
const HEADER_WORDS = 4;
const BOM = [0xef, 0xbb, 0xbf];

/**
 * The file's bytes for the ranks of an encoding (index = rank), in this machine's byte order (the magic number tells
 * another). Throws where the package's lookups would not agree: a token twice, text that is not well-formed.
 */
export function serializeRanks(ranks: readonly RankEntry[]): Uint8Array {
  const encoder = new TextEncoder();
  const count = ranks.length;
  // Every token's bytes into one scratch buffer (UTF-8 takes at most 3 bytes a UTF-16 unit): no array per token.
  let most = 0;
  for (let rank = 0; rank < count; rank++) {
    const entry = ranks[rank];
    if (entry === undefined) throw new Error(`rank ${rank} is missing`);
    most += typeof entry === 'string' ? 3 * entry.length : entry.length;
  }
  const scratch = new Uint8Array(most);
  const ends = new Uint32Array(count);
  let byteLength = 0;
  for (let rank = 0; rank < count; rank++) {
    const entry = ranks[rank]!;
    if (typeof entry === 'string') {
      if (!isWellFormed(entry)) throw new Error(`rank ${rank} is not well-formed text`);
      byteLength += encoder.encodeInto(entry, scratch.subarray(byteLength)).written;
    } else {
      scratch.set(entry, byteLength);
      byteLength += entry.length;
    }
    ends[rank] = byteLength;
  }
  let slots = 1;
  while (slots < count * 2) slots *= 2;
  const out = new Uint8Array(4 * (HEADER_WORDS + count + 1 + slots) + count + byteLength);
  new Uint32Array(out.buffer, 0, HEADER_WORDS).set([MAGIC, count, slots, byteLength]);
  const table = new RankTable(out);
  const { offsets, slots: slotRanks, kinds, bytes } = table.parts();
  slotRanks.fill(-1);
  bytes.set(scratch.subarray(0, byteLength));
  for (let rank = 0; rank < count; rank++) {
    const from = rank === 0 ? 0 : ends[rank - 1]!;
    const to = ends[rank]!;
    offsets[rank] = from;
    offsets[rank + 1] = to;
    kinds[rank] = typeof ranks[rank] === 'string' ? 1 : 0;
    if (table.find(bytes, from, to, kinds[rank] === 1) !== undefined) throw new Error(`rank ${rank} repeats a token`);
    let slot = hash(bytes, from, to) & (slots - 1);
    while (slotRanks[slot] !== -1) slot = (slot + 1) & (slots - 1);
    slotRanks[slot] = rank;
  }
  return out;
}

/** Whether `text` holds no lone surrogate (String.prototype.isWellFormed, ES2024). */
function isWellFormed(text: string): boolean {
  return !LONE_SURROGATE.test(text);
}
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** FNV-1a over `bytes[start, end)`. */
function hash(bytes: Uint8Array, start: number, end: number): number {
  let h = 0x811c9dc5;
  for (let i = start; i < end; i++) h = Math.imul(h ^ bytes[i]!, 0x01000193);
  return h >>> 0;
}

/** The ranks of one encoding, read in place from the serialized buffer. */
export class RankTable {
  private readonly offsets: Uint32Array;
  private readonly slots: Int32Array;
  private readonly kinds: Uint8Array;
  private readonly bytes: Uint8Array;
  private readonly mask: number;

  constructor(data: Uint8Array) {
    // Typed arrays need their offset aligned: copy a buffer that is not (Buffer.readFileSync's may share a pool).
    const buffer = data.byteOffset % 4 === 0 ? data : data.slice();
    const words = new Uint32Array(buffer.buffer, buffer.byteOffset, HEADER_WORDS);
    if (words[0] !== MAGIC) throw new Error(NOT_A_TABLE);
    const [count, slots, byteLength] = [words[1]!, words[2]!, words[3]!];
    let at = buffer.byteOffset + 4 * HEADER_WORDS;
    this.offsets = new Uint32Array(buffer.buffer, at, count + 1);
    at += 4 * (count + 1);
    this.slots = new Int32Array(buffer.buffer, at, slots);
    at += 4 * slots;
    this.kinds = new Uint8Array(buffer.buffer, at, count);
    at += count;
    this.bytes = new Uint8Array(buffer.buffer, at, byteLength);
    this.mask = slots - 1;
  }

  /** The arrays the table is made of (serializeRanks fills them). */
  parts(): { offsets: Uint32Array; slots: Int32Array; kinds: Uint8Array; bytes: Uint8Array } {
    return { offsets: this.offsets, slots: this.slots, kinds: this.kinds, bytes: this.bytes };
  }

  /** The rank of the token whose bytes are `key[start, end)`, among text tokens or byte tokens. */
  find(key: Uint8Array, start: number, end: number, text: boolean): number | undefined {
    const length = end - start;
    for (let slot = hash(key, start, end) & this.mask; ; slot = (slot + 1) & this.mask) {
      const rank = this.slots[slot]!;
      if (rank === -1) return undefined;
      const from = this.offsets[rank]!;
      if (this.offsets[rank + 1]! - from !== length || (this.kinds[rank] === 1) !== text) continue;
      let same = true;
      for (let i = 0; i < length; i++) {
        if (this.bytes[from + i] !== key[start + i]) {
          same = false;
          break;
        }
      }
      if (same) return rank;
    }
  }

  /** gpt-tokenizer's getBpeRankFromBytes: valid UTF-8 is decoded (a leading BOM dropped) and looked up as text. */
  rankOfBytes(key: Uint8Array, start: number, end: number): number | undefined {
    if (!isValidUtf8(key, start, end)) return this.find(key, start, end, false);
    if (end - start >= 3 && key[start] === BOM[0] && key[start + 1] === BOM[1] && key[start + 2] === BOM[2]) start += 3;
    return this.find(key, start, end, true);
  }
}

/**
 * The counter of an encoding: tokens in `text` split by `pattern` (its split pattern, global), as gpt-tokenizer's
 * countTokens(text, { disallowedSpecial: new Set() }) counts them.
 */
export function rankCounter(table: RankTable, pattern: RegExp): ((text: string) => number) & { piece: (piece: string) => number } {
  const encoder = new TextEncoder();
  // Pieces repeat (words of a catalog): their counts are kept, as the package keeps its merges.
  const known = new Map<string, number>();
  const countPiece = (piece: string): number => {
    if (piece.length === 1 && piece.charCodeAt(0) <= 127) return 1;
    const kept = known.get(piece);
    if (kept !== undefined) return kept;
    const bytes = encoder.encode(piece);
    // The whole piece is looked up as the string it is (one with a lone surrogate is no token's text).
    const tokens = isWellFormed(piece) && table.find(bytes, 0, bytes.length, true) !== undefined ? 1 : mergedCount(table, bytes);
    if (known.size >= 100_000) known.clear();
    // Kept past this text (a piece is a slice of it, which would keep it all alive).
    known.set(detachedString(piece), tokens);
    return tokens;
  };
  const count = (text: string): number => {
    let tokens = 0;
    for (const [piece] of text.matchAll(pattern)) tokens += countPiece(piece);
    return tokens;
  };
  // One piece of the pattern's counted alone (boundedCount.ts counts the pieces its own scan finds).
  return Object.assign(count, { piece: countPiece });
}

/** gpt-tokenizer's bytePairMerge: the parts the piece's bytes merge into. */
function mergedCount(table: RankTable, piece: Uint8Array): number {
  const starts: number[] = [];
  const ranks: number[] = [];
  const rankAt = (i: number): number => {
    const end = starts[i + 2];
    if (end === undefined) return Infinity;
    return table.rankOfBytes(piece, starts[i]!, end) ?? Infinity;
  };
  for (let i = 0; i <= piece.length; i++) {
    starts.push(i);
    ranks.push(i < piece.length - 1 ? (table.rankOfBytes(piece, i, i + 2) ?? Infinity) : Infinity);
  }
  while (starts.length > 1) {
    let lowest = Infinity;
    let at = -1;
    for (let i = 0; i < ranks.length - 1; i++) {
      if (ranks[i]! < lowest) {
        lowest = ranks[i]!;
        at = i;
      }
    }
    if (at === -1) break;
    starts.splice(at + 1, 1);
    ranks.splice(at, 1);
    ranks[at] = rankAt(at);
    if (at > 0) ranks[at - 1] = rankAt(at - 1);
  }
  return starts.length - 1;
}

/** gpt-tokenizer's isValidUTF8 (utfUtil.ts) on `bytes[start, end)`. */
function isValidUtf8(bytes: Uint8Array, start: number, end: number): boolean {
  let i = start;
  while (i < end) {
    const first = bytes[i]!;
    let size: number;
    let point: number;
    if (first <= 0x7f) {
      i++;
      continue;
    } else if ((first & 0xe0) === 0xc0) {
      if (first <= 0xc1) return false;
      size = 2;
      point = first & 0x1f;
    } else if ((first & 0xf0) === 0xe0) {
      size = 3;
      point = first & 0x0f;
    } else if ((first & 0xf8) === 0xf0) {
      if (first > 0xf4) return false;
      size = 4;
      point = first & 0x07;
    } else {
      return false;
    }
    if (i + size > end) return false;
    for (let j = 1; j < size; j++) {
      const next = bytes[i + j]!;
      if ((next & 0xc0) !== 0x80) return false;
      point = (point << 6) | (next & 0x3f);
    }
    if ((size === 3 && point < 0x800) || (size === 4 && point < 0x10000)) return false;
    if (point >= 0xd800 && point <= 0xdfff) return false;
    if (point > 0x10ffff) return false;
    i += size;
  }
  return true;
}

/** The file the build writes an encoding's table to, next to the bundles. */
export function rankTableFileName(name: string): string {
  return `./tokenizer-${name}.ranks`;
}
