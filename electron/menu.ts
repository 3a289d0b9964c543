import { app, dialog, Menu, shell, type BrowserWindow, type MenuItemConstructorOptions } from 'electron';
import type { MenuCommand } from '../shared/api/index';
import { APP_VERSION } from '../shared/version';

/** The native menu. File items are forwarded to the page, which owns the document and its unsaved changes. */
export function buildMenu(recentFiles: string[], send: (command: MenuCommand, path?: string) => void, window: () => BrowserWindow | null): void {
  const item = (label: string, command: MenuCommand, accelerator?: string): MenuItemConstructorOptions => ({
    label,
    accelerator,
    click: () => send(command),
  });
  const template: MenuItemConstructorOptions[] = [
    ...(process.platform === 'darwin' ? [{ role: 'appMenu' as const }] : []),
    {
      label: '&File',
      submenu: [
        item('New', 'new', 'CmdOrCtrl+N'),
        item('Open…', 'open', 'CmdOrCtrl+O'),
        {
          label: 'Open Recent',
          submenu: recentFiles.length
            ? recentFiles.map((file) => ({ label: file, click: () => send('openPath', file) }))
            : [{ label: 'No recent files', enabled: false }],
        },
        { type: 'separator' },
        item('Save', 'save', 'CmdOrCtrl+S'),
        item('Save As…', 'saveAs', 'CmdOrCtrl+Shift+S'),
        { type: 'separator' },
        item('Close', 'close', 'CmdOrCtrl+W'),
        ...(process.platform === 'darwin' ? [] : [{ type: 'separator' as const }, { role: 'quit' as const }]),
      ],
    },
    {
      label: '&Edit',
      submenu: [
        // Undo and Redo are the document's (a form field's whole burst of typing, as Ctrl+Z there): the page decides,
        // so they are sent to it instead of the native roles (which would undo one character of a field). The page
        // handles the keys itself; the accelerators are only shown where the system lets them be (not captured).
        { ...item('Undo', 'undo', 'CmdOrCtrl+Z'), registerAccelerator: false },
        { ...item('Redo', 'redo', process.platform === 'darwin' ? 'Cmd+Shift+Z' : 'Ctrl+Y'), registerAccelerator: false },
        { type: 'separator' },
        // Monaco binds the key in the HOCON text; the page runs the command from anywhere.
        { ...item('Format Document', 'format', process.platform === 'linux' ? 'Ctrl+Shift+I' : 'Shift+Alt+F'), registerAccelerator: false },
        { type: 'separator' },
        { role: 'cut' },
        { role: 'copy' },
        { role: 'paste' },
        { role: 'selectAll' },
      ],
    },
    {
      label: '&View',
      submenu: [
        item('Command Palette…', 'palette', 'CmdOrCtrl+Shift+P'),
        { type: 'separator' },
        { role: 'reload' },
        // Developer tools only in development: a packaged app has none (see webPreferences.devTools).
        ...(app.isPackaged ? [] : [{ role: 'toggleDevTools' as const }]),
        { type: 'separator' },
        { role: 'resetZoom' },
        { role: 'zoomIn' },
        { role: 'zoomOut' },
        { type: 'separator' },
        { role: 'togglefullscreen' },
      ],
    },
    {
      label: '&Help',
      submenu: [
        {
          label: 'Toolbox Info File Reference',
          click: () => void shell.openExternal('https://github.com/cognizant-ai-lab/neuro-san/blob/main/docs/toolbox_info_hocon_reference.md'),
        },
        {
          label: 'About Toolbox Editor',
          click: () => {
            const parent = window();
            const options = {
              type: 'info' as const,
              title: 'About Toolbox Editor',
              message: `Toolbox Editor ${APP_VERSION}`,
              detail: `Author, validate, preview and test-run neuro-san toolbox files.\nElectron ${process.versions.electron} · Node ${process.versions.node}`,
            };
            void (parent ? dialog.showMessageBox(parent, options) : dialog.showMessageBox(options));
          },
        },
      ],
    },
  ];
  Menu.setApplicationMenu(Menu.buildFromTemplate(template));
  app.setName('Toolbox Editor');
}
