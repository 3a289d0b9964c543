import { useCallback, useEffect, useMemo, useState } from 'react';
import type { ApiClient } from '../shared/api/index';
import { CentreRegion } from './editor/CentreRegion';
import { CompareDialog } from './files/CompareDialog';
import { installFileDrop } from './files/dropFiles';
import { installUndoShortcuts, runUndoCommand } from './editor/undoShortcuts';
import { createFileCommands, installFileShortcuts } from './files/fileCommands';
import { PathDialog } from './files/PathDialog';
import { UnsavedDialog } from './files/UnsavedDialog';
import { installRecovery } from './files/recovery';
import { NoticeBar } from './layout/NoticeBar';
import { Splitter } from './layout/Splitter';
import { StatusBar } from './layout/StatusBar';
import { usePaneSizes } from './layout/usePaneSizes';
import { CatalogPreviewRegion } from './catalog/CatalogPreviewRegion';
import { PreferencesDialog } from './prefs/PreferencesDialog';
import { followTheme } from './prefs/themePreference';
import { ProblemsRegion } from './problems/ProblemsRegion';
import { fileName, isDirty } from './state/documentStore';
import { flushPendingEdits } from './state/pendingEdits';
import { useUiStore } from './state/uiStore';
import { createWorkspaceStores } from './state/workspace';
import { TestRunRegion } from './testrun/TestRunRegion';
import { GoToToolDialog } from './tools/GoToToolDialog';
import { ToolListRegion } from './tools/ToolListRegion';
import { ProjectRegion } from './project/ProjectRegion';
import { createProjectStore } from './project/projectStore';

export function App({ api }: { api: ApiClient }) {
  const stores = useMemo(() => createWorkspaceStores(api), [api]);
  const { useDocument, useAnalysis, usePreferences, documentModel } = stores;
  const commands = useMemo(() => createFileCommands(api, useDocument), [api, useDocument]);
  const { info, dialog, theme, setInfo, openDialog, closeDialog, setTheme } = useUiStore();
  const useProject = useMemo(() => createProjectStore(api), [api]);
  const openInEditor = async (p: string) => {
    await commands.open(p);
    return useDocument.getState().path === p;
  };
  const [recent, setRecent] = useState<string[]>([]);
  const themePreference = usePreferences((s) => s.prefs?.theme ?? 'system');
  const [recovered, setRecovered] = useState<string | null>(null);
  /** Until the host has said whether a file was named on the command line: no welcome screen to click meanwhile. */
  const [starting, setStarting] = useState(true);
  const status = useDocument((s) => s.status);
  const path = useDocument((s) => s.path);
  const dirty = useDocument(isDirty);
  const analysis = useAnalysis((s) => s.analysis);
  const listFolder = useCallback((folder: string) => api.invoke('folder.list', { path: folder }), [api]);
  const problemsEmpty = (analysis?.diagnostics.length ?? 0) === 0;
  const { sizes, resize, restore: restoreLayout } = usePaneSizes(usePreferences, problemsEmpty);

  // Start-up: learn the host, open the file named on the command line (or offer an untitled file's lost edits).
  useEffect(() => {
    const started = api.invoke('app.info', {}).then((appInfo) => {
      setInfo(appInfo);
      if (appInfo.initialProject) void useProject.getState().open(appInfo.initialProject);
      if (appInfo.initialFile) void useDocument.getState().open(appInfo.initialFile);
      else
        void api.invoke('recovery.get', { path: null }).then(({ text }) => {
          if (text !== null && useDocument.getState().status === 'empty') {
            useDocument.getState().openText(text);
            useDocument.getState().setNotice({ kind: 'info', message: 'Recovered an untitled file that was not saved before the app stopped.' });
          }
        });
    });
    // After the open above has begun (the document is 'loading' then): no welcome screen in between.
    void started.finally(() => setStarting(false));
    void usePreferences.getState().load().then(
      (p) => restoreLayout(p.layout),
      () => undefined,
    );
  }, [api, setInfo, useDocument, usePreferences, restoreLayout, useProject]);
  useEffect(() => followTheme(themePreference, setTheme), [themePreference, setTheme]);

  useEffect(() => installFileShortcuts(commands), [commands]);
  useEffect(
    () => api.on('menu.command', ({ command, path: p }) => (command === 'undo' || command === 'redo' ? runUndoCommand(command, documentModel) : void commands.run(command, p))),
    [api, commands, documentModel],
  );
  useEffect(() => installUndoShortcuts(documentModel.undo, documentModel.redo), [documentModel]);
  useEffect(
    () => installFileDrop(useDocument, (p) => commands.open(p), commands.mayDiscard),
    [commands, useDocument],
  );
  useEffect(
    () =>
      installRecovery(api, useDocument, (text) => {
        setRecovered(text);
        useDocument.getState().setNotice({ kind: 'recovery', message: 'This file has unsaved edits from a session that ended without saving.' });
      }),
    [api, useDocument],
  );
  // Go to tool: Ctrl/Cmd+P anywhere (also inside Monaco, whose own Ctrl+P would be the browser's print).
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if ((event.ctrlKey || event.metaKey) && !event.shiftKey && !event.altKey && event.key.toLowerCase() === 'p') {
        event.preventDefault();
        event.stopPropagation();
        if (useAnalysis.getState().analysis) useUiStore.getState().openDialog({ kind: 'goToTool' });
      }
    };
    window.addEventListener('keydown', onKeyDown, true);
    return () => window.removeEventListener('keydown', onKeyDown, true);
  }, [useAnalysis]);

  // The title carries the unsaved marker; closing the tab or window with unsaved work asks first.
  useEffect(() => {
    document.title = status === 'empty' ? 'Toolbox Editor' : `${dirty ? '● ' : ''}${fileName(path)} — Toolbox Editor`;
  }, [dirty, path, status]);
  useEffect(() => {
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      flushPendingEdits(); // typing a field has not written yet counts as unsaved work
      if (!isDirty(useDocument.getState())) return;
      event.preventDefault();
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, [useDocument]);

  useEffect(() => {
    document.documentElement.dataset.theme = theme;
  }, [theme]);

  useEffect(() => {
    if (dialog?.kind === 'open' || status === 'empty') void api.invoke('recent.list', {}).then((r) => setRecent(r.files));
  }, [api, dialog, status]);

  return (
    <div className="app" style={{ gridTemplateRows: `auto minmax(0, 1fr) 5px ${sizes.problems}px auto` }}>
      <header className="toolbar" role="toolbar" aria-label="File">
        <span className="app-name">Toolbox Editor</span>
        <button onClick={() => void commands.newFile()}>New</button>
        <button onClick={() => void commands.open()}>Open…</button>
        <button
          onClick={() =>
            info?.nativeDialogs
              ? void api.invoke('dialog.openFolder', {}).then(({ path: folder }) => {
                  if (folder) void useProject.getState().open(folder);
                })
              : openDialog({ kind: 'openFolder' })
          }
          title="Open a neuro-san project folder"
        >
          Open Folder…
        </button>
        <button onClick={() => void commands.save()} disabled={status !== 'ready'}>
          Save
        </button>
        <button onClick={() => void commands.saveAs()} disabled={status !== 'ready'}>
          Save As…
        </button>
        <button onClick={() => void commands.close()} disabled={status === 'empty'}>
          Close
        </button>
        <span className="toolbar-gap" />
        <button onClick={documentModel.undo} disabled={status !== 'ready'} title="Undo (Ctrl+Z)">
          Undo
        </button>
        <button onClick={documentModel.redo} disabled={status !== 'ready'} title="Redo (Ctrl+Shift+Z)">
          Redo
        </button>
        <span className="status-spacer" />
        <button onClick={() => openDialog({ kind: 'preferences' })}>Preferences</button>
      </header>

      <main className="workspace" style={{ gridTemplateColumns: `${sizes.tools}px 5px minmax(0, 1fr) 5px ${sizes.side}px` }}>
        <div className="left-regions">
          <ProjectRegion stores={stores} useProject={useProject} openFile={openInEditor} />
          <ToolListRegion stores={stores} />
        </div>
        <Splitter label="Resize the tool list" orientation="vertical" value={sizes.tools} direction={1} onResize={(v) => resize('tools', v)} />

        <section className="region editor-region" aria-label="Editor">
          <NoticeBar
            useDocument={useDocument}
            onSave={() => void commands.saveAs()}
            onCompare={() => openDialog({ kind: 'compare' })}
            onRestore={() => {
              if (recovered !== null) documentModel.applyEdits([{ offset: 0, length: documentModel.model.getValueLength(), newText: recovered }]);
              setRecovered(null);
              useDocument.getState().setNotice(null);
            }}
          />
          <div className="centre-host" hidden={status !== 'ready'}>
            <CentreRegion stores={stores} theme={theme} />
          </div>
          {status !== 'ready' && (starting || status === 'loading') && (
            <div className="placeholder welcome" aria-busy="true">
              <p>{status === 'loading' ? 'Opening the file…' : 'Starting…'}</p>
            </div>
          )}
          {status === 'empty' && !starting && (
            <div className="placeholder welcome">
              <h1>Toolbox Editor</h1>
              <p>Open a neuro-san toolbox info file (.hocon) or start a new one. You can also drop a file here.</p>
              <p>
                <button className="primary" onClick={() => void commands.open()}>
                  Open a file…
                </button>{' '}
                <button onClick={() => void commands.newFile()}>New toolbox file</button>
              </p>
              {recent.length > 0 && (
                <nav aria-label="Recent files" className="recent">
                  <h2>Recent files</h2>
                  <ul>
                    {recent.map((r) => (
                      <li key={r}>
                        <button className="link" onClick={() => void commands.open(r)} title={r}>
                          {r}
                        </button>
                      </li>
                    ))}
                  </ul>
                </nav>
              )}
            </div>
          )}
        </section>

        <Splitter label="Resize the side panes" orientation="vertical" value={sizes.side} direction={-1} onResize={(v) => resize('side', v)} />
        <div className="side-regions">
          <CatalogPreviewRegion stores={stores} />
          <TestRunRegion stores={stores} />
        </div>
      </main>

      <Splitter label="Resize the problems panel" orientation="horizontal" value={sizes.problems} direction={-1} onResize={(v) => resize('problems', v)} />
      <ProblemsRegion stores={stores} />

      <StatusBar stores={stores} useProject={useProject} />
      {dialog?.kind === 'openFolder' && info && (
        <PathDialog
          title="Open a folder as a project"
          actionLabel="Open"
          initialPath=""
          suggestions={[]}
          cwd={info.cwd}
          onCancel={closeDialog}
          onSubmit={(chosen) => {
            closeDialog();
            void useProject.getState().open(chosen);
          }}
        />
      )}

      {(dialog?.kind === 'open' || dialog?.kind === 'saveAs') && info && (
        <PathDialog
          title={dialog.kind === 'open' ? 'Open a toolbox file' : 'Save as'}
          actionLabel={dialog.kind === 'open' ? 'Open' : 'Save'}
          initialPath={dialog.kind === 'saveAs' ? dialog.suggested : ''}
          suggestions={dialog.kind === 'open' ? recent : []}
          cwd={info.cwd}
          listFolder={listFolder}
          browseChooses={dialog.kind === 'open' ? 'submit' : 'fill'}
          onCancel={closeDialog}
          onSubmit={(chosen) => {
            closeDialog();
            void (dialog.kind === 'open' ? commands.open(chosen) : useDocument.getState().save(chosen));
          }}
        />
      )}
      {dialog?.kind === 'unsaved' && (
        <UnsavedDialog
          file={dialog.file}
          onChoice={(choice) => {
            dialog.answer(choice);
            closeDialog();
          }}
        />
      )}
      {dialog?.kind === 'preferences' && <PreferencesDialog usePreferences={usePreferences} onClose={closeDialog} openFile={analysis} />}
      {dialog?.kind === 'compare' && <CompareDialog stores={stores} theme={theme} onClose={closeDialog} />}
      {dialog?.kind === 'goToTool' && analysis && (
        <GoToToolDialog
          tools={analysis.tools}
          onClose={closeDialog}
          onChoose={(tool) => {
            closeDialog();
            useAnalysis.getState().select(tool.name);
            if (tool.file === analysis.file) requestAnimationFrame(() => documentModel.reveal(tool.keyRange.start.offset, tool.keyRange.end.offset));
          }}
        />
      )}
    </div>
  );
}
