/**
 * The language service: what an editor knows about a HOCON file of a neuro-san project, for every editor. Pure; two
 * adapters use it: the app's Monaco (renderer/editor) and the language server (node/language, `toolbox-editor lsp`).
 * Positions are offsets into a file's text; the adapters make lines and columns of them.
 */
export { formatChecked, type CheckedFormat, type FormatCheckOptions } from './formatChecked';
export { editorConfigFor, type EditorConfigFile } from './editorConfig';
export { outline, type OutlineSymbol, type SymbolKind } from './outline';
export { foldingRegions, type FoldingRegion } from './foldingRegions';
export { definition, references, rename, renameTarget, toolDefinition, type LanguageWorld, type Location, type RenameResult } from './navigation';
export { hoverAt, completionsAt, quickFixesAt, toolHoverLines, type Hover, type CompletionItem, type ToolFacts } from './assist';
export { FIELD_DOCS, KEYS_BY_KIND } from './fieldDocs';
export { includeAt, includeFileToOpen, includeHoverLines, WHY, type IncludeFacts, type WorkingDirectoryFacts } from './includeHover';
