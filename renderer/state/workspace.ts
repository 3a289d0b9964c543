import type { ApiClient } from '../../shared/api/contract';
import { createAnalysisStore, type AnalysisStoreHook } from './analysisStore';
import { createDocumentStore, type DocumentStoreHook } from './documentStore';

/** The stores of one window, created once and handed to every region. */
export interface WorkspaceStores {
  api: ApiClient;
  useDocument: DocumentStoreHook;
  useAnalysis: AnalysisStoreHook;
}

export function createWorkspaceStores(api: ApiClient): WorkspaceStores {
  const useDocument = createDocumentStore(api);
  const useAnalysis = createAnalysisStore(api, useDocument);
  return { api, useDocument, useAnalysis };
}
