import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { runCliIn } from '../../testSupport/cliRun';

const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const fixture = path.join(repo, 'fixtures/review/near_duplicates.hocon');

describe('toolbox-editor similar', () => {
  it('puts the near-duplicate pair first, marked, with the words they share', async () => {
    const { code, stdout } = await runCliIn(repo, ['similar', fixture, '--no-default']);
    expect(code).toBe(0);
    const lines = stdout.split('\n');
    expect(lines[0]).toBe('Most similar tools (TF-IDF cosine; ! at or above 0.5):');
    expect(lines[1]).toMatch(/^! 1\.00 {2}search_web_pages \/ web_page_search {2}\(search, web, pages, query/);
    expect(lines.slice(2).filter((l) => l.startsWith('!'))).toEqual([]);
  });

  it('--query ranks the tool that says the request first; --json has the documented shape', async () => {
    const { stdout } = await runCliIn(repo, ['similar', fixture, '--no-default', '--query', 'send an email message', '--json']);
    const report = JSON.parse(stdout) as { threshold: number; pairs: unknown[]; matches: { name: string; score: number; matched: string[] }[] };
    expect(report.threshold).toBe(0.5);
    expect(report.pairs).toEqual([]);
    expect(report.matches[0]).toEqual({ name: 'send_email', score: expect.any(Number), matched: expect.arrayContaining(['email', 'message']) });
  });
});
