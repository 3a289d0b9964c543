import { app, BrowserWindow, session } from 'electron';
import { openExternalLink } from './externalLinks';

/**
 * Hardening for every web contents the app creates: no navigation away from our page, no new windows (http(s) links
 * open in the user's browser once the user agrees), no webviews, no permissions: none asked for is granted, and
 * none is even reported as granted (the check handler), so the page cannot probe for any.
 */
export function installSecurityPolicies(): void {
  app.on('web-contents-created', (_event, contents) => {
    contents.setWindowOpenHandler(({ url }) => {
      void openExternalLink(url, BrowserWindow.fromWebContents(contents));
      return { action: 'deny' };
    });
    contents.on('will-navigate', (event, url) => {
      if (url !== contents.getURL()) event.preventDefault();
    });
    contents.on('will-attach-webview', (event) => event.preventDefault());
  });
  app.whenReady().then(() => {
    session.defaultSession.setPermissionRequestHandler((_contents, _permission, callback) => callback(false));
    session.defaultSession.setPermissionCheckHandler(() => false);
  }, () => undefined);
}
