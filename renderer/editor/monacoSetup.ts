import { loader } from '@monaco-editor/react';
import * as monaco from 'monaco-editor/editor/editor.api';
import EditorWorker from 'monaco-editor/editor/editor.worker?worker';
import './monacoFeatures';
import { registerHoconLanguage } from './hoconLanguage';
import { registerLanguageFeatures } from './languageFeatures';

/**
 * Monaco comes from the app's own bundle, never a CDN: the React wrapper is pointed at the imported module, and
 * its web worker is a Vite-bundled worker file (the CSP allows scripts and workers from 'self' only). The bundle holds
 * the editor's API, the features in monacoFeatures.ts and our HOCON language, nothing else: no editor in the app
 * shows JSON, so Monaco's JSON language service (0.5 MB with its worker) is left out too. A JSON editor would bring
 * it back with `import * as json from 'monaco-editor/languages/features/json/register'` and a `json` label in
 * getWorker answered by `new (await import('monaco-editor/language/json/json.worker?worker')).default()`.
 */
self.MonacoEnvironment = {
  getWorker: () => new EditorWorker(),
};

loader.config({ monaco });
registerHoconLanguage(monaco);
registerLanguageFeatures(monaco);

export { monaco };
