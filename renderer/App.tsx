import { useEffect, useMemo, useState } from 'react';
import type { ApiClient } from '../shared/api/index';
import { CatalogPreviewRegion } from './catalog/CatalogPreviewRegion';
import { CommandButton } from './commands/CommandButton';
import { CentreRegion } from './CentreRegion';
import { NoticeBar } from './layout/NoticeBar';
import { usePanePixels } from './layout/paneLayout';
import { StatusBar } from './layout/StatusBar';
import { Welcome } from './layout/Welcome';
import { followTheme } from './prefs/themePreference';
import { ProblemsRegion } from './problems/ProblemsRegion';
import { ProjectRegion } from './project/ProjectRegion';
import { fileName, isDirty } from './state/documentStore';
import { PendingEditsContext } from './state/pendingEdits';
import { TestRunRegion } from './testrun/TestRunRegion';
import { ToolListRegion } from './tools/ToolListRegion';
import { ByFileKind } from './network/ByFileKind';
import { NetworkRegion } from './network/NetworkRegion';
import { SplitPanes } from './ui/SplitPanes';
import { Splitter } from './ui/Splitter';
import { WindowDialogs } from './WindowDialogs';
import { createWorkspace, installWorkspace, startWorkspace } from './workspace';

/** The window: its workspace (workspace.ts, the one owner of its state) drawn as panes between splitters. */
export function App({ api }: { api: ApiClient }) {
  const stores = useMemo(() => createWorkspace(api), [api]);
  const { useDocument, useAnalysis, usePreferences, useUi, useLayout, useProject, documentModel, commands } = stores;
  const theme = useUi((s) => s.theme);
  const recovered = useUi((s) => s.recovered);
  const themePreference = usePreferences((s) => s.prefs?.theme ?? 'system');
  /** Until the host has said whether a file was named on the command line: no welcome screen to click meanwhile. */
  const [starting, setStarting] = useState(true);
  const status = useDocument((s) => s.status);
  const path = useDocument((s) => s.path);
  const dirty = useDocument(isDirty);
  const problemsEmpty = useAnalysis((s) => (s.analysis?.diagnostics.length ?? 0) === 0);
  const { sizes, shares, collapsed } = usePanePixels(useLayout, problemsEmpty);
  const { resize, toggle } = useLayout.getState();
  const hasProject = useProject((s) => s.project !== null || s.error !== null);

  useEffect(() => void startWorkspace(stores).finally(() => setStarting(false)), [stores]);
  useEffect(() => installWorkspace(stores), [stores]);
  useEffect(() => followTheme(themePreference, useUi.getState().setTheme), [themePreference, useUi]);
  useEffect(() => {
    document.documentElement.dataset.theme = theme;
  }, [theme]);
  // The title carries the unsaved marker.
  useEffect(() => {
    document.title = status === 'empty' ? 'Toolbox Editor' : `${dirty ? '● ' : ''}${fileName(path)} — Toolbox Editor`;
  }, [dirty, path, status]);

  return (
    <PendingEditsContext.Provider value={stores.edits}>
      <div className="app" style={{ gridTemplateRows: `auto minmax(0, 1fr) 5px ${sizes.problems}px auto` }}>
        <header className="toolbar" role="toolbar" aria-label="File">
          <span className="app-name">Toolbox Editor</span>
          <CommandButton registry={commands} id="file.new">New</CommandButton>
          <CommandButton registry={commands} id="file.open">Open…</CommandButton>
          <CommandButton registry={commands} id="file.openFolder" title="Open a neuro-san project folder">
            Open Folder…
          </CommandButton>
          <CommandButton registry={commands} id="file.save">Save</CommandButton>
          <CommandButton registry={commands} id="file.saveAs">Save As…</CommandButton>
          <CommandButton registry={commands} id="file.close">Close</CommandButton>
          <span className="toolbar-gap" />
          <CommandButton registry={commands} id="edit.undo">Undo</CommandButton>
          <CommandButton registry={commands} id="edit.redo">Redo</CommandButton>
          <span className="status-spacer" />
          <CommandButton registry={commands} id="view.palette">Commands…</CommandButton>
          <CommandButton registry={commands} id="view.preferences">Preferences</CommandButton>
        </header>

        <main className="workspace" style={{ gridTemplateColumns: `${sizes.tools}px 5px minmax(0, 1fr) 5px ${sizes.side}px` }}>
          <SplitPanes
            className="left-regions"
            label="Resize the project tree"
            share={shares.project}
            onResize={(px, extent) => resize('project', px, extent)}
            first={hasProject && <ProjectRegion stores={stores} useProject={useProject} openFile={stores.openInEditor} collapse={{ collapsed: collapsed.includes('project'), toggle: () => toggle('project') }} />}
            firstCollapsed={collapsed.includes('project')}
            second={
              <ByFileKind
                stores={stores}
                network={<NetworkRegion stores={stores} collapse={{ collapsed: collapsed.includes('tools'), toggle: () => toggle('tools') }} />}
                toolbox={<ToolListRegion stores={stores} collapse={{ collapsed: collapsed.includes('tools'), toggle: () => toggle('tools') }} />}
              />
            }
            secondCollapsed={collapsed.includes('tools')}
          />
          <Splitter label="Resize the tool list" orientation="vertical" value={sizes.tools} direction={1} onResize={(v) => resize('tools', v)} />

          <section className="region editor-region" aria-label="Editor">
            <NoticeBar
              useDocument={useDocument}
              onSave={() => void stores.files.saveAs()}
              onCompare={() => useUi.getState().openDialog({ kind: 'compare' })}
              onRestore={() => {
                if (recovered !== null) documentModel.applyEdits([{ offset: 0, length: documentModel.model.getValueLength(), newText: recovered }]);
                useUi.getState().setRecovered(null);
                useDocument.getState().setNotice(null);
              }}
            />
            <div className="centre-host" hidden={status !== 'ready'}>
              <CentreRegion stores={stores} theme={theme} />
            </div>
            {status !== 'ready' && <Welcome stores={stores} starting={starting} />}
          </section>

          <Splitter label="Resize the side panes" orientation="vertical" value={sizes.side} direction={-1} onResize={(v) => resize('side', v)} />
          <SplitPanes
            className="side-regions"
            label="Resize the catalog preview"
            share={shares.catalog}
            onResize={(px, extent) => resize('catalog', px, extent)}
            first={<CatalogPreviewRegion stores={stores} />}
            second={<TestRunRegion stores={stores} />}
          />
        </main>

        <Splitter label="Resize the problems panel" orientation="horizontal" value={sizes.problems} direction={-1} onResize={(v) => resize('problems', v)} />
        <ProblemsRegion stores={stores} />

        <StatusBar stores={stores} useProject={useProject} />
        <WindowDialogs stores={stores} />
      </div>
    </PendingEditsContext.Provider>
  );
}
