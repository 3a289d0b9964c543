import { app, BrowserWindow, dialog } from 'electron';
import path from 'node:path';
import type { MenuCommand } from '../shared/api/index';
import { startApiThread } from '../node/api/apiThread';
import { rendererDir } from '../node/paths';
import { DESKTOP_STATE_FOLDER, RecentFiles } from '../node/state/userState';
import { APP_PAGE_URL, registerAppScheme, serveRendererOverAppScheme } from './appProtocol';
import { isDirectoryArgument } from '../node/project/projectArgument';
import { broadcast, registerApiIpc } from './ipc';
import { buildMenu } from './menu';
import { installSecurityPolicies } from './security';

/**
 * The desktop app's main process: one window showing the bundled renderer, the API served over IPC, a native menu.
 * It owns file I/O (and, as later features land, the ToolBox and tool runs); the page only edits and displays.
 */

/** A file named on the command line (`toolbox-editor-app FILE`, or `electron main.cjs FILE` in development). */
function fileFromArgv(argv: string[], cwd: string): string | null {
  // Skip the executable, Chromium switches, and (in development) the app folder or main script Electron was given.
  const ownPaths = new Set([app.getAppPath(), __filename, path.dirname(__filename)]);
  const args = argv.slice(1).filter((a) => !a.startsWith('-') && !ownPaths.has(path.resolve(cwd, a)));
  return args[0] ? path.resolve(cwd, args[0]) : null;
}

if (!app.requestSingleInstanceLock()) {
  // Another instance is running: it receives our arguments through 'second-instance' and opens the file.
  app.quit();
} else {
  installSecurityPolicies();
  registerAppScheme();
  let mainWindow: BrowserWindow | null = null;
  // Electron's userData for this app, named here rather than taken from the app's name, so that `toolbox-editor rename`
  // finds it (node/state/userState.ts desktopStateDir) whatever productName the packages get.
  const stateDir = process.env.TOOLBOX_EDITOR_STATE_DIR || path.join(app.getPath('appData'), DESKTOP_STATE_FOLDER);
  const recent = new RecentFiles(stateDir);
  const sendCommand = (command: MenuCommand, file?: string) => broadcast('menu.command', { command, ...(file ? { path: file } : {}) });
  const refreshMenu = async () => buildMenu(await recent.list(), sendCommand, () => mainWindow);

  // `npm start -- DIR` opens the folder as a neuro-san project (the project view), a FILE in the editor.
  const named = fileFromArgv(process.argv, process.cwd());
  const namedProject = named !== null && isDirectoryArgument(named, process.cwd());
  const api = startApiThread({
    mode: 'desktop',
    cwd: process.cwd(),
    initialFile: namedProject ? null : named,
    initialProject: namedProject ? named : null,
    stateDir,
    emit: broadcast,
    dialogs: {
      async open() {
        const result = await dialog.showOpenDialog(mainWindow!, {
          title: 'Open a toolbox file',
          properties: ['openFile'],
          filters: [
            { name: 'Toolbox files', extensions: ['hocon', 'json', 'conf'] },
            { name: 'All files', extensions: ['*'] },
          ],
        });
        return result.canceled ? null : (result.filePaths[0] ?? null);
      },
      async openFolder() {
        const result = await dialog.showOpenDialog(mainWindow!, { title: 'Open a neuro-san project folder', properties: ['openDirectory'] });
        return result.canceled ? null : (result.filePaths[0] ?? null);
      },
      async save(defaultPath) {
        const result = await dialog.showSaveDialog(mainWindow!, {
          title: 'Save toolbox file',
          ...(defaultPath ? { defaultPath } : {}),
          filters: [{ name: 'Toolbox files', extensions: ['hocon', 'json'] }],
        });
        return result.canceled ? null : (result.filePath ?? null);
      },
    },
  });

  const createWindow = () => {
    mainWindow = new BrowserWindow({
      width: 1400,
      height: 900,
      minWidth: 800,
      minHeight: 500,
      title: 'Toolbox Editor',
      show: false,
      webPreferences: {
        preload: path.join(__dirname, 'preload.cjs'),
        contextIsolation: true,
        sandbox: true,
        nodeIntegration: false,
        webSecurity: true,
        spellcheck: false,
        // A packaged app has no developer tools: they would hand anyone at the keyboard the page's API.
        devTools: !app.isPackaged,
        // A middle click must not open a link in a new window (electronegativity's AUXCLICK check).
        disableBlinkFeatures: 'Auxclick',
      },
    });
    mainWindow.once('ready-to-show', () => mainWindow?.show());
    // The page asks before unloading with unsaved changes (beforeunload); the main process turns that into a dialog.
    mainWindow.webContents.on('will-prevent-unload', (event) => {
      const choice = dialog.showMessageBoxSync(mainWindow!, {
        type: 'warning',
        buttons: ['Discard changes and close', 'Cancel'],
        defaultId: 1,
        cancelId: 1,
        title: 'Unsaved changes',
        message: 'You have unsaved changes.',
        detail: 'If you close now, your changes are lost.',
      });
      if (choice === 0) event.preventDefault();
    });
    mainWindow.on('closed', () => {
      mainWindow = null;
    });
    void mainWindow.loadURL(APP_PAGE_URL);
  };

  app.on('second-instance', (_event, argv, workingDirectory) => {
    if (!mainWindow) return;
    if (mainWindow.isMinimized()) mainWindow.restore();
    mainWindow.focus();
    const file = fileFromArgv(argv, workingDirectory);
    if (file) sendCommand('openPath', file);
  });

  void app.whenReady().then(async () => {
    serveRendererOverAppScheme(rendererDir());
    registerApiIpc(api.dispatch, (method) => {
      if (method === 'file.read' || method === 'file.write' || method === 'recent.clear') void refreshMenu();
    });
    await refreshMenu();
    createWindow();
    app.on('activate', () => {
      if (BrowserWindow.getAllWindows().length === 0) createWindow();
    });
  });

  app.on('window-all-closed', () => {
    if (process.platform !== 'darwin') app.quit();
  });
  // Not on window-all-closed: on macOS the app stays open without a window and may open one again.
  app.on('will-quit', () => {
    void api.dispose();
  });
}
