import { loader } from '@monaco-editor/react';
import * as monaco from 'monaco-editor';
import EditorWorker from 'monaco-editor/editor/editor.worker?worker';
import JsonWorker from 'monaco-editor/language/json/json.worker?worker';
import { registerHoconLanguage } from './hoconLanguage';
import { registerLanguageFeatures } from './languageFeatures';

/**
 * Monaco comes from the app's own bundle, never a CDN: the React wrapper is pointed at the imported module, and
 * its web workers are Vite-bundled worker files (the CSP allows scripts and workers from 'self' only).
 */
self.MonacoEnvironment = {
  getWorker(_workerId: string, label: string) {
    return label === 'json' ? new JsonWorker() : new EditorWorker();
  },
};

loader.config({ monaco });
registerHoconLanguage(monaco);
registerLanguageFeatures(monaco);

// JSON editing (raw JSON Schema views, sly_data) validates and allows comments the way toolbox authors expect.
monaco.json.jsonDefaults.setDiagnosticsOptions({ validate: true, allowComments: false, trailingCommas: 'error' });

export { monaco };
