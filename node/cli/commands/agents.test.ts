import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { runCliIn } from '../../testSupport/cliRun';

const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const project = path.join(repo, 'fixtures/agents');

describe('toolbox-editor agents FILE', () => {
  it('lists every agent in file order, the front man marked, each with its kind and its tools', async () => {
    const { code, stdout, stderr } = await runCliIn(project, ['agents', 'registries/crew.hocon']);
    expect([code, stderr]).toEqual([0, '']);
    expect(stdout.split('\n')).toEqual([
      '* lead       llm  tools: historian, search, wiki, tally, /math/solver, https://mcp.deepwiki.com/mcp, nobody  (registries/crew.hocon:8)',
      '  historian  llm  (registries/crew.hocon:14)',
      '  search     toolbox search_web  (registries/crew.hocon:25)',
      '  wiki       toolbox wiki  (registries/crew.hocon:26)',
      '  tally      coded tally.Tally  (registries/crew.hocon:28)',
      '* front man',
      '',
    ]);
  });

  it('--json: {agents: [{name, frontMan, tools, file, line}]}', async () => {
    const { stdout } = await runCliIn(project, ['agents', 'registries/crew.hocon', '--json']);
    const report = JSON.parse(stdout) as { agents: { name: string; frontMan: boolean; tools: string[]; file: string; line: number }[]; frontMan: string };
    expect(report.frontMan).toBe('lead');
    expect(report.agents.map((a) => [a.name, a.frontMan, a.tools.length, a.file, a.line])).toEqual([
      ['lead', true, 7, 'registries/crew.hocon', 8],
      ['historian', false, 0, 'registries/crew.hocon', 14],
      ['search', false, 0, 'registries/crew.hocon', 25],
      ['wiki', false, 0, 'registries/crew.hocon', 26],
      ['tally', false, 0, 'registries/crew.hocon', 28],
    ]);
  });

  it('a network neuro-san refuses (its first agent a coded tool) is listed, the reason on stderr with its place, exit 1', async () => {
    const { code, stdout, stderr } = await runCliIn(project, ['agents', 'registries/coded_first.hocon']);
    expect(code).toBe(1);
    expect(stdout).not.toContain('*');
    expect(stderr).toBe(
      `registries/coded_first.hocon:3:19 error No valid front man: the front man is the first agent, and 'counter' is a coded tool; the front man may be neither a coded tool ("class") nor a toolbox tool.\n`,
    );
  });

  it("--neuro-san-version: 0.5.54's rule makes the first agent that is no tool the front man", async () => {
    const { code, stdout } = await runCliIn(project, ['agents', 'registries/coded_first.hocon', '--neuro-san-version', '0.5.54']);
    expect(code).toBe(0);
    expect(stdout).toContain('* talker');
  });

  it('bad HOCON, a file that is no network: plain words with a position, exit 1', async () => {
    const broken = await runCliIn(project, ['agents', 'registries/broken.hocon']);
    expect(broken.code).toBe(1);
    expect(broken.stderr).toMatch(/^registries\/broken\.hocon:4:5 error hocon .*Expected '}', found ']'/);
    expect(broken.stderr).toContain('neuro-san cannot read this file, so it has no agents to list.');
    const toolbox = await runCliIn(project, ['agents', 'toolbox/toolbox_info.hocon']);
    expect(toolbox.code).toBe(1);
    expect(toolbox.stderr).toMatch(/^toolbox\/toolbox_info\.hocon:1:1: not an agent network: .*top-level "tools" list/);
  });
});

describe('toolbox-editor agents FILE --agent NAME', () => {
  it("--json: what the agent's LLM is offered, from each source, with its tokens", async () => {
    const { code, stdout } = await runCliIn(project, ['agents', 'registries/crew.hocon', '--agent', 'lead', '--json']);
    expect(code).toBe(0);
    const report = JSON.parse(stdout) as {
      agent: string;
      offered: { name: string; from: string; description: string | null; parameters: { required?: string[] } | null }[];
      notOffered: { listedAs: string }[];
      tokens: { count: number; partial: boolean; tokenizer: string };
    };
    expect(report.agent).toBe('lead');
    expect(report.offered.map((o) => [o.name, o.from, o.description])).toEqual([
      // commondefs' {topic} replaced, as the LLM reads it.
      ['historian', 'agent', 'Tells the history of a music genre'],
      ['search', 'toolbox', 'Searches the web for pages about a topic'],
      ['wiki', 'toolbox', null],
      ['tally', 'coded', 'Counts the songs of an album'],
      ['__math__solver', 'network', 'Solves an equation'],
      ['https://mcp.deepwiki.com/mcp', 'mcp', null],
    ]);
    expect(report.offered[4]!.parameters?.required).toEqual(['equation']);
    expect(report.notOffered.map((n) => n.listedAs)).toEqual(['nobody']);
    expect(report.tokens).toMatchObject({ partial: true, tokenizer: 'o200k_base' });
    expect(report.tokens.count).toBeGreaterThan(100);
  });

  it('text: one line per offer, the unknown said so; an unknown agent is an error naming the agents there are', async () => {
    const { stdout } = await runCliIn(project, ['agents', 'registries/crew.hocon', '--agent', 'lead']);
    expect(stdout).toContain("Offered to the LLM of 'lead':\n  historian ");
    expect(stdout).toMatch(/ {2}wiki +toolbox {2}\(unknown\)\n +defined by the LangChain class langchain_community\.tools\.WikipediaQueryRun/);
    const unknown = await runCliIn(project, ['agents', 'registries/crew.hocon', '--agent', 'zed']);
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toBe("registries/crew.hocon:1:1: no agent 'zed' in this network; its agents are lead, historian, search, wiki, tally.\n");
  });
});
