import type * as Monaco from 'monaco-editor/editor/editor.api';
import type { ApiClient, ApiResponse, LanguageLocation } from '../../shared/api/index';
import { errorMessage } from '../../shared/errorMessage';

/**
 * Go to definition, find references and rename across the open document's project, as the language server answers
 * them (API `language.*`, node/language/appLanguage.ts), for the app's one editor: a location in another file opens
 * that file (asking about unsaved work first, as File > Open does); the peek at references shows other files from
 * read-only models of their text; a tool's rename edits the project's files on disk all or none, undone as one step
 * (`project.applyEdits`, as "Rename across the project…").
 */
export interface EditorProject {
  api: ApiClient;
  /** The document's path on disk; null for an untitled one (the features then stay within its text). */
  path(): string | null;
  /** Whether the text has changes not yet saved. */
  dirty(): boolean;
  /** Opens another file in the editor and shows the span there; resolves false when it was not opened. */
  openAt(path: string, from: Monaco.IPosition, to: Monaco.IPosition): Promise<boolean>;
  /** The files on disk changed under the open document (a rename, its undo): read it again. */
  reload(): Promise<void>;
}

/** What the editor says to the user, above the text: a refusal, a rename done (with its undo). */
export interface EditorNotice {
  text: string;
  kind: 'info' | 'warning';
  action?: { label: string; run(): void };
}

/** Models of other files' texts for the peek, by URI: the last few are kept. */
const PEEK_MODELS_KEPT = 20;
const peekModels = new Map<string, Monaco.editor.ITextModel>();

/** A file's text as a model the peek can show, read-only (an edit there would be saved nowhere). */
function peekModel(monaco: typeof Monaco, path: string, text: string): Monaco.Uri {
  const uri = monaco.Uri.file(path);
  const key = uri.toString();
  const existing = peekModels.get(key) ?? monaco.editor.getModel(uri);
  if (existing) {
    if (existing.getValue() !== text) existing.setValue(text);
    peekModels.delete(key);
    peekModels.set(key, existing);
  } else {
    peekModels.set(key, monaco.editor.createModel(text, 'hocon', uri));
  }
  while (peekModels.size > PEEK_MODELS_KEPT) {
    const [oldest, model] = peekModels.entries().next().value as [string, Monaco.editor.ITextModel];
    peekModels.delete(oldest);
    model.dispose();
  }
  return uri;
}

export function isPeekModel(model: Monaco.editor.ITextModel | null): boolean {
  return model !== null && peekModels.get(model.uri.toString()) === model;
}

/**
 * The service's locations as Monaco's, each on a model of its file's text named by the file (the open document's
 * too: the peek then shows every file by its name; opening one there is the app's opener's, even this one).
 */
function monacoLocations(monaco: typeof Monaco, model: Monaco.editor.ITextModel, path: string, answer: { locations: LanguageLocation[]; texts: Record<string, string> }): Monaco.languages.Location[] {
  const texts = { ...answer.texts, [path]: model.getValue() };
  return answer.locations.map((l) => ({
    uri: peekModel(monaco, l.path, texts[l.path] ?? ''),
    range: new monaco.Range(l.from.line, l.from.column, l.to.line, l.to.column),
  }));
}

export async function projectDefinition(monaco: typeof Monaco, model: Monaco.editor.ITextModel, project: EditorProject, path: string, offset: number): Promise<Monaco.languages.Location[]> {
  const answer = await project.api.invoke('language.definition', { path, text: model.getValue(), offset });
  return monacoLocations(monaco, model, path, answer);
}

export async function projectReferences(monaco: typeof Monaco, model: Monaco.editor.ITextModel, project: EditorProject, path: string, offset: number, includeDeclaration: boolean): Promise<Monaco.languages.Location[]> {
  const answer = await project.api.invoke('language.references', { path, text: model.getValue(), offset, includeDeclaration });
  return monacoLocations(monaco, model, path, answer);
}

export type ProjectRename = Extract<ApiResponse<'language.rename'>, { scope: 'project' }>;

/**
 * Applies a tool's rename to the project's files (all or none), reads the open document again, and says what was
 * done with an Undo. A document with unsaved changes is not renamed in (its rename is refused before: renameTarget).
 */
export async function applyProjectRename(project: EditorProject, rename: ProjectRename, notify: (notice: EditorNotice) => void): Promise<void> {
  const { tool, newName } = rename.renamedTool;
  try {
    const applied = await project.api.invoke('project.applyEdits', { root: rename.root, edits: rename.edits, renamedTool: rename.renamedTool });
    await project.reload();
    const undo = async () => {
      if (project.dirty()) return notify({ kind: 'warning', text: 'Save or discard your changes first: undoing the rename edits the files on disk.', action: { label: 'Undo rename', run: () => void undo() } });
      try {
        await project.api.invoke('project.undoEdits', { undoId: applied.undoId });
        await project.reload();
        notify({ kind: 'info', text: `Renamed '${newName}' back to '${tool}'.` });
      } catch (error) {
        notify({ kind: 'warning', text: `Not undone: ${errorMessage(error)}` });
      }
    };
    const files = applied.files.map((f) => f.slice(rename.root.length).replace(/^[\\/]/, ''));
    notify({ kind: 'info', text: `Renamed '${tool}' to '${newName}' in ${files.length} ${files.length === 1 ? 'file' : 'files'}: ${files.join(', ')}.`, action: { label: 'Undo rename', run: () => void undo() } });
  } catch (error) {
    notify({ kind: 'warning', text: `Not renamed: ${errorMessage(error)}` });
  }
}
