import { useEffect, useState } from 'react';
import type { Workspace } from '../workspace';

/** What the editor shows without a document: starting, opening, or the welcome screen with the recent files. */
export function Welcome({ stores, starting }: { stores: Workspace; starting: boolean }) {
  const status = stores.useDocument((s) => s.status);
  const [recent, setRecent] = useState<string[]>([]);
  useEffect(() => {
    if (status === 'empty') void stores.api.invoke('recent.list', {}).then((r) => setRecent(r.files));
  }, [stores, status]);
  if (starting || status === 'loading') {
    return (
      <div className="placeholder welcome" aria-busy="true">
        <p>{status === 'loading' ? 'Opening the file…' : 'Starting…'}</p>
      </div>
    );
  }
  return (
    <div className="placeholder welcome">
      <h1>Toolbox Editor</h1>
      <p>Open a neuro-san toolbox info file (.hocon) or start a new one. You can also drop a file here.</p>
      <p>
        <button className="primary" onClick={() => void stores.files.open()}>
          Open a file…
        </button>{' '}
        <button onClick={() => void stores.files.newFile()}>New toolbox file</button>
      </p>
      {recent.length > 0 && (
        <nav aria-label="Recent files" className="recent">
          <h2>Recent files</h2>
          <ul>
            {recent.map((r) => (
              <li key={r}>
                <button className="link" onClick={() => void stores.files.open(r)} title={r}>
                  {r}
                </button>
              </li>
            ))}
          </ul>
        </nav>
      )}
    </div>
  );
}
