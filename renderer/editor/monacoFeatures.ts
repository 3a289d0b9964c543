/**
 * The editor features the app uses, one import each, instead of `monaco-editor`'s index, which brings every feature,
 * 80 basic languages and the TypeScript, CSS and HTML language services with their workers (about 10 MB of a 15 MB
 * renderer). Add a line here when the app starts to use another feature; the paths are those of
 * `monaco-editor/esm/vs/editor/editor.main.js` (the package exports `.js` files only, hence the codicon feature for
 * its CSS).
 */
import 'monaco-editor/features/codicon/register';
import 'monaco-editor/editor/browser/coreCommands';
import 'monaco-editor/editor/browser/widget/codeEditor/codeEditorWidget';
// Compare with the file on disk (files/CompareDialog.tsx).
import 'monaco-editor/editor/browser/widget/diffEditor/diffEditor.contribution';
// What the HOCON language offers (languageFeatures.ts): hovers, quick fixes with their light bulb, completions,
// folding, and moving between markers (F8).
import 'monaco-editor/editor/contrib/hover/browser/hoverContribution';
import 'monaco-editor/editor/contrib/codeAction/browser/codeActionContributions';
import 'monaco-editor/editor/contrib/suggest/browser/suggestController';
import 'monaco-editor/editor/contrib/snippet/browser/snippetController2';
import 'monaco-editor/editor/contrib/folding/browser/folding';
import 'monaco-editor/editor/contrib/gotoError/browser/gotoError';
import 'monaco-editor/editor/contrib/gotoError/browser/markerSelectionStatus';
// From the language service too: Format Document, go to definition (F12, Ctrl+click), find references (Shift+F12),
// rename (F2), and the outline as Go to Symbol (Ctrl+Shift+O).
import 'monaco-editor/editor/contrib/format/browser/formatActions';
import 'monaco-editor/editor/contrib/gotoSymbol/browser/goToCommands';
import 'monaco-editor/editor/standalone/browser/referenceSearch/standaloneReferenceSearch';
import 'monaco-editor/editor/contrib/gotoSymbol/browser/link/goToDefinitionAtPosition';
import 'monaco-editor/editor/contrib/rename/browser/rename';
import 'monaco-editor/editor/contrib/documentSymbols/browser/documentSymbols';
import 'monaco-editor/editor/standalone/browser/quickAccess/standaloneGotoSymbolQuickAccess';
// Ordinary text editing.
import 'monaco-editor/editor/contrib/bracketMatching/browser/bracketMatching';
import 'monaco-editor/editor/contrib/clipboard/browser/clipboard';
import 'monaco-editor/editor/contrib/comment/browser/comment';
import 'monaco-editor/editor/contrib/contextmenu/browser/contextmenu';
import 'monaco-editor/editor/contrib/cursorUndo/browser/cursorUndo';
import 'monaco-editor/editor/contrib/dnd/browser/dnd';
import 'monaco-editor/features/find/register';
import 'monaco-editor/editor/contrib/find/browser/findController';
import 'monaco-editor/editor/contrib/indentation/browser/indentation';
import 'monaco-editor/editor/contrib/lineSelection/browser/lineSelection';
import 'monaco-editor/editor/contrib/linesOperations/browser/linesOperations';
import 'monaco-editor/editor/contrib/multicursor/browser/multicursor';
import 'monaco-editor/editor/contrib/smartSelect/browser/smartSelect';
import 'monaco-editor/editor/contrib/wordHighlighter/browser/wordHighlighter';
import 'monaco-editor/editor/contrib/wordOperations/browser/wordOperations';
import 'monaco-editor/editor/contrib/wordPartOperations/browser/wordPartOperations';
import 'monaco-editor/editor/contrib/readOnlyMessage/browser/contribution';
// Invisible and look-alike characters (a non-breaking space is white space to HOCON) and stray line separators
// are shown; links (a base_tool_info_url, a URL in a comment) open with Ctrl+click. Links are found by the editor
// worker, which therefore starts with the editor.
import 'monaco-editor/editor/contrib/links/browser/links';
import 'monaco-editor/editor/contrib/unicodeHighlighter/browser/unicodeHighlighter';
import 'monaco-editor/editor/contrib/unusualLineTerminators/browser/unusualLineTerminators';
// Keyboard users: Ctrl+M moves focus out of the editor instead of typing a tab; Ctrl+G goes to a line.
import 'monaco-editor/editor/contrib/toggleTabFocusMode/browser/toggleTabFocusMode';
import 'monaco-editor/editor/standalone/browser/quickAccess/standaloneGotoLineQuickAccess';
import 'monaco-editor/editor/common/standaloneStrings';
