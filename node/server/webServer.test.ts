import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiRequest, rawRequest, STACK_TRACE, startScratchServer } from '../testSupport/rawHttp';

type Server = Awaited<ReturnType<typeof startScratchServer>>;

describe('browser-mode server: a request never takes it down', () => {
  let server: Server;
  beforeAll(async () => {
    server = await startScratchServer({ limits: { maxBodyBytes: 256 * 1024, requestTimeoutMs: 1500, headersTimeoutMs: 1500 } });
  });
  afterAll(async () => server.close());

  async function stillServes(): Promise<void> {
    const info = await rawRequest(server.port, apiRequest(server.port, 'app.info', '{}'));
    expect(info.status).toBe(200);
    expect(info.text).toContain('"ok":true');
  }

  it('answers 400 to an upgrade whose target is not a URL, and keeps serving', async () => {
    const upgrade =
      `GET http://[x/api/events HTTP/1.1\r\nHost: 127.0.0.1:${server.port}\r\nConnection: Upgrade\r\nUpgrade: websocket\r\n` +
      'Sec-WebSocket-Version: 13\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n\r\n';
    expect((await rawRequest(server.port, upgrade)).status).toBe(400);
    await stillServes();
  });

  it('answers 400 to a plain request whose target is not a URL', async () => {
    const response = await rawRequest(server.port, `GET http://[x/api/app.info HTTP/1.1\r\nHost: 127.0.0.1:${server.port}\r\nConnection: close\r\n\r\n`);
    expect(response.status).toBe(400);
    await stillServes();
  });

  it('answers 400, not 500, to bad percent-encoding in an API path', async () => {
    const response = await rawRequest(server.port, apiRequest(server.port, 'app.%E0%A4%A', '{}'));
    expect(response.status).toBe(400);
    expect(response.text).toContain('percent-encoding');
  });

  it('refuses a body over the cap with 413 before reading it', async () => {
    const announced = await rawRequest(server.port, apiRequest(server.port, 'app.info', 'x'.repeat(300 * 1024)));
    expect(announced.status).toBe(413);
    expect(announced.text).toContain('limit is 262144 bytes');
    // A chunked body gives no length up front: refused once it passes the cap.
    const chunk = 'x'.repeat(128 * 1024);
    const chunked =
      `POST /api/app.info HTTP/1.1\r\nHost: 127.0.0.1:${server.port}\r\nAuthorization: Bearer test-token-0123456789\r\n` +
      `Content-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n` +
      `${(chunk.length).toString(16)}\r\n${chunk}\r\n`.repeat(4) + '0\r\n\r\n';
    expect((await rawRequest(server.port, chunked)).status).toBe(413);
    await stillServes();
  });

  it('times out a request whose body never arrives', async () => {
    const started = Date.now();
    const slow =
      `POST /api/app.info HTTP/1.1\r\nHost: 127.0.0.1:${server.port}\r\nAuthorization: Bearer test-token-0123456789\r\n` +
      `Content-Type: application/json\r\nContent-Length: 1000\r\n\r\n{`;
    const response = await rawRequest(server.port, slow, 20_000);
    expect(response.status).toBe(408);
    expect(Date.now() - started).toBeLessThan(10_000);
    await stillServes();
  });

  it('answers 400 with a clear message to JSON nested too deep, in the body or in argsJson', async () => {
    const deep = '['.repeat(10_000) + ']'.repeat(10_000);
    const body = await rawRequest(server.port, apiRequest(server.port, 'app.info', `{"x":${deep}}`));
    expect(body.status).toBe(400);
    expect(body.text).toContain('nests deeper than 100 levels');

    const run = { path: null, text: 'x { description = "d" }', runId: 'r1', run: { target: { kind: 'toolbox', tool: 'x' }, argsJson: '{"a":'.repeat(10_000) + '1' + '}'.repeat(10_000) } };
    const args = await rawRequest(server.port, apiRequest(server.port, 'tool.run', JSON.stringify(run)));
    expect(args.status).toBe(400);
    expect(args.text).toContain('argsJson nests deeper than 100 levels');

    const sly = { path: null, text: 'x { description = "d" }', runId: 'r2', run: { target: { kind: 'toolbox', tool: 'x' }, argsJson: '{}', slyData: { a: JSON.parse('{"a":'.repeat(1000) + '1' + '}'.repeat(1000)) } } };
    expect((await rawRequest(server.port, apiRequest(server.port, 'tool.run', JSON.stringify(sly)))).status).toBe(400);
    // A saved case's arguments travel as text too.
    const testCase = { name: 'deep', request: run.run, expect: { content: 'x' } };
    const saved = await rawRequest(server.port, apiRequest(server.port, 'testcases.save', JSON.stringify({ path: 'tb.hocon', testCase })));
    expect([saved.status, saved.text]).toEqual([400, expect.stringContaining('argsJson nests deeper than 100 levels')]);
    await stillServes();
  });

  it('answers the browser\'s own /favicon.ico request with an icon, not a 404 in the console', async () => {
    const response = await rawRequest(server.port, `GET /favicon.ico HTTP/1.1\r\nHost: 127.0.0.1:${server.port}\r\nConnection: close\r\n\r\n`);
    expect(response.status).toBe(200);
    expect(response.text).toMatch(/content-type: image\/svg\+xml/i);
    expect(response.text).toContain('<svg xmlns="http://www.w3.org/2000/svg"');
    const other = await rawRequest(server.port, `GET /no-such-file.png HTTP/1.1\r\nHost: 127.0.0.1:${server.port}\r\nConnection: close\r\n\r\n`);
    expect(other.status).toBe(404);
  });

  it('never answers with a stack trace', async () => {
    const answers = await Promise.all([
      rawRequest(server.port, apiRequest(server.port, 'app.info', '{not json')),
      rawRequest(server.port, apiRequest(server.port, 'no.such', '{}')),
      rawRequest(server.port, apiRequest(server.port, 'document.open', '{"path": 5}')),
      rawRequest(server.port, apiRequest(server.port, 'file.read', '{"path": "/nonexistent/x"}')),
    ]);
    for (const answer of answers) {
      expect(answer.status).toBeGreaterThan(0);
      expect(answer.text).not.toMatch(STACK_TRACE);
    }
  });
});
