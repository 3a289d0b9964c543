// Requests written byte by byte over a socket, for tests that send what no HTTP client would (bad targets, upgrades,
// trickled bodies), plus a browser-mode server on a scratch folder.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { startWebServer, type RunningWebServer, type WebServerOptions } from '../server/webServer';

export interface RawResponse {
  /** The status code, or 0 when the server closed without a status line. */
  status: number;
  text: string;
}

/**
 * Sends `request` as it is and collects everything the server writes until it closes the connection (or `waitMs`
 * passes: then the socket is closed by us, and `text` is what came so far).
 */
export function rawRequest(port: number, request: string | Buffer, waitMs = 10_000, options: { halfClose?: boolean } = {}): Promise<RawResponse> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    const chunks: Buffer[] = [];
    const finish = () => {
      clearTimeout(timer);
      socket.destroy();
      const text = Buffer.concat(chunks).toString('latin1');
      const status = /^HTTP\/1\.[01] (\d{3})/.exec(text);
      resolve({ status: status ? Number(status[1]) : 0, text });
    };
    const timer = setTimeout(finish, waitMs);
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    socket.on('close', finish);
    socket.on('error', finish);
    // Half-closing says "that is all": a request cut short is answered (or dropped) at once rather than timing out.
    if (options.halfClose) socket.end(request);
    else socket.write(request);
  });
}

/** A browser-mode server over an empty renderer folder and a scratch state folder. */
export async function startScratchServer(options: Partial<WebServerOptions> = {}): Promise<RunningWebServer & { dir: string }> {
  const dir = mkdtempSync(path.join(tmpdir(), 'tbe-server-'));
  writeFileSync(path.join(dir, 'index.html'), '<!doctype html><title>t</title>');
  const server = await startWebServer({
    port: 0,
    cwd: dir,
    initialFile: null,
    stateDir: path.join(dir, 'state'),
    rendererDir: dir,
    token: 'test-token-0123456789',
    ...options,
  });
  return { ...server, dir };
}

/** `POST /api/<method>` with the token, as raw text; the connection closes after the answer. */
export function apiRequest(port: number, method: string, body: string, extraHeaders = ''): string {
  return (
    `POST /api/${method} HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nAuthorization: Bearer test-token-0123456789\r\n` +
    `Content-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n${extraHeaders}\r\n${body}`
  );
}

/** What a response must never carry: a JavaScript or Python stack trace. */
export const STACK_TRACE = /\n\s+at [^\n]+:\d+:\d+|Traceback \(most recent call last\)|node:internal/;
