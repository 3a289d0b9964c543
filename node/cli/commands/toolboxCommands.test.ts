import { describe, expect, it } from 'vitest';
import { NEWEST_SUMMARY, runCliIn, workspace as makeWorkspace } from '../../testSupport/cliRun';

const workspace = (files: Record<string, string>) => makeWorkspace(files, 'toolbox-editor-cli-');
const cli = (args: string[], cwd: string, env: Record<string, string> = {}) => runCliIn(cwd, args, env);

const toolbox = [
  '# my tools',
  'get_current_date_time { description = "Now, overridden" }',
  'search { class = "langchain_tavily.TavilySearch" }',
  'gmail { class = "langchain_google_community.gmail.toolkit.GmailToolkit", display_as = "langchain_tool" }',
].join('\n');

describe('toolbox-editor tools', () => {
  it('lists the effective tools in order with kind, class, display_as and origin', async () => {
    const dir = workspace({ 'tb.hocon': toolbox });
    const { code, stdout } = await cli(['tools', 'tb.hocon', '--json'], dir);
    expect(code).toBe(0);
    expect(JSON.parse(stdout)).toEqual([
      expect.objectContaining({ name: 'get_current_date_time', kind: 'coded', class: 'get_current_date_time.GetCurrentDateTime', displayAs: 'coded_tool', origin: 'override' }),
      expect.objectContaining({ name: 'search', kind: 'langchain', class: 'langchain_tavily.TavilySearch', displayAs: 'langchain_tool', displayAsInferred: true, origin: 'user', line: 3 }),
      expect.objectContaining({ name: 'gmail', kind: 'langchain', displayAs: 'langchain_tool', displayAsInferred: false, origin: 'user' }),
    ]);
    const noDefault = JSON.parse((await cli(['tools', 'tb.hocon', '--json', '--no-default'], dir)).stdout) as Array<{ name: string; class: string | null }>;
    expect(noDefault[0]).toMatchObject({ name: 'get_current_date_time', class: null });
  });

  it('prints a table by default', async () => {
    const dir = workspace({ 'tb.hocon': toolbox });
    const { stdout } = await cli(['tools', 'tb.hocon'], dir);
    expect(stdout.split('\n')[0]).toMatch(/^NAME\s+KIND\s+CLASS\s+DISPLAY_AS\s+ORIGIN$/);
    expect(stdout).toMatch(/^search\s+langchain\s+langchain_tavily\.TavilySearch\s+langchain_tool\*\s+user$/m);
  });

  it('a missing file, or one with a syntax error, is reported and exits 1 (the list is not the whole story)', async () => {
    const dir = workspace({ 'broken.hocon': 'search { class = "langchain_tavily.TavilySearch" }\nother { class = \n' });
    const missing = await cli(['tools', 'missing.hocon', '--json'], dir);
    expect(missing.code).toBe(1);
    expect(missing.stderr).toMatch(/^missing\.hocon:1:1 error hocon File not found: missing\.hocon$/m);
    // The spec's reading recovers what it can; neuro-san's loader fails on the whole file, in its words.
    const broken = await cli(['tools', 'broken.hocon', '--as', 'spec'], dir);
    expect(broken.code).toBe(1);
    expect(broken.stdout).toMatch(/^search\s+langchain/m);
    expect(broken.stderr).toMatch(/^broken\.hocon:\d+:\d+ error hocon /m);
    const asNeuroSan = await cli(['tools', 'broken.hocon'], dir);
    expect(asNeuroSan.code).toBe(1);
    expect(asNeuroSan.stdout).not.toMatch(/^search\s/m);
    expect(asNeuroSan.stderr).toMatch(/^broken\.hocon:3:1 error hocon There was an error loading toolbox_info file "broken\.hocon": IndexError: string index out of range/m);
  });
});

describe('toolbox-editor validate', () => {
  it('prints file:line:column severity rule message and exits 1 on an error', async () => {
    const dir = workspace({ 'tb.hocon': toolbox });
    const { code, stdout } = await cli(['validate', 'tb.hocon'], dir);
    expect(code).toBe(1);
    expect(stdout).toBe(
      "tb.hocon:2:39 hint description-too-short The description of 'get_current_date_time' is 2 words: say what the tool does, what it returns and when to use it.\n" +
      "tb.hocon:3:18 error langchain-class-form Value in 'class' in tb.hocon must be of the form '<package_name>.<module_name>.<ClassName>'. neuro-san raises this when it builds an agent that uses 'search'; agents that do not use it are not affected.\n" +
        `${NEWEST_SUMMARY}\n`,
    );
  });

  it('exits 0 with hints only (style advice never fails a build), and --json gives the diagnostics with their fixes', async () => {
    const dir = workspace({ 'ok.hocon': 't { class = "m.C", description = "d", parameters { type = object, properties { n { type = "int" } } } }\n' });
    const { code, stdout } = await cli(['validate', 'ok.hocon', '--json'], dir);
    expect(code).toBe(0);
    expect(JSON.parse(stdout)).toEqual([
      expect.objectContaining({ file: 'ok.hocon', line: 1, column: 34, severity: 'hint', rule: 'description-too-short', tool: 't' }),
      expect.objectContaining({ file: 'ok.hocon', line: 1, column: 80, severity: 'hint', rule: 'parameter-undocumented', tool: 't' }),
    ]);
  });

  it('gives a style rule the project raised to "warning" in .toolbox-editor.json as a warning, still exiting 0', async () => {
    const dir = workspace({
      'ok.hocon': 't { class = "m.C", description = "d", parameters { type = object, properties { n { type = "int" } } } }\n',
      '.toolbox-editor.json': '{"rules": {"description-too-short": "warning"}}',
    });
    const { code, stdout } = await cli(['validate', 'ok.hocon'], dir);
    expect(code).toBe(0);
    expect(stdout.split('\n').slice(0, 2).map((line) => line.split(' ').slice(0, 3).join(' '))).toEqual([
      'ok.hocon:1:34 warning description-too-short',
      'ok.hocon:1:80 hint parameter-undocumented',
    ]);
  });

  it('validate DIR lists hints as hints, counts them apart and exits 0 with only hints; the settings file raises one', async () => {
    const project = {
      'toolbox/toolbox_info.hocon': 'wiki { class = "langchain_community.tools.WikipediaQueryRun", base_tool_info_url = "see the docs" }\n',
      'registries/hello.hocon': '{ "tools": [ { "name": "front", "instructions": "Answer with the wiki.", "tools": ["wiki"] }, { "name": "wiki", "toolbox": "wiki" } ] }\n',
    };
    const dir = workspace(project);
    const text = await cli(['validate', '.'], dir);
    expect(text.code).toBe(0);
    expect(text.stdout).toMatch(/^toolbox\/toolbox_info\.hocon:1:16 hint langchain-community 'langchain_community\.tools\.WikipediaQueryRun' comes from langchain_community, which is sunset/m);
    expect(text.stdout).toMatch(/^toolbox\/toolbox_info\.hocon:1:84 hint tool-info-url /m);
    expect(text.stdout).toMatch(/^ {2}toolbox\s+1 file\s+0 errors\s+0 warnings\s+2 hints$/m);
    const json = JSON.parse((await cli(['validate', '.', '--json'], dir)).stdout) as { summary: object[]; files: object[] };
    expect(json.summary).toContainEqual({ kind: 'toolbox', files: 1, errors: 0, warnings: 0, hints: 2 });
    expect(json.files).toContainEqual(expect.objectContaining({ path: 'toolbox/toolbox_info.hocon', errors: 0, warnings: 0, hints: 2 }));

    const raised = workspace({ ...project, '.toolbox-editor.json': '{"rules": {"langchain-community": "warning", "tool-info-url": "off"}}' });
    const again = await cli(['validate', '.'], raised);
    // A warning never fails the build either: only errors do.
    expect(again.code).toBe(0);
    expect(again.stdout).toMatch(/^toolbox\/toolbox_info\.hocon:1:16 warning langchain-community /m);
    expect(again.stdout).not.toContain('tool-info-url');
    expect(again.stdout).toMatch(/^ {2}toolbox\s+1 file\s+0 errors\s+1 warning\s+0 hints$/m);
  });

  it('checks an agent network against the toolbox AGENT_TOOLBOX_INFO_FILE names', async () => {
    const dir = workspace({
      // A front man calls both (a network without one is neuro-san's server's error of its own: network-front-man).
      'net.hocon': '{ "tools": [ { "name": "front", "instructions": "hi", "tools": ["a", "b"] }, { "name": "a", "toolbox": "search" }, { "name": "b", "toolbox": "nowhere" } ] }',
      'tb.hocon': 'search { class = "a.b.Search" }',
    });
    const { code, stdout } = await cli(['validate', 'net.hocon'], dir, { AGENT_TOOLBOX_INFO_FILE: 'tb.hocon' });
    expect(code).toBe(1);
    expect(stdout).toBe(`net.hocon:1:142 error undefined-tool Tool 'nowhere' is not defined in the default toolbox info file or in tb.hocon.\n${NEWEST_SUMMARY}\n`);
  });

  it('does not report problems inside the shipped default toolbox when the network has no toolbox of its own', async () => {
    const dir = workspace({ 'net.hocon': '{ "tools": [ { "name": "front", "instructions": "hi", "tools": ["t"] }, { "name": "t", "toolbox": "my_tool" } ] }' });
    const { code, stdout } = await cli(['validate', 'net.hocon'], dir);
    expect(code).toBe(1);
    expect(stdout).toBe(`net.hocon:1:99 error undefined-tool Tool 'my_tool' is not defined in the default toolbox info file.\n${NEWEST_SUMMARY}\n`);
  });

  it('reports a missing file with a position instead of crashing', async () => {
    const dir = workspace({});
    const { code, stdout } = await cli(['validate', 'missing.hocon'], dir);
    expect(code).toBe(1);
    expect(stdout).toMatch(/^missing\.hocon:1:1 error hocon File not found: missing\.hocon$/m);
  });
});
