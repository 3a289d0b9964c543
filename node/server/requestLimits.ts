import type { IncomingMessage } from 'node:http';

/**
 * What one browser-mode request may cost. The largest real request is a document's text (`file.write`,
 * `toolbox.analyze`): the 5,000-tool benchmark toolbox is about 2 MB, so 32 MiB leaves room for any real toolbox and
 * keeps a hostile body from filling memory. A request (headers and body) that has not arrived within
 * `requestTimeoutMs` is answered 408 and its connection closed: a slow client cannot hold one open for ever.
 */
export interface RequestLimits {
  maxBodyBytes: number;
  requestTimeoutMs: number;
  headersTimeoutMs: number;
}

export const DEFAULT_REQUEST_LIMITS: RequestLimits = {
  maxBodyBytes: 32 * 1024 * 1024,
  requestTimeoutMs: 30_000,
  headersTimeoutMs: 15_000,
};

/** A request the server refuses with a status and a message for the user (never a stack trace). */
export class RequestRefused extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
    this.name = 'RequestRefused';
  }
}

/** The request target as a URL, or a 400 refusal for a target that is not one (`http://[x/api/events`). */
export function requestUrl(req: IncomingMessage): URL {
  try {
    return new URL(req.url ?? '/', 'http://127.0.0.1');
  } catch {
    throw new RequestRefused(400, 'Bad request: the request target is not a valid URL.');
  }
}

/** A path segment decoded, or a 400 refusal for bad percent-encoding (`%E0%A4%A`). */
export function decodePathPart(part: string): string {
  try {
    return decodeURIComponent(part);
  } catch {
    throw new RequestRefused(400, 'Bad request: the path is not valid percent-encoding.');
  }
}

/**
 * The body as text, refused (413) as soon as it passes the cap, whether announced by Content-Length or only
 * discovered while reading; a body cut off or timing out rejects as 400/408.
 */
export function readBody(req: IncomingMessage, limits: RequestLimits): Promise<string> {
  const announced = Number(req.headers['content-length'] ?? 0);
  if (announced > limits.maxBodyBytes) {
    return Promise.reject(new RequestRefused(413, `Request body too large: the limit is ${limits.maxBodyBytes} bytes.`));
  }
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > limits.maxBodyBytes) {
        chunks.length = 0;
        req.pause();
        reject(new RequestRefused(413, `Request body too large: the limit is ${limits.maxBodyBytes} bytes.`));
        return;
      }
      chunks.push(chunk);
    });
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('aborted', () => reject(new RequestRefused(400, 'Bad request: the body was cut off.')));
    req.on('error', () => reject(new RequestRefused(400, 'Bad request: the body could not be read.')));
  });
}
