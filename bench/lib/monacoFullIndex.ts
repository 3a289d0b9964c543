/**
 * The peer's Monaco, bench only: `monaco-editor`'s full index, as the renderer imported it before issue 15 trimmed it
 * to the features in renderer/editor/monacoFeatures.ts (every editor feature, every basic language, the TypeScript,
 * CSS, HTML and JSON language services with their workers). bench/lib/peerApp.mjs builds a renderer with this module
 * in place of monacoFeatures.ts.
 */
import 'monaco-editor';
