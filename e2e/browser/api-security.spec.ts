import { request as httpRequest } from 'node:http';
import { expect, test } from '../support/browserMode';

/** A raw request, so the test controls the Host and Origin headers exactly. */
function call(port: number, headers: Record<string, string>, path = '/api/app.info'): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host: '127.0.0.1', port, path, method: 'POST', headers: { 'Content-Type': 'application/json', ...headers } }, (res) => {
      let body = '';
      res.on('data', (c: Buffer) => (body += c.toString()));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
    });
    req.on('error', reject);
    req.end('{}');
  });
}

test('API requests need the token, our own Host and no foreign Origin', async ({ server }) => {
  const auth = { Authorization: `Bearer ${server.token}` };
  expect((await call(server.port, auth)).status).toBe(200);
  expect((await call(server.port, {}, `/api/app.info?token=${server.token}`)).status).toBe(200);

  const noToken = await call(server.port, {});
  expect(noToken.status).toBe(401);
  expect(JSON.parse(noToken.body).error.code).toBe('unauthorized');
  expect((await call(server.port, { Authorization: 'Bearer wrong' })).status).toBe(401);

  expect((await call(server.port, { ...auth, Origin: 'http://evil.example' })).status).toBe(403);
  expect((await call(server.port, { ...auth, Host: `attacker.example:${server.port}` })).status).toBe(403);
});

test('a page of another origin cannot read or call the API', async ({ page, server }) => {
  // Any page the user visits can reach 127.0.0.1; the browser sends its Origin, and the server refuses it.
  await page.route('http://other.test/', (route) => route.fulfill({ contentType: 'text/html', body: '<p>other site</p>' }));
  await page.goto('http://other.test/');
  const outcome = await page.evaluate(async (url) => {
    try {
      const response = await fetch(url, { method: 'POST', headers: { 'Content-Type': 'text/plain' }, body: '{}' });
      return `status ${response.status}`;
    } catch {
      return 'blocked';
    }
  }, `http://127.0.0.1:${server.port}/api/app.info?token=${server.token}`);
  // Either the browser blocks the response (CORS) or the server refuses it; never a readable 200.
  expect(['blocked', 'status 403']).toContain(outcome);
});
