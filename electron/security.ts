import { app, session, shell } from 'electron';

/**
 * Hardening for every web contents the app creates: no navigation away from our page, no new windows (http(s) links
 * open in the user's browser), no webviews, no permission prompts.
 */
export function installSecurityPolicies(): void {
  app.on('web-contents-created', (_event, contents) => {
    contents.setWindowOpenHandler(({ url }) => {
      if (/^https?:\/\//i.test(url)) void shell.openExternal(url);
      return { action: 'deny' };
    });
    contents.on('will-navigate', (event, url) => {
      if (url !== contents.getURL()) event.preventDefault();
    });
    contents.on('will-attach-webview', (event) => event.preventDefault());
  });
  app.whenReady().then(() => {
    session.defaultSession.setPermissionRequestHandler((_contents, _permission, callback) => callback(false));
  }, () => undefined);
}
