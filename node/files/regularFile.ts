import { closeSync, constants, fstatSync, openSync, readSync, type Stats } from 'node:fs';
import { open } from 'node:fs/promises';
import { ApiError } from '../../shared/api/index';

/**
 * Reading a file by name without trusting what the name points at. The file is opened without blocking (a FIFO with
 * no writer would otherwise hang the thread on open) and its type is checked on the opened descriptor, so nothing can
 * be swapped in between: only a regular file is read, and only up to `maxBytes` (a device reports size 0 and never
 * ends: /dev/zero would fill memory).
 */
const OPEN_FLAGS = constants.O_RDONLY | (constants.O_NONBLOCK ?? 0) | (constants.O_NOCTTY ?? 0);

/** The name does not lead to a regular file: a device, a FIFO or a socket. */
export class NotARegularFileError extends ApiError {
  constructor(absolute: string) {
    super('io', `${absolute} is not a regular file (a device, FIFO or socket); only files are read.`);
  }
}

export interface RegularFileBytes {
  bytes: Uint8Array;
  info: Stats;
}

/**
 * The bytes of a regular file, refused when it is larger than `maxBytes`. `check` sees the opened file's stats first
 * (e.g. to refuse a folder in its own words). Node's own errors (ENOENT, EACCES) pass through for fileError.
 */
export async function readRegularFile(absolute: string, maxBytes: number, check?: (info: Stats) => void): Promise<RegularFileBytes> {
  const handle = await open(absolute, OPEN_FLAGS);
  try {
    const info = await handle.stat();
    checkRegular(absolute, info, maxBytes, check);
    // One byte more than it said: a file that grew past the cap while being read is refused too.
    const buffer = Buffer.allocUnsafe(Math.min(info.size, maxBytes) + 1);
    let filled = 0;
    for (;;) {
      const { bytesRead } = await handle.read(buffer, filled, buffer.length - filled, null);
      if (bytesRead === 0) break;
      filled += bytesRead;
      if (filled === buffer.length) break;
    }
    if (filled > maxBytes) throw tooLarge(absolute, filled, maxBytes);
    return { bytes: buffer.subarray(0, filled), info };
  } finally {
    await handle.close();
  }
}

/** The same, synchronously (the HOCON include host must be synchronous). */
export function readRegularFileSync(absolute: string, maxBytes: number, check?: (info: Stats) => void): RegularFileBytes {
  const fd = openSync(absolute, OPEN_FLAGS);
  try {
    const info = fstatSync(fd);
    checkRegular(absolute, info, maxBytes, check);
    const buffer = Buffer.allocUnsafe(Math.min(info.size, maxBytes) + 1);
    let filled = 0;
    for (;;) {
      const bytesRead = readSync(fd, buffer, filled, buffer.length - filled, null);
      if (bytesRead === 0) break;
      filled += bytesRead;
      if (filled === buffer.length) break;
    }
    if (filled > maxBytes) throw tooLarge(absolute, filled, maxBytes);
    return { bytes: buffer.subarray(0, filled), info };
  } finally {
    closeSync(fd);
  }
}

function checkRegular(absolute: string, info: Stats, maxBytes: number, check?: (info: Stats) => void): void {
  check?.(info);
  if (!info.isFile()) throw new NotARegularFileError(absolute);
  if (info.size > maxBytes) throw tooLarge(absolute, info.size, maxBytes);
}

function tooLarge(absolute: string, size: number, maxBytes: number): ApiError {
  return new ApiError('io', `${absolute} is ${formatBytes(size)}; the limit for this file is ${formatBytes(maxBytes)}.`);
}

function formatBytes(bytes: number): string {
  return bytes >= 1048576 ? `${Math.round(bytes / 1048576)} MB` : bytes >= 1024 ? `${Math.round(bytes / 1024)} KB` : `${bytes} bytes`;
}
