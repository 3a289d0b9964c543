import { contextBridge, ipcRenderer, webUtils } from 'electron';
import { isApiEvent, isApiMethod, unknownMethodResult, type ApiResult, type DesktopBridge } from '../shared/api/index';
import { API_EVENT_CHANNEL, apiChannel } from './channels';

/**
 * The only door from the sandboxed page to the main process: `window.toolboxEditor` can call the API's methods and
 * listen to its events, nothing else (no ipcRenderer, no Node).
 */
const listeners = new Map<string, Set<(payload: unknown) => void>>();

ipcRenderer.on(API_EVENT_CHANNEL, (_event, message: { event: string; payload: unknown }) => {
  listeners.get(message.event)?.forEach((listener) => listener(message.payload));
});

const bridge: DesktopBridge = {
  invoke(method: string, request: unknown): Promise<ApiResult<unknown>> {
    if (!isApiMethod(method)) {
      return Promise.resolve(unknownMethodResult(method));
    }
    return ipcRenderer.invoke(apiChannel(method), request) as Promise<ApiResult<unknown>>;
  },
  on(event: string, listener: (payload: unknown) => void): () => void {
    if (!isApiEvent(event)) throw new Error(`Unknown API event '${event}'.`);
    const set = listeners.get(event) ?? new Set();
    listeners.set(event, set);
    set.add(listener);
    return () => set.delete(listener);
  },
  pathForFile(file: unknown): string {
    return file instanceof File ? webUtils.getPathForFile(file) : '';
  },
};

contextBridge.exposeInMainWorld('toolboxEditor', bridge);
