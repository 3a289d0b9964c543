import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import type { ServerResponse } from 'node:http';
import path from 'node:path';

const contentTypes: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.ttf': 'font/ttf',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.map': 'application/json; charset=utf-8',
};

/** The content type the renderer's files are served with (a module script needs a JavaScript one). */
export function contentTypeOf(file: string): string {
  return contentTypes[path.extname(file)] ?? 'application/octet-stream';
}

/** The file a URL path names inside `root` ('/' is index.html), or undefined for bad encoding or a path outside it. */
export function rendererFile(root: string, urlPath: string): string | undefined {
  let relative: string;
  try {
    relative = decodeURIComponent(urlPath === '/' ? '/index.html' : urlPath);
  } catch {
    return undefined;
  }
  const file = path.resolve(root, `.${relative}`);
  return file !== root && file.startsWith(root + path.sep) ? file : undefined;
}

/** Serves the built renderer; never anything outside its folder. Resolves false when there is no such file. */
export async function serveStatic(root: string, urlPath: string, res: ServerResponse, headers: Record<string, string>): Promise<boolean> {
  const file = rendererFile(root, urlPath);
  if (file === undefined) return false;
  const info = await stat(file).catch(() => undefined);
  if (!info?.isFile()) return false;
  res.writeHead(200, {
    ...headers,
    'Content-Type': contentTypeOf(file),
    'Content-Length': String(info.size),
    'Cache-Control': 'no-cache',
  });
  createReadStream(file).pipe(res);
  return true;
}
