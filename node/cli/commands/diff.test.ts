import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { ToolboxDiffDto } from '../../../shared/api/reviewApi';
import { runCliIn, workspace } from '../../testSupport/cliRun';
import { describeWithShared } from '../../testSupport/sharedData';

/** A git repository in a temp folder with `toolbox.hocon` committed once per text, tagged v1, v2... */
function repository(texts: string[]): string {
  const dir = workspace({});
  const git = (...args: string[]) => execFileSync('git', ['-C', dir, ...args], { encoding: 'utf8', env: { ...process.env, GIT_CONFIG_GLOBAL: '/dev/null', GIT_CONFIG_NOSYSTEM: '1' } });
  git('init', '-q', '-b', 'main');
  git('config', 'user.email', 'test@example.com');
  git('config', 'user.name', 'Test');
  texts.forEach((text, i) => {
    writeFileSync(path.join(dir, 'toolbox.hocon'), text);
    git('add', 'toolbox.hocon');
    git('commit', '-q', '-m', `version ${i + 1}`);
    git('tag', `v${i + 1}`);
  });
  return dir;
}

async function diffJson(dir: string, args: string[]) {
  const { code, stdout, stderr } = await runCliIn(dir, ['diff', 'toolbox.hocon', '--no-default', '--format', 'json', ...args]);
  return { code, stderr, report: code === 2 ? null : (JSON.parse(stdout) as ToolboxDiffDto) };
}

const search = (extra: string) => `search { class = "tools.Search", description = "Searches the web for a query and returns the results.", parameters { type = object, properties { query { type = string, description = "What to look for." }${extra} }, required = [query] } }\n`;

describe('toolbox-editor diff against a git revision', () => {
  it('a new required parameter is breaking (exit 1); a description-only change is not (exit 0)', async () => {
    const v1 = search('');
    const v2 = search(', limit { type = integer, description = "How many." }').replace('required = [query]', 'required = [query, limit]');
    const v3 = v2.replace('returns the results', 'returns the top results');
    const dir = repository([v1, v2, v3]);

    const breaking = await diffJson(dir, ['--against', 'v1']);
    expect(breaking.code).toBe(1);
    expect(breaking.report!.breaking).toBe(true);
    expect(breaking.report!.changes).toEqual([
      expect.objectContaining({ kind: 'changed', tool: 'search', breaking: true, details: [expect.objectContaining({ field: 'description', breaking: false }), expect.objectContaining({ field: 'parameter limit', breaking: true })] }),
    ]);

    const wording = await diffJson(dir, ['--against', 'v2']);
    expect(wording.code).toBe(0);
    expect(wording.report!.breaking).toBe(false);
    expect(wording.report!.changes).toEqual([
      { kind: 'changed', tool: 'search', breaking: false, details: [expect.objectContaining({ field: 'description', change: 'changed', breaking: false })] },
    ]);
    expect(wording.report!.changes[0]!.details[0]!.wordDiff).toMatch(/returns the \{\+top ?\+\} ?results\./);
    expect(wording.report!.catalog.tokensAfter - wording.report!.catalog.tokensBefore).toBe(1);
    expect(wording.report!.catalog.diff).toContain('+      "description": "Searches the web for a query and returns the top results.",');

    // Against HEAD (the default) with nothing changed: no change, exit 0.
    const same = await diffJson(dir, []);
    expect(same.code).toBe(0);
    expect(same.report!.changes).toEqual([]);
  });

  it('a rename (same class and parameters under a new name) is one breaking rename, not a removal and an addition', async () => {
    const v1 = search('');
    const dir = repository([v1, v1.replace(/^search/, 'web_search')]);
    const { code, report } = await diffJson(dir, ['--against', 'HEAD~1']);
    expect(code).toBe(1);
    expect(report!.changes).toEqual([expect.objectContaining({ kind: 'renamed', tool: 'web_search', from: 'search', breaking: true })]);
    const text = await runCliIn(dir, ['diff', 'toolbox.hocon', '--no-default', '--against', 'v1']);
    expect(text.stdout).toContain('→ search renamed to web_search [breaking]');
    const markdown = await runCliIn(dir, ['diff', 'toolbox.hocon', '--no-default', '--against', 'v1', '--format', 'markdown']);
    expect(markdown.stdout).toContain('| `web_search` | renamed from `search` | yes |');
  });

  it('the working copy is compared, and a type change or a removed enum value is breaking', async () => {
    const v1 = search(', mode { type = string, enum = [fast, deep], description = "fast or deep" }');
    const dir = repository([v1]);
    writeFileSync(path.join(dir, 'toolbox.hocon'), v1.replace('enum = [fast, deep]', 'enum = [fast]').replace('query { type = string', 'query { type = array'));
    const { code, report } = await diffJson(dir, []);
    expect(code).toBe(1);
    expect(report!.changes[0]!.details.map((d) => [d.field, d.change, d.breaking])).toEqual([
      ['parameter query type', 'type "string" → "array"', true],
      ['parameter mode enum', 'values removed: ["deep"]', true],
    ]);
  });

  it('says why it cannot compare (exit 2): outside a repository, an unknown revision', async () => {
    const loose = workspace({ 'toolbox.hocon': search('') });
    const outside = await runCliIn(loose, ['diff', 'toolbox.hocon', '--against', 'HEAD']);
    expect(outside.code).toBe(2);
    expect(outside.stderr).toContain('is not inside a git repository: compare it with another file instead');
    const dir = repository([search('')]);
    const unknown = await runCliIn(dir, ['diff', 'toolbox.hocon', '--against', 'no-such-tag']);
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toContain('cannot read toolbox.hocon at no-such-tag');
  });

  it.skipIf(process.platform === 'win32')('says it cannot read OTHER_FILE (exit 2) when it is missing, a FIFO or a device, rather than "every tool added"', async () => {
    const dir = workspace({ 'toolbox.hocon': search('') });
    execFileSync('mkfifo', [path.join(dir, 'pipe.hocon')]);
    const missing = await runCliIn(dir, ['diff', 'toolbox.hocon', 'gone.hocon']);
    expect(missing).toMatchObject({ code: 2, stdout: '' });
    expect(missing.stderr).toBe(`toolbox-editor diff: No file at ${path.join(dir, 'gone.hocon')}.\n`);
    for (const other of ['pipe.hocon', '/dev/zero']) {
      const refused = await runCliIn(dir, ['diff', 'toolbox.hocon', other]);
      expect(refused).toMatchObject({ code: 2, stdout: '' });
      expect(refused.stderr).toContain('is not a regular file');
    }
    const itself = await runCliIn(dir, ['diff', 'gone.hocon', 'toolbox.hocon']);
    expect(itself).toMatchObject({ code: 2 });
    expect(itself.stderr).toContain('No file at');
  });

  it('names --against when the second argument is a git revision rather than a file', async () => {
    const dir = repository([search(''), search('').replace('the results', 'results')]);
    for (const revision of ['HEAD~1', 'v1', 'main']) {
      const mistaken = await runCliIn(dir, ['diff', 'toolbox.hocon', revision]);
      expect(mistaken).toMatchObject({ code: 2, stdout: '' });
      expect(mistaken.stderr).toBe(`toolbox-editor diff: '${revision}' is a git revision, not a file: to compare with it, run toolbox-editor diff toolbox.hocon --against ${revision}\n`);
    }
    // A missing file that is no revision keeps its plain message.
    const missing = await runCliIn(dir, ['diff', 'toolbox.hocon', 'HEAD~9']);
    expect(missing.stderr).toBe(`toolbox-editor diff: No file at ${path.join(dir, 'HEAD~9')}.\n`);
  });

  it('compares with another file outside any repository', async () => {
    const dir = workspace({ 'toolbox.hocon': search(''), 'old.hocon': `${search('')}gone { class = "tools.Gone", description = "Removes nothing, and says so politely." }\n` });
    const { code, report } = await diffJson(dir, ['old.hocon']);
    expect(code).toBe(1);
    expect(report!.before).toBe('old.hocon');
    expect(report!.changes).toEqual([expect.objectContaining({ kind: 'removed', tool: 'gone', breaking: true })]);
  });
});

describeWithShared('reference/neuro-san/toolboxes', 'toolbox-editor diff on the studio toolbox', (dir) => {
  it('reports a parameter that became required as breaking, and exits 1', async () => {
    const studio = readFileSync(path.join(dir, 'studio_toolbox_info.hocon'), 'utf8');
    // web_fetch's `url` is required; make max_content_chars required too in the newer commit.
    const required = /("required"\s*:\s*\[\s*"url")/;
    expect(studio).toMatch(required);
    const repo = repository([studio, studio.replace(required, '$1, "max_content_chars"')]);
    const { code, report } = await diffJson(repo, ['--against', 'v1']);
    expect(code).toBe(1);
    expect(report!.changes).toEqual([
      { kind: 'changed', tool: 'web_fetch', breaking: true, details: [expect.objectContaining({ field: 'parameter max_content_chars', change: 'became required: callers that leave it out fail', breaking: true })] },
    ]);
  });
});
