import { BrowserWindow, ipcMain, type IpcMainInvokeEvent } from 'electron';
import { apiMethodNames, type ApiEvent, type ApiEventPayload } from '../shared/api/index';
import type { Dispatch } from '../node/api/dispatcher';
import { APP_PAGE_URL } from './appProtocol';
import { API_EVENT_CHANNEL, apiChannel } from './channels';

/**
 * Serves the API over IPC. Every call is checked to come from the top frame of one of our own windows showing our
 * own page (as GitHub Desktop checks senders), and every payload is validated by the dispatcher before use.
 */
export function registerApiIpc(dispatch: Dispatch, onCalled: (method: string) => void): void {
  const pageUrl = APP_PAGE_URL;
  const isTrustedSender = (event: IpcMainInvokeEvent) => {
    const window = BrowserWindow.fromWebContents(event.sender);
    const frame = event.senderFrame;
    return window !== null && frame !== null && frame === event.sender.mainFrame && frame.url.split(/[?#]/)[0] === pageUrl;
  };
  for (const method of apiMethodNames) {
    ipcMain.handle(apiChannel(method), async (event, payload: unknown) => {
      if (!isTrustedSender(event)) {
        return { ok: false, error: { code: 'forbidden', message: 'This page may not use the Toolbox Editor API.' } };
      }
      const result = await dispatch(method, payload);
      onCalled(method);
      return result;
    });
  }
}

/** Pushes an event to every window. */
export function broadcast<E extends ApiEvent>(event: E, payload: ApiEventPayload<E>): void {
  for (const window of BrowserWindow.getAllWindows()) window.webContents.send(API_EVENT_CHANNEL, { event, payload });
}
