import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import type { CatalogTokens } from '../../shared/catalog/catalogTokens';
import { runCli } from '../cli/main';
import type { ApiService } from './handlers';
import { apiCaller, browserModeService } from '../testSupport/apiCalls';

const tmp = mkdtempSync(path.join(os.tmpdir(), 'tbe-catalog-includes-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));
let service: ApiService | undefined;
afterEach(() => service?.dispose());

mkdirSync(path.join(tmp, 'prompts', 'parts'), { recursive: true });
writeFileSync(path.join(tmp, 'secret.jinja2'), 'SECRET');
// The tools are in the included part: without it there is no catalog to show or count.
writeFileSync(path.join(tmp, 'prompts', 'parts', 'tools.jinja2'), '{"task": {{ task | tojson }}, "tools": {{ tools | tojson }}}');
writeFileSync(path.join(tmp, 'prompts', 'picker.jinja2'), "Here is the toolbox catalog: {% include 'parts/tools.jinja2' %}");
writeFileSync(path.join(tmp, 'prompts', 'escape.jinja2'), "{% include '../secret.jinja2' %}");
const toolbox = path.join(tmp, 'tb.hocon');
const text = 'a { class = "m.A", description = "Does A" }\nb { class = "m.B", description = "Does B, at more length" }\n';
writeFileSync(toolbox, text);

function render(template: string) {
  service = browserModeService(tmp, { env: {} });
  return apiCaller(service)<{ text: string; diagnostics: Array<{ severity: string; message: string }> }>('catalog.render', {
    path: toolbox,
    text,
    templatePath: path.join(tmp, 'prompts', template),
    keyOrder: 'sorted',
    vars: { task: 'booking' },
    noDefault: true,
  });
}

async function cliCatalog(template: string) {
  const out = { stdout: '', stderr: '' };
  const code = await runCli(['catalog', toolbox, '--template', path.join('prompts', template), '--var', 'task=booking', '--no-default'], {
    stdout: (t) => void (out.stdout += t),
    stderr: (t) => void (out.stderr += t),
    cwd: tmp,
    env: {},
  });
  return { code, ...out };
}

describe("the app's catalog reads {% include %} as `toolbox-editor catalog` does", () => {
  it('renders an included part from the template\'s folder, byte for byte what the CLI prints', async () => {
    const app = await render('picker.jinja2');
    expect(app.diagnostics).toEqual([]);
    expect(app.text.startsWith('Here is the toolbox catalog: {"task": "booking", "tools": [{"description": "Does A"')).toBe(true);
    const cli = await cliCatalog('picker.jinja2');
    expect(cli.code).toBe(0);
    expect(app.text).toBe(cli.stdout);
  });

  it('counts the tokens of the catalog with its included part', async () => {
    service = browserModeService(tmp, { env: {} });
    const tokens = await apiCaller(service)<CatalogTokens>('catalog.tokens', {
      path: toolbox,
      text,
      templatePath: path.join(tmp, 'prompts', 'picker.jinja2'),
      keyOrder: 'sorted',
      vars: { task: 'booking' },
      noDefault: true,
      tokenizer: 'o200k_base',
    });
    // Each tool's share is its entry in the included part: the longer description weighs more.
    expect(tokens.tools.map((t) => t.name)).toEqual(['b', 'a']);
    expect(tokens.tools[1]!.tokens).toBeGreaterThan(10);
  });

  it('does not read outside the template\'s folder, as the CLI does not', async () => {
    const app = await render('escape.jinja2');
    expect(app.text).not.toContain('SECRET');
    expect(app.diagnostics.map((d) => d.message)).toEqual(['template not found: ../secret.jinja2']);
    const cli = await cliCatalog('escape.jinja2');
    expect(cli.stderr).toContain('template not found: ../secret.jinja2');
  });
});
