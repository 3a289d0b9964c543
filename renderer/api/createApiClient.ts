import { unwrapResult, type ApiClient, type DesktopBridge } from '../../shared/api/index';
import { createHttpApiClient } from './httpApiClient';

declare global {
  interface Window {
    /** Set by the Electron preload script; absent in browser mode. */
    toolboxEditor?: DesktopBridge;
  }
}

const TOKEN_KEY = 'toolbox-editor.token';

/**
 * The API client for whichever host the page runs in: the preload bridge in the desktop app, or loopback HTTP in
 * browser mode (the token comes once in the page URL; it is kept for reloads in this tab only).
 */
export function createApiClient(): ApiClient {
  const bridge = window.toolboxEditor;
  if (bridge) {
    return {
      invoke: async (method, request) => unwrapResult(await bridge.invoke(method, request)) as never,
      on: (event, listener) => bridge.on(event, listener as (payload: unknown) => void),
    };
  }
  const url = new URL(window.location.href);
  const fromUrl = url.searchParams.get('token');
  if (fromUrl) {
    sessionStorage.setItem(TOKEN_KEY, fromUrl);
    // Out of the address bar and the history (and so out of screenshots, shared URLs and bookmarks).
    url.searchParams.delete('token');
    window.history.replaceState(window.history.state, '', `${url.pathname}${url.search}${url.hash}`);
  }
  const token = fromUrl ?? sessionStorage.getItem(TOKEN_KEY) ?? '';
  return createHttpApiClient(token);
}
