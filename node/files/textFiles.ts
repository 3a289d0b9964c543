import { createHash } from 'node:crypto';
import type { Stats } from 'node:fs';
import { stat } from 'node:fs/promises';
import path from 'node:path';
import { ApiError, type FileContent } from '../../shared/api/index';
import { writeFileAtomic } from './atomicWrite';
import { readRegularFile, readRegularFileSync } from './regularFile';
import { errorMessage } from '../../shared/errorMessage';

/** Toolbox files are hand-written text; anything larger is almost certainly the wrong file. */
export const MAX_TEXT_FILE_BYTES = 128 * 1024 * 1024;

/** Templates (and what they include) and saved test cases are small: a bound far above any real one. */
export const MAX_SMALL_TEXT_FILE_BYTES = 16 * 1024 * 1024;

const strictUtf8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });

/** Turns a Node file-system error into a message a user can act on, with the error code kept for callers. */
export function fileError(error: unknown, filePath: string, verb: 'read' | 'write'): ApiError {
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  switch (code) {
    case 'ENOENT':
    case 'ENOTDIR': // a part of the path is a file: there is no file at the path either
      return new ApiError('not_found', verb === 'read' ? `No file at ${filePath}.` : `The folder for ${filePath} does not exist.`);
    case 'EISDIR':
      return new ApiError('io', `${filePath} is a folder, not a file.`);
    case 'EACCES':
    case 'EPERM':
      return new ApiError('io', `Permission denied: cannot ${verb} ${filePath}.`);
    case 'ENOSPC':
      return new ApiError('io', `The disk is full: ${filePath} was not changed.`);
    case 'EROFS':
      return new ApiError('io', `${filePath} is on a read-only file system.`);
    case 'ERR_INVALID_ARG_VALUE':
      if (filePath.includes('\0')) return new ApiError('invalid_request', `A path cannot contain a NUL character: ${JSON.stringify(filePath)}.`);
      return new ApiError('invalid_request', `Cannot ${verb} ${filePath}: ${errorMessage(error)}`);
    default:
      if (error instanceof ApiError) return error;
      return new ApiError('io', `Cannot ${verb} ${filePath}: ${errorMessage(error)}`);
  }
}

/** A folder where a file was expected (an ApiError with code 'io', told apart so that include lookups can skip it). */
export class NotAFileError extends ApiError {
  constructor(absolute: string) {
    super('io', `${absolute} is a folder, not a file.`);
  }
}

/**
 * Reads a text file for editing. Refuses (rather than silently mangles) files that are not valid UTF-8, so that
 * saving can never change bytes the user did not touch. Only a regular file is read (never a device or a FIFO, which
 * could fill memory or block), and only up to `maxBytes`.
 */
export async function readTextFile(filePath: string, maxBytes: number = MAX_TEXT_FILE_BYTES): Promise<FileContent> {
  const absolute = path.resolve(filePath);
  try {
    const { bytes, info } = await readRegularFile(absolute, maxBytes, (info) => checkReadable(absolute, info, maxBytes));
    return { path: absolute, text: decodeStrictly(absolute, bytes), mtimeMs: info.mtimeMs, size: bytes.length, sha256: contentHash(bytes) };
  } catch (error) {
    throw fileError(error, absolute, 'read');
  }
}

/** The SHA-256 of a file's bytes, in hex: what a save compares with the disk (an mtime can be put back). */
export function contentHash(bytes: Uint8Array | string): string {
  return createHash('sha256').update(bytes).digest('hex');
}

/**
 * The same as readTextFile, synchronously: for the HOCON resolver's include host, which must be synchronous. The same
 * checks and the same messages (a folder is a NotAFileError).
 */
export function readTextFileSync(filePath: string, maxBytes: number = MAX_TEXT_FILE_BYTES): FileContent {
  const absolute = path.resolve(filePath);
  try {
    const { bytes, info } = readRegularFileSync(absolute, maxBytes, (info) => checkReadable(absolute, info, maxBytes));
    return { path: absolute, text: decodeStrictly(absolute, bytes), mtimeMs: info.mtimeMs, size: bytes.length, sha256: contentHash(bytes) };
  } catch (error) {
    throw fileError(error, absolute, 'read');
  }
}

/** Refuses a folder, and a file too large to be a toolbox. */
function checkReadable(absolute: string, info: Stats, maxBytes: number): void {
  if (info.isDirectory()) throw new NotAFileError(absolute);
  if (info.size > maxBytes) {
    throw new ApiError('io', `${absolute} is ${Math.round(info.size / 1048576)} MB; Toolbox Editor opens files up to ${Math.round(maxBytes / 1048576)} MB.`);
  }
}

function decodeStrictly(absolute: string, bytes: Uint8Array): string {
  try {
    return strictUtf8.decode(bytes);
  } catch {
    const at = firstInvalidUtf8Offset(bytes);
    throw new ApiError('io', `${absolute} is not UTF-8 text (invalid byte at offset ${at}); it was not opened so that no byte is lost.`);
  }
}

export interface SaveExpectation {
  /** The content the caller last saw (its `sha256`): a save over any other content is a `conflict`. */
  expectedSha256?: string;
  /** The mtime the caller last saw: used only when no content hash is given (an mtime can be put back). */
  expectedMtimeMs?: number;
  /** Write whatever is on disk (the user chose "keep mine"). */
  overwrite?: boolean;
  /**
   * The caller saw no file there (a change made from reading it, such as a saved case or a setting): a file another
   * program created since is a `conflict`, as a changed one is.
   */
  expectMissing?: boolean;
}

/** The expectation of a change made from what was read of a file: its sha256, or null when there was no file. */
export function unchangedSinceRead(sha256: string | null): SaveExpectation {
  return sha256 === null ? { expectMissing: true } : { expectedSha256: sha256 };
}

/**
 * Saves text atomically. When the caller says which version it last saw and the file on disk is another, nothing is
 * written and a `conflict` error says so, unless the caller explicitly chose to overwrite. The check is made against
 * the disk right before the new text replaces the file, one save of a file at a time: of two saves racing from the
 * same version, the second is the conflict.
 */
export async function writeTextFile(filePath: string, text: string, options: SaveExpectation = {}): Promise<{ path: string; mtimeMs: number; size: number; sha256: string }> {
  const absolute = path.resolve(filePath);
  try {
    await writeFileAtomic(absolute, text, { precondition: (real) => unchangedOnDisk(real, absolute, options) });
    const info = await stat(absolute);
    return { path: absolute, mtimeMs: info.mtimeMs, size: info.size, sha256: contentHash(text) };
  } catch (error) {
    throw fileError(error, absolute, 'write');
  }
}

/**
 * Throws `conflict` when the file on disk is not the version the caller last saw (or is there when the caller saw
 * none); a missing file is no conflict.
 */
async function unchangedOnDisk(real: string, absolute: string, expected: SaveExpectation): Promise<void> {
  if (expected.overwrite || (expected.expectedSha256 === undefined && expected.expectedMtimeMs === undefined && !expected.expectMissing)) return;
  let current;
  try {
    current = await readRegularFile(real, MAX_TEXT_FILE_BYTES);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return;
    throw error;
  }
  if (expected.expectMissing) throw new ApiError('conflict', `${absolute} was created on disk by another program meanwhile.`);
  const changed = expected.expectedSha256 !== undefined ? contentHash(current.bytes) !== expected.expectedSha256 : current.info.mtimeMs !== expected.expectedMtimeMs;
  if (changed) throw new ApiError('conflict', `${absolute} was changed on disk by another program since it was opened.`);
}

/** The offset of the first byte that does not start or continue a well-formed UTF-8 sequence. */
function firstInvalidUtf8Offset(bytes: Uint8Array): number {
  let i = 0;
  while (i < bytes.length) {
    const b = bytes[i]!;
    const length = b < 0x80 ? 1 : b >= 0xc2 && b <= 0xdf ? 2 : b >= 0xe0 && b <= 0xef ? 3 : b >= 0xf0 && b <= 0xf4 ? 4 : 0;
    if (length === 0) return i;
    for (let k = 1; k < length; k++) {
      const c = bytes[i + k];
      if (c === undefined || (c & 0xc0) !== 0x80) return i;
    }
    // Overlong forms and surrogates are rejected by the strict decoder too; point at the sequence's first byte.
    try {
      strictUtf8.decode(bytes.subarray(i, i + length));
    } catch {
      return i;
    }
    i += length;
  }
  return bytes.length;
}
