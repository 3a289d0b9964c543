import type { DocumentStoreHook } from '../state/documentStore';

/**
 * Opening a file dropped on the window. The desktop app's preload gives the file's path (webUtils); a browser
 * gives only the contents, so the file opens as a new document to save with Save As.
 */
export function installFileDrop(useDocument: DocumentStoreHook, open: (path: string) => Promise<void>, mayDiscard: () => Promise<boolean>): () => void {
  const onDragOver = (event: DragEvent) => {
    if (event.dataTransfer?.types.includes('Files')) event.preventDefault();
  };
  const onDrop = (event: DragEvent) => {
    const file = event.dataTransfer?.files[0];
    if (!file) return;
    event.preventDefault();
    // The desktop app's preload knows where a dropped file lives; a browser never says.
    const path = window.toolboxEditor?.pathForFile(file);
    if (path) return void open(path);
    void mayDiscard().then(async (may) => {
      if (!may) return;
      const text = await file.text();
      useDocument.getState().openText(text);
      useDocument.getState().setNotice({ kind: 'info', message: `Opened ${file.name} from a drop: the browser does not say where it is, so Save asks for a path.` });
    });
  };
  window.addEventListener('dragover', onDragOver);
  window.addEventListener('drop', onDrop);
  return () => {
    window.removeEventListener('dragover', onDragOver);
    window.removeEventListener('drop', onDrop);
  };
}
