import type { ApiClient } from '../../shared/api/index';
import { createCatalogStore, type CatalogStoreHook } from '../catalog/catalogStore';
import { createDocumentModel, type DocumentModel } from '../editor/documentModel';
import { createPreferencesStore, type PreferencesStoreHook } from '../prefs/preferencesStore';
import { createTestRunStore, type TestRunStoreHook } from '../testrun/testRunStore';
import { createAnalysisStore, type AnalysisStoreHook } from './analysisStore';
import { createDocumentStore, type DocumentStoreHook } from './documentStore';
import { createViewStore, type ViewStoreHook } from './viewStore';
import { createEntryPythonStore, type EntryPythonStoreHook } from '../preflight/entryPythonStore';
import { refreshOnWorkingDirectoryChange } from '../prefs/workingDirectoryRefresh';

/** The stores of one window, created once and handed to every region. */
export interface WorkspaceStores {
  api: ApiClient;
  useDocument: DocumentStoreHook;
  useAnalysis: AnalysisStoreHook;
  /** The Monaco model holding the text and the undo stack shared by the form and the HOCON editor. */
  documentModel: DocumentModel;
  /** Which centre tab shows, the tool list filter (view state that is not the document). */
  useView: ViewStoreHook;
  /** "Check all tools" and the open class source. */
  useEntryPython: EntryPythonStoreHook;
  /** The user's preferences, read once per window and seen by every reader (prefs/preferencesStore.ts). */
  usePreferences: PreferencesStoreHook;
  /** The catalog preview of the current and the saved text. */
  useCatalog: CatalogStoreHook;
  /** Test runs, their history and the saved cases. */
  useTestRun: TestRunStoreHook;
}

/** What the catalog and test-run stores are made from. */
export type BaseStores = Omit<WorkspaceStores, 'useCatalog' | 'useTestRun' | 'useEntryPython'>;

export function createWorkspaceStores(api: ApiClient): WorkspaceStores {
  const useDocument = createDocumentStore(api);
  const useAnalysis = createAnalysisStore(api, useDocument);
  const documentModel = createDocumentModel(useDocument);
  const base: BaseStores = { api, useDocument, useAnalysis, documentModel, useView: createViewStore(), usePreferences: createPreferencesStore(api) };
  const stores = { ...base, useCatalog: createCatalogStore(base), useTestRun: createTestRunStore(base), useEntryPython: createEntryPythonStore(api, useDocument, useAnalysis, base.useView, base.usePreferences) };
  refreshOnWorkingDirectoryChange(stores);
  return stores;
}
