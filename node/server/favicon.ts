import type { ServerResponse } from 'node:http';

/**
 * The tab icon for browser mode. A browser asks for /favicon.ico on its own when the page names no icon, and a 404
 * there is logged in the console as if the app were broken; the renderer bundle has no icon file, so the server
 * answers that path itself (a small SVG: every current browser shows one, whatever the path's extension says).
 */
export const FAVICON_SVG =
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 16 16">' +
  '<rect x="1" y="4" width="14" height="10" rx="2" fill="#2f6fb3"/>' +
  '<rect x="5" y="2" width="6" height="3" rx="1" fill="none" stroke="#2f6fb3" stroke-width="1.5"/>' +
  '<rect x="1" y="8" width="14" height="1.5" fill="#ffffff" opacity="0.7"/></svg>';

/** Answers GET/HEAD /favicon.ico with the icon; false for any other path. */
export function serveFavicon(urlPath: string, method: string | undefined, res: ServerResponse, headers: Record<string, string>): boolean {
  if (urlPath !== '/favicon.ico') return false;
  const body = Buffer.from(FAVICON_SVG, 'utf8');
  res.writeHead(200, { ...headers, 'Content-Type': 'image/svg+xml', 'Content-Length': String(body.length), 'Cache-Control': 'max-age=86400' });
  res.end(method === 'HEAD' ? undefined : body);
  return true;
}
