import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { describeWithShared } from '../../testSupport/sharedData';
import { runCli } from '../main';

const tmp = mkdtempSync(path.join(os.tmpdir(), 'tbe-render-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

async function render(...args: string[]) {
  const out = { stdout: '', stderr: '' };
  /** Which stream each write went to, in order (as a terminal shows them, interleaved). */
  const writes: ('stdout' | 'stderr')[] = [];
  const code = await runCli(['render', ...args], {
    stdout: (t) => void ((out.stdout += t), writes.push('stdout')),
    stderr: (t) => void ((out.stderr += t), writes.push('stderr')),
    cwd: tmp,
    env: {},
  });
  return { code, ...out, writes };
}

describeWithShared('conformance/catalog', 'toolbox-editor render on the catalog vectors', (vectors) => {
  it('prints exactly the bytes Python renders, under both key orders', async () => {
    const cases = readFileSync(path.join(vectors, 'cases.json'), 'utf8');
    // The context keeps 1.0 a float and 12345678901234567890 exact because it is read losslessly.
    const floats = /"floats_integral": (\[[\s\S]*?\n \])/.exec(cases)![1];
    writeFileSync(path.join(tmp, 'ctx.json'), `{"tools": ${floats}}`);
    const template = path.join(vectors, 'templates', 'toolbox_catalog_annotated.jinja2');
    for (const [order, folder] of [['sorted', 'default'], ['insertion', 'nosort']]) {
      const r = await render(template, '--context', 'ctx.json', '--key-order', order!);
      expect(r).toMatchObject({ code: 0, stderr: '' });
      expect(r.stdout).toBe(readFileSync(path.join(vectors, 'expected', folder!, 'toolbox_catalog_annotated', 'floats_integral.txt'), 'utf8'));
    }
  });
});

describe('toolbox-editor render', () => {
  it('reports template errors on stderr with their position and exits 1', async () => {
    writeFileSync(path.join(tmp, 'bad.jinja2'), 'ok\n  {{ x.y.z }}');
    writeFileSync(path.join(tmp, 'c.json'), '{"x": {}}');
    expect(await render('bad.jinja2', '--context', 'c.json')).toMatchObject({
      code: 1,
      stdout: '',
      stderr: "bad.jinja2:2:9 error jinja-undefined 'dict object' has no attribute 'y'\n",
    });
  });

  it('reports a broken context with its position, and checks expected_format', async () => {
    writeFileSync(path.join(tmp, 't.jinja2'), '{# expected_format: ^Hi \\d+$ #}Hi {{ n }}');
    writeFileSync(path.join(tmp, 'bad.json'), '{"n": 1,\n "m": }');
    expect(await render('t.jinja2', '--context', 'bad.json')).toMatchObject({ code: 1, stderr: 'bad.json:2:7 error context-json Expecting value\n' });
    writeFileSync(path.join(tmp, 'n.json'), '{"n": 12}');
    expect(await render('t.jinja2', '--context', 'n.json')).toMatchObject({ code: 0, stdout: 'Hi 12', stderr: '' });
    writeFileSync(path.join(tmp, 'f.json'), '{"n": 1.0}');
    const r = await render('t.jinja2', '--context', 'f.json');
    expect(r).toMatchObject({ code: 1, stdout: 'Hi 1.0' });
    expect(r.stderr).toMatch(/^t\.jinja2:1:1 error catalog-expected-format /);
    // The problem before the output, which ends without a newline: in a terminal it would start on its last line.
    expect(r.writes).toEqual(['stderr', 'stdout']);
  });

  it('rejects a bad --key-order as a usage error', async () => {
    expect((await render('t.jinja2', '--context', 'n.json', '--key-order', 'random')).code).toBe(2);
  });
});
