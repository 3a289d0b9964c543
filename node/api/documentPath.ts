import path from 'node:path';

/**
 * The absolute path a document is known by: its own, resolved against the working folder, or `Untitled.hocon`
 * there for a document not saved yet (its includes resolve from that folder, and its runs have a history too).
 */
export function documentPath(cwd: string, documentFile: string | null | undefined): string {
  return documentFile ? path.resolve(cwd, documentFile) : path.join(cwd, 'Untitled.hocon');
}
