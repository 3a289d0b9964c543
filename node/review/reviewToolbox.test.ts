import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCliIn, workspace } from '../testSupport/cliRun';
import { describeWithShared } from '../testSupport/sharedData';

const REVIEW_RULES = /^(description-|parameter-undocumented|enum-values-unmentioned|review-settings)/;

interface Finding {
  rule: string;
  tool?: string;
  message: string;
}

async function reviewFindings(dir: string, file: string): Promise<Finding[]> {
  const { stdout } = await runCliIn(dir, ['validate', file, '--json', '--no-default']);
  return (JSON.parse(stdout) as Finding[]).filter((d) => REVIEW_RULES.test(d.rule));
}

describeWithShared('reference/neuro-san/toolboxes', 'description checks on the studio toolbox', (dir) => {
  it('find the short, duplicated and overlong descriptions a reader would', async () => {
    const findings = (await reviewFindings(dir, 'studio_toolbox_info.hocon')).map((d) => `${d.rule} ${d.tool}`);
    expect(findings).toEqual(
      expect.arrayContaining([
        // "Send an email with attachment": five words.
        'description-too-short send_gmail_message_with_attachment',
        // anthropic_search and openai_search both say "Tool that provides web search capabilities".
        'description-duplicate openai_search',
        // arxiv_retriever's description is a page of query syntax.
        'description-over-budget arxiv_retriever',
        // ...which names id_list, an argument of the arXiv API that the tool does not take.
        'description-unknown-argument arxiv_retriever',
      ]),
    );
  });
});

describe('.toolbox-editor.json beside the toolbox', () => {
  const toolbox = 'weather { class = "m.C", description = "Weather tool" }\n';

  it('turns a rule off for the project', async () => {
    const dir = workspace({ 'tb.hocon': toolbox });
    expect((await reviewFindings(dir, 'tb.hocon')).map((d) => d.rule)).toEqual(['description-too-short']);
    const quiet = workspace({ 'tb.hocon': toolbox, '.toolbox-editor.json': '{"rules": {"description-too-short": "off"}}' });
    expect(await reviewFindings(quiet, 'tb.hocon')).toEqual([]);
  });

  it('is read next to the toolbox, not in the working folder', async () => {
    const dir = workspace({ 'project/tb.hocon': toolbox, 'project/.toolbox-editor.json': '{"rules": {"description-too-short": "off"}}' });
    expect(await reviewFindings(dir, path.join('project', 'tb.hocon'))).toEqual([]);
  });

  it('reports its own mistakes as warnings and applies the rest', async () => {
    const dir = workspace({ 'tb.hocon': toolbox, '.toolbox-editor.json': '{"rules": {"description-too-short": "off", "too-short": "off"}}' });
    const findings = await reviewFindings(dir, 'tb.hocon');
    expect(findings.map((d) => d.rule)).toEqual(['review-settings']);
    expect(findings[0]!.message).toContain("unknown rule 'too-short'");
  });
});
