/**
 * How a request carries a document's text: whole, or as one change to a text the same client sent before. Typing in
 * a 5,000-tool file (megabytes) would otherwise send the whole file, several times, a keystroke.
 *
 * The client names each text it sends (`textId`); the main side keeps the last few by name, so the next request can
 * send `edit: { base, offset, length, newText }` instead. When the base is gone (evicted, or the main side restarted) the
 * request fails with `unknown_text` and the client sends the whole text again.
 */
import { Type, type Static } from '@sinclair/typebox';
import type { TextEdit } from '../hocon/index';
import { TextEditT } from './textEdits';

export const TextId = Type.String({ minLength: 1, maxLength: 100 });

/** The text named `base` with `length` UTF-16 units at `offset` replaced by `newText`. */
export const TextEditOfT = Type.Object({ base: TextId, ...TextEditT.properties });
export type TextEditOf = Static<typeof TextEditOfT>;

/** The request fields of a method that reads the document's text: exactly one of `text` and `edit`. */
export const DocumentTextFields = {
  text: Type.Optional(Type.String()),
  edit: Type.Optional(TextEditOfT),
  /** Names this text, so a later request can send an edit of it. */
  textId: Type.Optional(TextId),
};

export interface DocumentTextPayload {
  text?: string;
  edit?: TextEditOf;
  textId?: string;
}

/** The one change that turns `before` into `after`: the differing middle between their common prefix and suffix. */
export function textChangeBetween(before: string, after: string): TextEdit {
  const shorter = Math.min(before.length, after.length);
  // Whole blocks first (a substring comparison is a memory comparison), then the characters of the differing block:
  // the texts are megabytes and this runs per keystroke.
  const BLOCK = 1024;
  let start = 0;
  while (start + BLOCK <= shorter && before.substring(start, start + BLOCK) === after.substring(start, start + BLOCK)) start += BLOCK;
  while (start < shorter && before.charCodeAt(start) === after.charCodeAt(start)) start++;
  let end = 0;
  const most = shorter - start;
  while (end + BLOCK <= most && before.substring(before.length - end - BLOCK, before.length - end) === after.substring(after.length - end - BLOCK, after.length - end)) end += BLOCK;
  while (end < most && before.charCodeAt(before.length - 1 - end) === after.charCodeAt(after.length - 1 - end)) end++;
  return { offset: start, length: before.length - start - end, newText: after.slice(start, after.length - end) };
}

/** `base` with the change applied; undefined when the change does not fit in it. */
export function applyTextChange(base: string, change: TextEdit): string | undefined {
  if (change.offset + change.length > base.length) return undefined;
  return base.slice(0, change.offset) + change.newText + base.slice(change.offset + change.length);
}
