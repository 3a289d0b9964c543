import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runCli } from '../main';

const tmp = mkdtempSync(path.join(os.tmpdir(), 'tbe-template-bounds-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));
mkdirSync(path.join(tmp, 'templates', 'parts'), { recursive: true });
writeFileSync(path.join(tmp, 'secret.txt'), 'SECRET\n');
writeFileSync(path.join(tmp, 'templates', 'parts', 'head.jinja2'), 'HEAD');
writeFileSync(path.join(tmp, 'ctx.json'), '{}');

async function render(template: string) {
  const file = path.join(tmp, 'templates', 't.jinja2');
  writeFileSync(file, template);
  const out = { stdout: '', stderr: '' };
  const code = await runCli(['render', file, '--context', 'ctx.json'], {
    stdout: (t) => void (out.stdout += t),
    stderr: (t) => void (out.stderr += t),
    cwd: tmp,
    env: {},
  });
  return { code, ...out };
}

describe('templates load only from their folder, and rendering is bounded', () => {
  it('includes from the template\'s folder, as Jinja2\'s FileSystemLoader', async () => {
    expect(await render("{% include 'parts/head.jinja2' %}")).toMatchObject({ code: 0, stdout: 'HEAD' });
    expect(await render("{% include './parts//head.jinja2' %}")).toMatchObject({ code: 0, stdout: 'HEAD' });
  });

  it('does not read a file outside it: an absolute name or one with ..', async () => {
    for (const name of ['/etc/passwd', `${tmp}/secret.txt`, '../secret.txt', 'parts/../../secret.txt']) {
      const r = await render(`{% include '${name}' %}`);
      expect(r.code).toBe(1);
      expect(r.stdout).not.toContain('root:');
      expect(r.stdout).not.toContain('SECRET');
      expect(r.stderr).toContain('template not found');
    }
  });

  it.skipIf(process.platform === 'win32')('refuses to include a FIFO or a device, without blocking', async () => {
    execFileSync('mkfifo', [path.join(tmp, 'templates', 'pipe.jinja2')]);
    symlinkSync('/dev/zero', path.join(tmp, 'templates', 'zero.jinja2'));
    for (const name of ['pipe.jinja2', 'zero.jinja2']) {
      const r = await render(`{% include '${name}' %}`);
      expect(r.code).toBe(1);
      expect(r.stderr).toContain('is not a regular file');
    }
  });

  it('stops a huge range or endless output with an error naming the limit', async () => {
    const started = Date.now();
    const range = await render('{% for i in range(100000000) %}{% endfor %}');
    expect(range.code).toBe(1);
    expect(range.stderr).toContain('range too big: 100000000 items; the limit is 100000');
    const nested = await render('{% for i in range(100000) %}{% for j in range(100000) %}{{ j }}{% endfor %}{% endfor %}');
    expect(nested.code).toBe(1);
    expect(nested.stderr).toMatch(/Render limit reached/);
    expect(Date.now() - started).toBeLessThan(20_000);
  });

  it('counts list and string repetition against the render limits, before making them', async () => {
    // `[1] * 100000000` took 15 s and 3 GB (issue #27).
    const list = await render('{% set l = [1] * 100000000 %}{{ l|length }}');
    expect(list.code).toBe(1);
    expect(list.stderr).toContain('t.jinja2:1:16 error jinja-value Render limit reached: a repetition making 100000000 items, past the 32 M items of lists, tuples and dicts a rendering may make\n');
    const text = await render("{{ ('x' * 500000000)|length }}");
    expect(text.code).toBe(1);
    expect(text.stderr).toContain('t.jinja2:1:9 error jinja-value Render limit reached: a repetition making 500000000 characters, past the 64 M characters of strings a rendering may make\n');
    // What repetitions make adds up over the rendering.
    const many = await render("{% for i in range(100) %}{% set s = 'x' * 1000000 %}{% endfor %}");
    expect(many.stderr).toContain('Render limit reached: a repetition making 1000000 characters, past the 64 M characters of strings a rendering may make (63.9 M made before)');
    // Within the limits, as Jinja2 renders them.
    expect(await render("{{ '-' * 3 }}{{ ([0] * 2)|length }}{{ 'ab' * 0 }}{{ [1] * -2 }}{{ 2 * (1, 2) }}")).toMatchObject({ code: 0, stdout: '---2[](1, 2, 1, 2)' });
  });

  it('stops a list or a string doubled forty times at the line and column that passed the limit (issue #32)', async () => {
    // Forty `{% set x = x + x %}` took 17-28 s and 3 GB, then V8 aborted. The 25th would make 2^25 items; its `+` is
    // at column 470 (24 statements of 19 characters before it).
    const list = await render(`{% set x = [1] %}\n${'{% set x = x + x %}'.repeat(40)}{{ x|length }}`);
    expect(list).toMatchObject({ code: 1, stdout: '' });
    expect(list.stderr).toBe(
      `${path.join(tmp, 'templates', 't.jinja2')}:2:470 error jinja-value Render limit reached: a concatenation (+) making 33554432 items, past the 32 M items of lists, tuples and dicts a rendering may make (32 M made before)\n`,
    );
    // With ~, the 25th would make 2^26 characters.
    const text = await render(`{% set x = 'ab' %}\n${'{% set x = x ~ x %}'.repeat(40)}{{ x|length }}`);
    expect(text).toMatchObject({ code: 1, stdout: '' });
    expect(text.stderr).toBe(
      `${path.join(tmp, 'templates', 't.jinja2')}:2:470 error jinja-value Render limit reached: a concatenation (~) making 67108864 characters, past the 64 M characters of strings a rendering may make (64 M made before)\n`,
    );
    // Doubled a few times, as Jinja2 renders it.
    expect(await render(`{% set x = [1] %}${'{% set x = x + x %}'.repeat(5)}{{ x|length }} {% set s = 'ab' %}${'{% set s = s ~ s %}'.repeat(3)}{{ s }}`)).toMatchObject({ code: 0, stdout: '32 abababababababab' });
  });
});
