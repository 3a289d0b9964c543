import { useEffect, useMemo, useState } from 'react';
import type { ApiClient } from '../shared/api/contract';
import { TextEditor } from './editor/TextEditor';
import { createFileCommands, installFileShortcuts } from './files/fileCommands';
import { PathDialog } from './files/PathDialog';
import { NoticeBar } from './layout/NoticeBar';
import { StatusBar } from './layout/StatusBar';
import { CatalogPreviewRegion } from './catalog/CatalogPreviewRegion';
import { ProblemsRegion } from './problems/ProblemsRegion';
import { fileName, isDirty } from './state/documentStore';
import { useUiStore } from './state/uiStore';
import { createWorkspaceStores } from './state/workspace';
import { TestRunRegion } from './testrun/TestRunRegion';
import { ToolListRegion } from './tools/ToolListRegion';

export function App({ api }: { api: ApiClient }) {
  const stores = useMemo(() => createWorkspaceStores(api), [api]);
  const { useDocument } = stores;
  const commands = useMemo(() => createFileCommands(api, useDocument), [api, useDocument]);
  const { info, pathPrompt, theme, setInfo, setPathPrompt } = useUiStore();
  const [recent, setRecent] = useState<string[]>([]);
  const status = useDocument((s) => s.status);
  const path = useDocument((s) => s.path);
  const text = useDocument((s) => s.text);
  const generation = useDocument((s) => s.loadGeneration);
  const dirty = useDocument(isDirty);

  // Start-up: learn the host, open the file named on the command line.
  useEffect(() => {
    void api.invoke('app.info', {}).then((appInfo) => {
      setInfo(appInfo);
      if (appInfo.initialFile) void useDocument.getState().open(appInfo.initialFile);
    });
  }, [api, setInfo, useDocument]);

  useEffect(() => installFileShortcuts(commands), [commands]);
  useEffect(() => api.on('menu.command', ({ command, path: p }) => void commands.run(command, p)), [api, commands]);

  // The title carries the unsaved marker; closing the tab or window with unsaved work asks first.
  useEffect(() => {
    document.title = status === 'empty' ? 'Toolbox Editor' : `${dirty ? '● ' : ''}${fileName(path)} — Toolbox Editor`;
  }, [dirty, path, status]);
  useEffect(() => {
    if (!dirty) return;
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, [dirty]);

  useEffect(() => {
    document.documentElement.dataset.theme = theme;
  }, [theme]);

  useEffect(() => {
    if (pathPrompt?.purpose === 'open') void api.invoke('recent.list', {}).then((r) => setRecent(r.files));
  }, [api, pathPrompt]);

  return (
    <div className="app">
      <header className="toolbar" role="toolbar" aria-label="File">
        <span className="app-name">Toolbox Editor</span>
        <button onClick={() => void commands.newFile()}>New</button>
        <button onClick={() => void commands.open()}>Open…</button>
        <button onClick={() => void commands.save()} disabled={status !== 'ready'}>
          Save
        </button>
        <button onClick={() => void commands.saveAs()} disabled={status !== 'ready'}>
          Save As…
        </button>
        <button onClick={() => void commands.close()} disabled={status === 'empty'}>
          Close
        </button>
      </header>

      <main className="workspace">
        <ToolListRegion stores={stores} />

        <section className="region editor-region" aria-label="Editor">
          <NoticeBar useDocument={useDocument} onSave={() => void commands.saveAs()} />
          {status === 'ready' ? (
            <TextEditor generation={generation} text={text} theme={theme} onChange={useDocument.getState().setText} />
          ) : (
            <div className="placeholder welcome">
              <h1>Toolbox Editor</h1>
              <p>Open a neuro-san toolbox info file (.hocon) or start a new one.</p>
              <p>
                <button className="primary" onClick={() => void commands.open()}>
                  Open a file…
                </button>{' '}
                <button onClick={() => void commands.newFile()}>New toolbox file</button>
              </p>
              {status === 'loading' && <p>Opening…</p>}
            </div>
          )}
        </section>

        <div className="side-regions">
          <CatalogPreviewRegion stores={stores} />
          <TestRunRegion stores={stores} />
        </div>
      </main>

      <ProblemsRegion stores={stores} />

      <StatusBar useDocument={useDocument} />

      {pathPrompt && info && (
        <PathDialog
          title={pathPrompt.purpose === 'open' ? 'Open a toolbox file' : 'Save as'}
          actionLabel={pathPrompt.purpose === 'open' ? 'Open' : 'Save'}
          initialPath={pathPrompt.purpose === 'saveAs' ? pathPrompt.suggested : ''}
          suggestions={pathPrompt.purpose === 'open' ? recent : []}
          cwd={info.cwd}
          onCancel={() => setPathPrompt(null)}
          onSubmit={(chosen) => {
            setPathPrompt(null);
            void (pathPrompt.purpose === 'open' ? commands.open(chosen) : useDocument.getState().save(chosen));
          }}
        />
      )}
    </div>
  );
}
