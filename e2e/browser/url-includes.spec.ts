import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { expect, startBrowserMode, test } from '../support/browserMode';

// neuro-san fetches what a file includes by URL when it loads it; the app fetches it only when the user allows it for
// the project, and then reads it as neuro-san does.
test('an include by URL is fetched when the user allows it for the project, and read from then on', async ({ page }) => {
  const served: string[] = [];
  const web = createServer((request, response) => {
    served.push(request.url ?? '');
    if (request.url === '/aaosa.hocon') response.end('aaosa_instructions = """Answer as a team."""\n');
    else response.writeHead(404).end();
  });
  await new Promise<void>((resolve) => web.listen(0, '127.0.0.1', resolve));
  const dir = mkdtempSync(path.join(os.tmpdir(), 'toolbox-editor-e2e-urls-'));
  const url = `http://127.0.0.1:${(web.address() as AddressInfo).port}/aaosa.hocon`;
  mkdirSync(path.join(dir, 'project', 'registries'), { recursive: true });
  writeFileSync(
    path.join(dir, 'project', 'registries', 'net.hocon'),
    `{\n  include "${url}"\n  "llm_config": { "model_name": "gpt-4o" },\n  "tools": [ { "name": "front", "instructions": \${aaosa_instructions} } ]\n}\n`,
  );
  const server = await startBrowserMode({ dir, open: 'project/registries/net.hocon' });
  try {
    await page.goto(server.url);
    const problems = page.getByRole('region', { name: 'Problems' });
    await expect(problems).toContainText(`neuro-san fetches ${url} when it loads this file; not fetched here`);
    expect(served).toEqual([]);
    const prompt = problems.getByRole('status').filter({ hasText: 'by URL' });
    await expect(prompt).toContainText('This file includes a file by URL, which neuro-san fetches when it loads it.');
    await prompt.getByRole('button', { name: 'Fetch for this project' }).click();
    // Fetched and read: nothing left to say about the include, and the prompt is gone.
    await expect(problems).not.toContainText('not fetched here');
    await expect(problems.getByRole('button', { name: 'Fetch for this project' })).toHaveCount(0);
    expect(served).toEqual(['/aaosa.hocon']);
  } finally {
    await server.stop();
    web.close();
    rmSync(dir, { recursive: true, force: true });
  }
});
