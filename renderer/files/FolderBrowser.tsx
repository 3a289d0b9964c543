import { useEffect, useRef, useState } from 'react';
import type { FolderListing } from '../../shared/api/index';
import { errorMessage } from '../../shared/errorMessage';

export interface FolderBrowserProps {
  /** The folder shown first. */
  start: string;
  list(folder: string): Promise<FolderListing>;
  /** A file clicked (its absolute path). */
  onChoose(path: string): void;
  /** The folder now shown (so a typed name can go in it); `byUser` when a click or key moved there. */
  onFolder?(folder: string, byUser: boolean): void;
  /** Lists folders only (choosing a folder, not a file). */
  foldersOnly?: boolean;
}

const join = (folder: string, name: string) => `${folder.replace(/[\\/]+$/, '')}${folder.includes('\\') && !folder.includes('/') ? '\\' : '/'}${name}`;

/** Browser mode's file browser: folders and toolbox files of one folder at a time, listed by the main side. */
export function FolderBrowser({ start, list, onChoose, onFolder, foldersOnly = false }: FolderBrowserProps) {
  const [folder, setFolderState] = useState(start);
  const moved = useRef(false);
  const setFolder = (next: string) => {
    moved.current = true;
    setFolderState(next);
  };
  const [listing, setListing] = useState<FolderListing | null>(null);
  const [error, setError] = useState<string | null>(null);
  // The folder asked for is not listed yet: the parent shown is the previous folder's. "↑" clicked meanwhile is
  // counted and taken once the listing (and so its parent) is in: two quick clicks go up two levels, not one.
  const [listed, setListed] = useState(false);
  const upsWaiting = useRef(0);
  const up = () => {
    if (!listed) upsWaiting.current++;
    else if (listing?.parent) setFolder(listing.parent);
  };
  useEffect(() => {
    let current = true;
    setListed(false);
    list(folder).then(
      (answer) => {
        if (!current) return;
        setListing(answer);
        setError(null);
        if (upsWaiting.current > 0 && answer.parent) {
          upsWaiting.current--;
          setFolder(answer.parent);
          return;
        }
        upsWaiting.current = 0;
        setListed(true);
        onFolder?.(answer.path, moved.current);
      },
      (e: unknown) => {
        if (!current) return;
        upsWaiting.current = 0;
        setListed(true);
        setError(errorMessage(e));
      },
    );
    return () => {
      current = false;
    };
    // onFolder is a callback of the dialog; the folder alone decides what to list.
  }, [folder, list]);
  return (
    <div className="folder-browser" role="group" aria-label={foldersOnly ? 'Browse folders' : 'Browse files'}>
      <div className="folder-browser-head">
        <button type="button" disabled={listed && !listing?.parent} onClick={up} aria-label="Parent folder" title="Parent folder">
          ↑
        </button>
        <code className="folder-path" title={listing?.path}>
          {listing?.path ?? folder}
        </code>
      </div>
      {error && <p className="field-error">{error}</p>}
      <ul className="folder-entries" aria-label={`Files in ${listing?.path ?? folder}`}>
        {listing?.entries.filter((entry) => !foldersOnly || entry.kind === 'folder').map((entry) => (
          <li key={`${entry.kind}:${entry.name}`}>
            <button type="button" className={`folder-entry is-${entry.kind}`} onClick={() => (entry.kind === 'folder' ? setFolder(join(listing.path, entry.name)) : onChoose(join(listing.path, entry.name)))}>
              {entry.name}
              {entry.kind === 'folder' ? '/' : ''}
            </button>
          </li>
        ))}
        {listing && !listing.entries.some((e) => !foldersOnly || e.kind === 'folder') && <li className="hint">{foldersOnly ? 'No folders here.' : 'No folders or .hocon / .json files here.'}</li>}
        {listing?.truncated && <li className="hint">More entries than are shown: type the path instead.</li>}
      </ul>
    </div>
  );
}
