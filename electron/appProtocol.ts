import { protocol } from 'electron';
import { readFile, stat } from 'node:fs/promises';
import { DESKTOP_CSP } from '../shared/security/csp';
import { contentTypeOf, rendererFile } from '../node/server/staticFiles';

/**
 * The desktop page is served from `app://toolbox-editor/`, not `file://`: a file:// page may read any other file://
 * URL, a custom standard, secure scheme is an origin of its own that sees only the renderer's folder. Every file goes
 * out with the desktop Content-Security-Policy (no WebSocket: the page talks to the main process over IPC).
 */
export const APP_SCHEME = 'app';
export const APP_HOST = 'toolbox-editor';
export const APP_PAGE_URL = `${APP_SCHEME}://${APP_HOST}/index.html`;

/** Before the app is ready: app:// behaves as a secure origin (module scripts, workers, fetch of its own files). */
export function registerAppScheme(): void {
  protocol.registerSchemesAsPrivileged([
    { scheme: APP_SCHEME, privileges: { standard: true, secure: true, supportFetchAPI: true, codeCache: true } },
  ]);
}

/** Once the app is ready: answers app://toolbox-editor/<path> with the renderer's files, nothing else. */
export function serveRendererOverAppScheme(rendererDir: string): void {
  protocol.handle(APP_SCHEME, async (request) => {
    const url = new URL(request.url);
    const file = url.host === APP_HOST ? rendererFile(rendererDir, url.pathname) : undefined;
    const info = file === undefined ? undefined : await stat(file).catch(() => undefined);
    if (file === undefined || !info?.isFile()) return new Response('Not found', { status: 404 });
    return new Response(await readFile(file), {
      headers: {
        'Content-Type': contentTypeOf(file),
        'Content-Security-Policy': DESKTOP_CSP,
        'X-Content-Type-Options': 'nosniff',
      },
    });
  });
}
