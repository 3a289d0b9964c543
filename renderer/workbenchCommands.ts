import type { FileCommands } from './files/fileCommands';
import type { CollapsiblePane } from './layout/paneLayout';
import { goToProblem } from './problems/revealProblem';
import { runUndoCommand } from './editor/undoShortcuts';
import type { Workspace } from './workspace';
import { currentAnalysis } from './state/openAnalysis';
import type { Command } from './commands/commandRegistry';
import { focusPane } from './layout/paneFocus';

export interface WorkbenchCommandDeps {
  stores: Workspace;
  files: FileCommands;
  /** Open Folder: the native dialog, or the app's own in browser mode. */
  openFolder(): void;
  hasProject(): boolean;
  closeProject(): void;
  toggle(pane: CollapsiblePane): void;
}

/**
 * The window's own commands: files, views, problems. The tool list registers the tool commands (it owns the rename
 * dialog); a shortcut here is the only binding of its key.
 */
export function workbenchCommands({ stores, files, openFolder, hasProject, closeProject, toggle }: WorkbenchCommandDeps): Command[] {
  const ui = () => stores.useUi.getState();
  const ready = () => stores.useDocument.getState().status === 'ready';
  const analysed = () => currentAnalysis(stores) !== null;
  const problems = () => (currentAnalysis(stores)?.diagnostics.length ?? 0) > 0;
  const focus = (selector: string) => requestAnimationFrame(() => document.querySelector<HTMLElement>(selector)?.focus());
  const setTab = (tab: 'form') => stores.useView.getState().setTab(tab);
  /** A folded pane is unfolded first: the focus goes where the user can see it. */
  const unfold = (pane: CollapsiblePane) => stores.useLayout.getState().layout.collapsed.includes(pane) && toggle(pane);
  return [
    { id: 'file.new', title: 'New toolbox file', category: 'File', shortcuts: ['Mod+N'], keyScope: 'desktop', run: () => files.newFile() },
    { id: 'file.open', title: 'Open a file…', category: 'File', shortcuts: ['Mod+O'], run: () => files.open() },
    { id: 'file.openFolder', title: 'Open a folder as a project…', category: 'File', run: openFolder },
    { id: 'file.save', title: 'Save', category: 'File', shortcuts: ['Mod+S'], enabled: ready, run: () => files.save() },
    { id: 'file.saveAs', title: 'Save as…', category: 'File', shortcuts: ['Mod+Shift+S'], enabled: ready, run: () => files.saveAs() },
    { id: 'file.close', title: 'Close the file', category: 'File', shortcuts: ['Mod+W'], keyScope: 'desktop', enabled: () => stores.useDocument.getState().status !== 'empty', run: () => files.close() },
    // The document's one undo (editor/undoShortcuts.ts binds the keys): a text field outside the document keeps its own.
    { id: 'edit.undo', title: 'Undo', category: 'Edit', shortcuts: ['Mod+Z'], keyScope: 'focus', enabled: ready, run: () => runUndoCommand('undo', stores.documentModel) },
    { id: 'edit.redo', title: 'Redo', category: 'Edit', shortcuts: ['Mod+Shift+Z', 'Mod+Y'], keyScope: 'focus', enabled: ready, run: () => runUndoCommand('redo', stores.documentModel) },
    { id: 'view.palette', title: 'Show all commands', category: 'View', shortcuts: ['Mod+Shift+P', 'F1'], run: () => ui().openDialog({ kind: 'commandPalette' }) },
    { id: 'view.goToTool', title: 'Go to tool…', category: 'View', shortcuts: ['Mod+P'], enabled: analysed, run: () => ui().openDialog({ kind: 'goToTool' }) },
    // Each pane, shown and focused where its own keys work (layout/paneFocus.ts; Show the HOCON text is the editor's).
    { id: 'view.form', title: 'Show the form', category: 'View', enabled: ready, run: () => (setTab('form'), focusPane('form')) },
    { id: 'view.focusTools', title: 'Focus the tool list', category: 'View', run: () => (unfold('tools'), focusPane('tools')) },
    { id: 'view.focusProject', title: 'Focus the project tree', category: 'View', enabled: hasProject, run: () => (unfold('project'), focusPane('project')) },
    { id: 'view.focusCatalog', title: 'Focus the catalog preview', category: 'View', enabled: ready, run: () => focusPane('catalog') },
    { id: 'view.focusTestRun', title: 'Focus the Test run pane', category: 'View', enabled: ready, run: () => focusPane('testRun') },
    { id: 'view.focusProblems', title: 'Focus the Problems panel', category: 'View', enabled: ready, run: () => focusPane('problems') },
    { id: 'view.toggleProject', title: 'Fold or unfold the project tree', category: 'View', enabled: hasProject, run: () => toggle('project') },
    { id: 'view.toggleTools', title: 'Fold or unfold the tool list', category: 'View', run: () => toggle('tools') },
    { id: 'view.preferences', title: 'Preferences…', category: 'View', shortcuts: ['Mod+,'], run: () => ui().openDialog({ kind: 'preferences' }) },
    { id: 'problems.next', title: 'Go to the next problem', category: 'Problems', shortcuts: ['F8'], enabled: problems, run: () => goToProblem(stores, 1) },
    { id: 'problems.previous', title: 'Go to the previous problem', category: 'Problems', shortcuts: ['Shift+F8'], enabled: problems, run: () => goToProblem(stores, -1) },
    { id: 'problems.filter', title: 'Filter the problems', category: 'Problems', enabled: problems, run: () => focus('[aria-label="Filter problems by text"]') },
    { id: 'tool.checkAll', title: "Check all tools: import each tool's class", category: 'Tool', enabled: () => ready() && stores.useEntryPython.getState().checkingRunId === null, run: () => stores.useEntryPython.getState().check() },
    { id: 'project.close', title: 'Close the project', category: 'Project', enabled: hasProject, run: closeProject },
  ];
}
