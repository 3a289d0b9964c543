import type { ApiClient } from '../shared/api/index';
import { createTextChannel, type TextChannel } from './api/textSender';
import { createCatalogStore, type CatalogStoreHook } from './catalog/catalogStore';
import { createCommandRegistry, installKeyBindings, type CommandRegistry } from './commands/commandRegistry';
import { MENU_COMMANDS } from './commands/menuCommands';
import { workbenchCommands } from './workbenchCommands';
import { createDocumentModel, type DocumentModel } from './editor/documentModel';
import { installUndoShortcuts } from './editor/undoShortcuts';
import { installFileDrop } from './files/dropFiles';
import { createFileCommands, type FileCommands } from './files/fileCommands';
import { installRecovery } from './files/recovery';
import { createLayoutStore, type LayoutStoreHook } from './layout/paneLayout';
import { createEntryPythonStore, type EntryPythonStoreHook } from './preflight/entryPythonStore';
import { createPreferencesStore, type PreferencesStoreHook } from './prefs/preferencesStore';
import { refreshOnWorkingDirectoryChange } from './prefs/workingDirectoryRefresh';
import { absoluteIn, createProjectStore, type ProjectStoreHook } from './project/projectStore';
import { createAnalysisStore, type AnalysisStoreHook } from './state/analysisStore';
import { createDocumentEvents, type DocumentEvents } from './state/documentEvents';
import { createDocumentStore, isDirty, type DocumentStoreHook } from './state/documentStore';
import { createPendingEdits, type PendingEdits } from './state/pendingEdits';
import { createUiStore, type UiStoreHook } from './state/uiStore';
import { createViewStore, type ViewStoreHook } from './state/viewStore';
import { createTestRunStore, type TestRunStoreHook } from './testrun/testRunStore';

/**
 * One window's workspace: the one owner of everything the window holds — its stores, its text channel and pending
 * form edits (module singletons before), its file, project and layout commands, its command registry — created
 * once (App) and handed to every region. Nothing in the renderer keeps state of its own at module level.
 */
export interface Workspace {
  api: ApiClient;
  /** The texts this window sends to the main side (api/textSender.ts). */
  texts: TextChannel;
  /** Form typing not yet written, and the typing bursts that make one undo step (state/pendingEdits.ts). */
  edits: PendingEdits;
  useDocument: DocumentStoreHook;
  /** "The document was replaced": one event for whatever was derived from the previous document. */
  events: DocumentEvents;
  useAnalysis: AnalysisStoreHook;
  /** The Monaco model holding the text and the undo stack shared by the form and the HOCON editor. */
  documentModel: DocumentModel;
  /** Which centre tab shows, the tool list's and the Problems panel's filters (view state that is not the document). */
  useView: ViewStoreHook;
  /** The host, the dialog on screen, the theme. */
  useUi: UiStoreHook;
  /** Pane sizes and folded panes. */
  useLayout: LayoutStoreHook;
  /** The folder open as a neuro-san project. */
  useProject: ProjectStoreHook;
  /** "Check all tools" and the open class source. */
  useEntryPython: EntryPythonStoreHook;
  /** The user's preferences, read once per window and seen by every reader (prefs/preferencesStore.ts). */
  usePreferences: PreferencesStoreHook;
  /** The catalog preview of the current and the saved text. */
  useCatalog: CatalogStoreHook;
  /** Test runs, their history and the saved cases. */
  useTestRun: TestRunStoreHook;
  /** The window's commands: what the palette lists, the menus and buttons run and the keys are bound to. */
  commands: CommandRegistry;
  /** New, Open, Save, Save As, Close, asking about unsaved work first. */
  files: FileCommands;
  /** Opens a folder as a project, then its toolbox in use in the editor (asking first about unsaved work). */
  openProject(folder: string): Promise<void>;
  /** Open Folder: the native dialog, or the app's own in browser mode. */
  openFolder(): void;
  /** Opens a file in the editor (asking first about unsaved work); resolves true when it is open. */
  openInEditor(path: string): Promise<boolean>;
}

/** What the catalog and test-run stores are made from. */
export type BaseStores = Pick<Workspace, 'api' | 'texts' | 'edits' | 'useDocument' | 'events' | 'useAnalysis' | 'documentModel' | 'useView' | 'usePreferences'>;

export function createWorkspace(api: ApiClient): Workspace {
  const texts = createTextChannel();
  const edits = createPendingEdits();
  const useDocument = createDocumentStore(api, texts, edits);
  const events = createDocumentEvents(useDocument);
  const useAnalysis = createAnalysisStore(api, useDocument, texts, edits);
  const documentModel = createDocumentModel(useDocument, edits, events);
  const useView = createViewStore();
  const usePreferences = createPreferencesStore(api);
  const base: BaseStores = { api, texts, edits, useDocument, events, useAnalysis, documentModel, useView, usePreferences };
  const useUi = createUiStore();
  const useProject = createProjectStore(api);
  const useLayout = createLayoutStore(usePreferences);
  const files = createFileCommands(api, useDocument, useUi, edits);

  const openInEditor = async (path: string) => {
    await files.open(path);
    return useDocument.getState().path === path;
  };
  const openProject = async (folder: string) => {
    await useProject.getState().open(folder);
    const project = useProject.getState().project;
    if (project?.toolbox && project.root === folder) await files.open(absoluteIn(project, project.toolbox.path));
  };
  const openFolder = () => {
    if (!useUi.getState().info?.nativeDialogs) return useUi.getState().openDialog({ kind: 'openFolder' });
    void api.invoke('dialog.openFolder', {}).then(({ path: folder }) => {
      if (folder) void openProject(folder);
    });
  };

  const workspace: Workspace = {
    ...base,
    useUi,
    useLayout,
    useProject,
    useCatalog: createCatalogStore(base),
    useTestRun: createTestRunStore(base),
    useEntryPython: createEntryPythonStore(api, useDocument, useAnalysis, useView, usePreferences, events),
    commands: createCommandRegistry(),
    files,
    openProject,
    openFolder,
    openInEditor,
  };
  refreshOnWorkingDirectoryChange(workspace);
  workspace.commands.register(
    workbenchCommands({
      stores: workspace,
      files,
      openFolder,
      hasProject: () => useProject.getState().project !== null,
      closeProject: () => useProject.getState().close(),
      toggle: (pane) => useLayout.getState().toggle(pane),
    }),
  );
  return workspace;
}

/**
 * Start-up: learns the host, opens the project or file named on the command line (or offers an untitled file's lost
 * edits), reads the preferences and the layout they kept. Resolves once the open has begun (the document is
 * 'loading' then), so the window shows no welcome screen in between.
 */
export async function startWorkspace({ api, useUi, useDocument, usePreferences, useLayout, openProject }: Workspace): Promise<void> {
  void usePreferences.getState().load().then(
    (prefs) => useLayout.getState().restore(prefs.layout),
    () => undefined,
  );
  const info = await api.invoke('app.info', {});
  useUi.getState().setInfo(info);
  if (info.initialFile) void useDocument.getState().open(info.initialFile);
  else if (info.initialProject) await openProject(info.initialProject).catch(() => undefined);
  else
    void api.invoke('recovery.get', { path: null }).then(({ text }) => {
      if (text !== null && useDocument.getState().status === 'empty') {
        useDocument.getState().openText(text);
        useDocument.getState().setNotice({ kind: 'info', message: 'Recovered an untitled file that was not saved before the app stopped.' });
      }
    });
}

/**
 * The window's listeners, while the workspace is on screen: the command keys, the native menu, Ctrl+Z outside text
 * fields, a dropped file, crash recovery, the question before the page is left with unsaved work, and the main
 * side's events for this window (a file changed on disk, the neuro-san a Python has). Returns the
 * function that removes them all.
 */
export function installWorkspace(workspace: Workspace): () => void {
  const { api, commands, files, useDocument, documentModel, edits, texts, useUi, useAnalysis, useCatalog, useProject } = workspace;
  const onBeforeUnload = (event: BeforeUnloadEvent) => {
    edits.flush(); // typing a field has not written yet counts as unsaved work
    if (!isDirty(useDocument.getState())) return;
    event.preventDefault();
    event.returnValue = '';
  };
  window.addEventListener('beforeunload', onBeforeUnload);
  const removers = [
    installKeyBindings(commands),
    api.on('menu.command', ({ command, path }) => void (command === 'openPath' ? files.open(path) : commands.run(MENU_COMMANDS[command]))),
    installUndoShortcuts(documentModel.undo, documentModel.redo),
    installFileDrop(useDocument, (path) => files.open(path), files.mayDiscard),
    installRecovery(api, useDocument, texts, (text) => {
      useUi.getState().setRecovered(text);
      useDocument.getState().setNotice({ kind: 'recovery', message: 'This file has unsaved edits from a session that ended without saving.' });
    }),
    () => window.removeEventListener('beforeunload', onBeforeUnload),
    api.on('file.changed', (change) => useDocument.getState().changedOnDisk(change)),
    // The Python of the runs said which neuro-san it has: the open file and the project may now be checked for
    // another version.
    api.on('python.neuroSan', () => {
      useAnalysis.getState().refresh();
      useCatalog.getState().refresh();
      void useProject.getState().refresh();
    }),
  ];
  return () => {
    for (const remove of removers) remove();
  };
}
