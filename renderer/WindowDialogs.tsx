import { useCallback, useEffect, useState } from 'react';
import { CommandPalette } from './commands/CommandPalette';
import { CompareDialog } from './files/CompareDialog';
import { PathDialog } from './files/PathDialog';
import { UnsavedDialog } from './files/UnsavedDialog';
import { PreferencesDialog } from './prefs/PreferencesDialog';
import { GoToToolDialog } from './tools/GoToToolDialog';
import type { Workspace } from './workspace';
import { analysisOf, toolsOf, useOpenAnalysis } from './state/openAnalysis';

/** The dialog on screen (the UI store holds which, one at a time). A new kind is one more case here. */
export function WindowDialogs({ stores }: { stores: Workspace }) {
  const { api, useUi, useDocument, useAnalysis, usePreferences, documentModel, files } = stores;
  const dialog = useUi((s) => s.dialog);
  const info = useUi((s) => s.info);
  const theme = useUi((s) => s.theme);
  const open = useOpenAnalysis(stores);
  const analysis = analysisOf(open);
  // Go to tool lists what the tool list shows: while the text does not parse, the tools of the last text that did.
  const tools = toolsOf(open);
  const closeDialog = useUi.getState().closeDialog;
  const listFolder = useCallback((folder: string) => api.invoke('folder.list', { path: folder }), [api]);
  const [recent, setRecent] = useState<string[]>([]);
  useEffect(() => {
    if (dialog?.kind === 'open') void api.invoke('recent.list', {}).then((r) => setRecent(r.files));
  }, [api, dialog]);

  switch (dialog?.kind) {
    case undefined:
      return null;
    case 'openFolder':
      return info ? (
        <PathDialog
          title="Open a folder as a project"
          actionLabel="Open"
          pick="folder"
          initialPath=""
          suggestions={[]}
          cwd={info.cwd}
          listFolder={listFolder}
          onCancel={closeDialog}
          onSubmit={(chosen) => {
            closeDialog();
            void stores.openProject(chosen);
          }}
        />
      ) : null;
    case 'open':
    case 'saveAs':
      return info ? (
        <PathDialog
          title={dialog.kind === 'open' ? 'Open a toolbox file' : 'Save as'}
          actionLabel={dialog.kind === 'open' ? 'Open' : 'Save'}
          initialPath={dialog.kind === 'saveAs' ? dialog.suggested : ''}
          suggestions={dialog.kind === 'open' ? recent : []}
          cwd={info.cwd}
          listFolder={listFolder}
          browseChooses={dialog.kind === 'open' ? 'submit' : 'fill'}
          onCancel={closeDialog}
          onSubmit={(chosen) => {
            closeDialog();
            void (dialog.kind === 'open' ? files.open(chosen) : useDocument.getState().save(chosen));
          }}
        />
      ) : null;
    case 'unsaved':
      return (
        <UnsavedDialog
          file={dialog.file}
          onChoice={(choice) => {
            dialog.answer(choice);
            closeDialog();
          }}
        />
      );
    case 'preferences':
      return <PreferencesDialog usePreferences={usePreferences} onClose={closeDialog} openFile={analysis} />;
    case 'compare':
      return <CompareDialog stores={stores} theme={theme} onClose={closeDialog} />;
    case 'commandPalette':
      return <CommandPalette registry={stores.commands} desktop={info?.mode === 'desktop'} onClose={closeDialog} />;
    case 'goToTool':
      return tools ? (
        <GoToToolDialog
          tools={tools.tools}
          onClose={closeDialog}
          onChoose={(tool) => {
            closeDialog();
            useAnalysis.getState().select(tool.name);
            // Positions of a text that parsed are not shown in one that does not.
            if (tool.file === tools.file && open.kind === 'ready' && open.unread === null) requestAnimationFrame(() => documentModel.reveal(tool.keyRange.start.offset, tool.keyRange.end.offset));
          }}
        />
      ) : null;
  }
}
