import { timingSafeEqual } from 'node:crypto';
import type { IncomingMessage } from 'node:http';

/**
 * The checks that keep browser mode a local, single-user server even though any web page the user visits can reach
 * 127.0.0.1: a Host header naming our loopback address and port (defeats DNS rebinding), no foreign Origin (defeats
 * cross-site requests) and, for the API, the random token handed out in the start URL.
 */
export class RequestGuards {
  private readonly hosts: Set<string>;
  private readonly origins: Set<string>;
  private readonly token: Buffer;

  constructor(port: number, token: string) {
    const names = [`127.0.0.1:${port}`, `localhost:${port}`, `[::1]:${port}`];
    this.hosts = new Set(names);
    this.origins = new Set(names.map((n) => `http://${n}`));
    this.token = Buffer.from(token);
  }

  hostAllowed(req: IncomingMessage): boolean {
    return this.hosts.has((req.headers.host ?? '').toLowerCase());
  }

  /** Same-origin requests may omit Origin; any Origin that is sent must be ours. */
  originAllowed(req: IncomingMessage): boolean {
    const origin = req.headers.origin;
    return origin === undefined || this.origins.has(origin.toLowerCase());
  }

  /** The token from `Authorization: Bearer …`, or from the `token` query parameter. */
  tokenValid(req: IncomingMessage, url: URL): boolean {
    const header = req.headers.authorization;
    const given = header?.startsWith('Bearer ') ? header.slice(7).trim() : url.searchParams.get('token');
    if (!given) return false;
    const buffer = Buffer.from(given);
    return buffer.length === this.token.length && timingSafeEqual(buffer, this.token);
  }

  /** The refusal for a request, or null when it may proceed. API requests also need the token. */
  refusal(req: IncomingMessage, url: URL, needsToken: boolean): { status: 401 | 403; message: string } | null {
    if (!this.hostAllowed(req)) return { status: 403, message: 'Forbidden: unexpected Host header.' };
    if (!this.originAllowed(req)) return { status: 403, message: 'Forbidden: cross-origin request.' };
    if (needsToken && !this.tokenValid(req, url)) {
      return { status: 401, message: 'Unauthorized: open the URL printed by toolbox-editor (it carries the token).' };
    }
    return null;
  }
}
