import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCliIn, workspace } from '../testSupport/cliRun';
import { describeWithShared } from '../testSupport/sharedData';
import { reviewSettingsFor } from './reviewToolbox';
import { SIMILAR_TOOLS_PROJECT } from '../testSupport/similarToolsProject';
import { apiCaller, browserModeService } from '../testSupport/apiCalls';
import type { ToolboxAnalysis } from '../../shared/api/toolboxApi';

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
      ]),
    );
    // ...where `id_list = arXiv article ID` and `query="id_list:2301.01234"` teach a prefix of the query's syntax (the
    // tool passes the whole query to arXiv): no argument of the tool is named.
    expect(findings).not.toContain('description-unknown-argument arxiv_retriever');
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

  it('is read again when it changes on disk (the live analysis asks on every keystroke)', () => {
    const dir = workspace({ 'tb.hocon': toolbox, '.toolbox-editor.json': '{"rules": {"description-too-short": "off"}}' });
    const tb = path.join(dir, 'tb.hocon');
    expect(reviewSettingsFor(tb).settings.rules['description-too-short']).toBe('off');
    writeFileSync(path.join(dir, '.toolbox-editor.json'), '{"rules": {"description-missing": "off"}}\n');
    const { settings } = reviewSettingsFor(tb);
    expect([settings.rules['description-too-short'], settings.rules['description-missing']]).toEqual(['hint', 'off']);
  });

  it('in the app, a text analysed again at once is reviewed once, and again when the settings file changed', async () => {
    // The review of a load is kept with the load (a window opening a file asks for the text the API read ahead).
    const dir = workspace({ 'tb.hocon': toolbox });
    const service = browserModeService(dir, { env: {} });
    try {
      const call = apiCaller(service);
      const tb = path.join(dir, 'tb.hocon');
      const rules = async () => (await call<ToolboxAnalysis>('toolbox.analyze', { path: tb, text: toolbox })).diagnostics.map((d) => d.rule).filter((r) => REVIEW_RULES.test(r));
      const started = Date.now();
      expect(await rules()).toEqual(['description-too-short']);
      expect(await rules()).toEqual(['description-too-short']);
      writeFileSync(path.join(dir, '.toolbox-editor.json'), '{"rules": {"description-too-short": "off"}}');
      const quiet = await rules();
      // Within the 2 s a load is kept: the same load, reviewed again for the new settings.
      if (Date.now() - started < 2000) expect(quiet).toEqual([]);
      expect(await rules()).toEqual([]);
    } finally {
      service.dispose();
    }
  });

  it('a FIFO in its place is reported, never waited on', async () => {
    const dir = workspace({ 'tb.hocon': toolbox });
    execFileSync('mkfifo', [path.join(dir, '.toolbox-editor.json')]);
    const findings = await reviewFindings(dir, 'tb.hocon');
    expect(findings.map((d) => [d.rule, d.message])).toEqual([
      ['review-settings', expect.stringMatching(/^\.toolbox-editor\.json: cannot be read: .* is not a regular file/)],
      ['description-too-short', expect.any(String)],
    ]);
  });
});

describe('tools-similar', () => {
  it('leaves out entries without a description: the LLM never sees their key, only what the class says', async () => {
    // A LangChain toolkit's key is not shown to the LLM (its tools bring their own names and descriptions), so two
    // toolkits whose keys share a word are not alike to it; the advice "say what sets them apart" has no text to edit.
    const dir = workspace({
      'tb.hocon': [
        'gmail_toolkit { class = "langchain_google_community.gmail.toolkit.GmailToolkit" }',
        'slack_toolkit { class = "langchain_community.agent_toolkits.slack.toolkit.SlackToolkit" }',
        'send_gmail { class = "m.Send", description = "Sends a Gmail message with the given subject to the given address." }',
        'post_slack { class = "m.Post", description = "Posts a message to the given Slack channel and returns its timestamp." }',
        'brave_search { class = "m.Brave", description = "Performs a web search using the Brave search engine and returns the results." }',
        'ddgs_search { class = "m.Ddgs", description = "Performs a web search using the DuckDuckGo search engine and returns the results." }',
        '',
      ].join('\n'),
    });
    const { stdout } = await runCliIn(dir, ['validate', 'tb.hocon', '--json', '--no-default']);
    const similar = (JSON.parse(stdout) as Finding[]).filter((d) => d.rule === 'tools-similar').map((d) => d.message.split(' (')[0]);
    expect(similar).toEqual(["'ddgs_search' reads much like 'brave_search'"]);
  });

  it('in a project, reports a pair only where one agent is offered both, and names that agent', async () => {
    // An agent's LLM is shown only the tools its `tools` list names: the parcel trackers, each offered by a desk of
    // its own, are never in one call; the web searches are both offered to 'researcher'.
    const dir = workspace(SIMILAR_TOOLS_PROJECT);
    const offeredTogether = [
      "'google_web_search' reads much like 'brave_web_search'",
      "offered together to 'researcher' in registries/research.hocon",
    ];
    const { stdout: byDir } = await runCliIn(dir, ['validate', '.', '--json']);
    const inDir = (JSON.parse(byDir) as { diagnostics: Finding[] }).diagnostics.filter((d) => d.rule === 'tools-similar').map((d) => d.message);
    expect(inDir).toEqual([expect.stringMatching(new RegExp(`^${offeredTogether[0]}.*${offeredTogether[1]}\\. `))]);
    const { stdout: byFile } = await runCliIn(dir, ['validate', 'toolbox/toolbox_info.hocon', '--json']);
    expect((JSON.parse(byFile) as Finding[]).filter((d) => d.rule === 'tools-similar').map((d) => d.message)).toEqual(inDir);
  });

  it('with no network of the project offering its tools, any pair could be offered together', async () => {
    const { 'registries/research.hocon': _research, 'registries/parcels.hocon': _parcels, ...alone } = SIMILAR_TOOLS_PROJECT;
    const dir = workspace({ ...alone, 'registries/other.hocon': '{ "tools": [ {"name": "a", "instructions": "Answer."} ] }\n' });
    const { stdout } = await runCliIn(dir, ['validate', 'toolbox/toolbox_info.hocon', '--json']);
    const similar = (JSON.parse(stdout) as Finding[]).filter((d) => d.rule === 'tools-similar').map((d) => d.message);
    expect(similar.map((m) => m.split(' (')[0])).toEqual(["'google_web_search' reads much like 'brave_web_search'", "'ups_parcel_tracker' reads much like 'fedex_parcel_tracker'"]);
    expect(similar.some((m) => m.includes('offered together'))).toBe(false);
  });

  it('description-duplicate too: only where one agent is offered both, naming it; anywhere for a lone toolbox', async () => {
    // Both pairs now share their descriptions word for word: the trackers are each offered by a desk of their own.
    const toolbox = SIMILAR_TOOLS_PROJECT['toolbox/toolbox_info.hocon']
      .replace('Searches the web with the Google engine', 'Searches the web with the Brave engine')
      .replace('Tracks a UPS parcel', 'Tracks a FedEx parcel');
    const duplicates = async (files: Record<string, string>, target: string) => {
      const { stdout } = await runCliIn(workspace(files), ['validate', target, '--json']);
      const report = JSON.parse(stdout) as Finding[] | { diagnostics: Finding[] };
      return (Array.isArray(report) ? report : report.diagnostics).filter((d) => d.rule === 'description-duplicate').map((d) => d.message);
    };
    const project = { ...SIMILAR_TOOLS_PROJECT, 'toolbox/toolbox_info.hocon': toolbox };
    const offered = ["'google_web_search' has the same description as 'brave_web_search': the LLM cannot tell the two apart, offered together to 'researcher' in registries/research.hocon."];
    expect(await duplicates(project, '.')).toEqual(offered);
    expect(await duplicates(project, 'toolbox/toolbox_info.hocon')).toEqual(offered);
    const { 'registries/research.hocon': _research, 'registries/parcels.hocon': _parcels, ...alone } = project;
    expect(await duplicates(alone, 'toolbox/toolbox_info.hocon')).toEqual([
      "'google_web_search' has the same description as 'brave_web_search': the LLM cannot tell the two apart.",
      "'ups_parcel_tracker' has the same description as 'fedex_parcel_tracker': the LLM cannot tell the two apart.",
    ]);
  });

  it('in the app, follows a network changed while the toolbox is typed in', async () => {
    // The networks' offers are kept between keystrokes in the toolbox: an edit to a network must still count.
    const dir = workspace(SIMILAR_TOOLS_PROJECT);
    const service = browserModeService(dir, { env: {} });
    try {
      const call = apiCaller(service);
      const toolbox = path.join(dir, 'toolbox/toolbox_info.hocon');
      const similar = async (text: string) =>
        (await call<ToolboxAnalysis>('toolbox.analyze', { path: toolbox, text })).diagnostics.filter((d) => d.rule === 'tools-similar').map((d) => d.message.split(' (')[0]);
      const text = SIMILAR_TOOLS_PROJECT['toolbox/toolbox_info.hocon'];
      expect(await similar(text)).toEqual(["'google_web_search' reads much like 'brave_web_search'"]);
      // The front desk now offers both trackers itself.
      writeFileSync(path.join(dir, 'registries/parcels.hocon'), SIMILAR_TOOLS_PROJECT['registries/parcels.hocon'].replace('"tools": ["fedex_desk", "ups_desk"]', '"tools": ["fedex", "ups"]'));
      expect(await similar(`${text} `)).toEqual(["'google_web_search' reads much like 'brave_web_search'", "'ups_parcel_tracker' reads much like 'fedex_parcel_tracker'"]);
    } finally {
      service.dispose();
    }
  });
});
