import type { ApiClient } from '../../shared/api/contract';
import { createDocumentModel, type DocumentModel } from '../editor/documentModel';
import { createAnalysisStore, type AnalysisStoreHook } from './analysisStore';
import { createDocumentStore, type DocumentStoreHook } from './documentStore';
import { createViewStore, type ViewStoreHook } from './viewStore';
import { createEntryPythonStore, type EntryPythonStoreHook } from '../preflight/entryPythonStore';

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
}

export function createWorkspaceStores(api: ApiClient): WorkspaceStores {
  const useDocument = createDocumentStore(api);
  const useAnalysis = createAnalysisStore(api, useDocument);
  const documentModel = createDocumentModel(useDocument);
  const useView = createViewStore();
  return { api, useDocument, useAnalysis, documentModel, useView, useEntryPython: createEntryPythonStore(api, useDocument, useAnalysis, useView) };
}
