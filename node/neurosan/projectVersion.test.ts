import { cpSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { CHANGES, factsFor, NEWEST_KNOWN_VERSION, parseVersion } from '../../shared/neurosan/versions/index';
import { resolveFile } from '../../shared/hocon/index';
import { fileIncludeHost } from '../hocon/fileIncludeHost';
import { runCliIn } from '../testSupport/cliRun';
import { defaultToolboxFileOf } from './projectVersion';

const fixture = path.resolve(__dirname, '../../fixtures/versions/pinned_0_5');

/** `file:line rule` of each problem, and the summary's version line. */
async function validate(dir: string, ...args: string[]) {
  const { code, stdout } = await runCliIn(dir, ['validate', '.', ...args]);
  const lines = stdout.trimEnd().split('\n');
  return {
    code,
    problems: lines.filter((l) => /^\S+:\d+:\d+ /.test(l)).map((l) => l.split(' ').slice(0, 3).join(' ')),
    messages: lines.filter((l) => /^\S+:\d+:\d+ /.test(l)),
    checkedFor: lines.find((l) => l.startsWith('checked for ')),
  };
}

function copyOfFixture(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'tbe-versions-'));
  cpSync(fixture, dir, { recursive: true });
  return dir;
}

describe('a project pinned to neuro-san 0.5.55 (fixtures/versions/pinned_0_5)', () => {
  it('"int" gets nothing, "integer" is an error with neuro-san\'s consequence, the 0.5 default toolbox defines its tools', async () => {
    const result = await validate(fixture);
    expect(result.checkedFor).toBe('checked for neuro-san 0.5.55 (pin: neuro-san==0.5.55 in requirements.txt:2)');
    expect(result.problems).toEqual([
      'registries/helper.hocon:15:39 warning broken-tool',
      'tools/my_toolbox.hocon:8:66 error unrecognized-type',
      'tools/my_toolbox.hocon:10:36 error unrecognized-type',
    ]);
    // tavily_search, requests_get and bing_search are 0.5.55's; agent_toolbox_info_file names the toolbox there.
    expect(result.messages.join('\n')).not.toMatch(/undefined-tool|removed-tool|ignored-key|:9:\d+ /);
    expect(result.messages[1]).toContain('so the LLM is shown "items": {"type": "null"} and every element it sends is refused');
    expect(result.messages[2]).toContain(
      "neuro-san 0.5.55 does not know the type 'integer' (it knows string, int, float, boolean, array, object): its converter gives the field the type None, and pydantic refuses the model (ConfigError: unable to infer type for attribute \"scale\")",
    );
  });

  it('the quick fix for "integer" is "int" there, which that neuro-san knows', async () => {
    const { stdout } = await runCliIn(fixture, ['validate', 'tools/my_toolbox.hocon', '--json']);
    const fixes = (JSON.parse(stdout) as { rule: string; fix?: { title: string } }[]).filter((d) => d.rule === 'unrecognized-type').map((d) => d.fix?.title);
    expect(fixes).toEqual(['Change "integer" to "int"', 'Change "integer" to "int"']);
  });

  it('at the newest release the same files get its own verdicts: "int" and "integer" nothing, the 0.5 tools gone', async () => {
    const result = await validate(fixture, '--neuro-san-version', NEWEST_KNOWN_VERSION);
    expect(result.problems).toEqual([
      'registries/helper.hocon:3:32 warning ignored-key',
      'registries/helper.hocon:12:37 error undefined-tool',
      'registries/helper.hocon:13:39 error removed-tool',
      'registries/helper.hocon:14:38 error undefined-tool',
      // The key that named its toolbox is ignored: the tool is nowhere.
      'registries/helper.hocon:15:39 error undefined-tool',
    ]);
    expect(result.messages[1]).toContain("'tavily_search' left neuro-san's default toolbox in 0.6.5 (PR #515, 2025-10-24)");
  });

  it('.toolbox-editor.json at the root says which version, over the pin', async () => {
    const dir = copyOfFixture();
    writeFileSync(path.join(dir, '.toolbox-editor.json'), JSON.stringify({ neuroSanVersion: '0.6.3' }));
    const result = await validate(dir);
    expect(result.checkedFor).toBe('checked for neuro-san 0.6.3 (project setting: neuroSanVersion in .toolbox-editor.json)');
    // 0.6.3 may or may not have dropped tavily_search (PR #515's release is not known exactly): nothing said of it.
    expect(result.problems).not.toContain('registries/helper.hocon:12:37 error undefined-tool');
    expect(result.problems).toContain('registries/helper.hocon:14:38 error undefined-tool');
  });

  it('validate --json and --format json-report carry the version; the plain array stays an array', async () => {
    const dir = await runCliIn(fixture, ['validate', '.', '--json']);
    expect(JSON.parse(dir.stdout).neuroSan).toEqual({ version: '0.5.55', from: 'pin', how: 'neuro-san==0.5.55 in requirements.txt:2', file: 'requirements.txt', line: 2 });
    const plain = await runCliIn(fixture, ['validate', 'tools/my_toolbox.hocon', '--format', 'json']);
    expect(Array.isArray(JSON.parse(plain.stdout))).toBe(true);
    const report = await runCliIn(fixture, ['validate', 'tools/my_toolbox.hocon', '--format', 'json-report']);
    expect(JSON.parse(report.stdout)).toMatchObject({
      neuroSan: [{ files: ['tools/my_toolbox.hocon'], version: '0.5.55', from: 'pin' }],
      diagnostics: [{ rule: 'unrecognized-type' }, { rule: 'unrecognized-type' }],
    });
  });
});

describe('the version the chosen Python has installed', () => {
  it('validate --with-neuro-san takes it over the pin (from its metadata: nothing of neuro-san is imported)', async () => {
    const installed = path.resolve(__dirname, '../../fixtures/versions/installed_0_5_40');
    const { stdout } = await runCliIn(fixture, ['validate', 'tools/my_toolbox.hocon', '--with-neuro-san', '--pythonpath', installed], { PATH: process.env.PATH });
    expect(stdout.trimEnd().split('\n').at(-1)).toBe('checked for neuro-san 0.5.40 (interpreter: installed in python3 (importlib.metadata))');
  }, 30_000);

  it("call runs over that version's default toolbox, as the app does once a run has started that Python", async () => {
    const installed = path.resolve(__dirname, '../../fixtures/versions/installed_0_5_40');
    const dir = mkdtempSync(path.join(tmpdir(), 'tbe-installed-'));
    writeFileSync(path.join(dir, 'tb.hocon'), '{ "echo": { "class": "echo_tool.Echo", "description": "Says back what it is given." } }\n');
    writeFileSync(path.join(dir, '.toolbox-editor.json'), JSON.stringify({ run: { pythonPath: ['.', installed] } }));
    // bing_search is a default tool of neuro-san 0.5.40: found, and its LangChain class is what is missing here.
    const { stderr } = await runCliIn(dir, ['call', 'tb.hocon', 'bing_search', '--args', '{"query":"x"}'], { PATH: process.env.PATH });
    expect(stderr).toContain("Failed to create Agent/tool 'bing_search': Class langchain_community.tools.bing_search.BingSearchResults not found");
    // Set for the project, the version wins over what is installed: bing_search left the default toolbox in 0.5.56.
    writeFileSync(path.join(dir, '.toolbox-editor.json'), JSON.stringify({ neuroSanVersion: '0.6.95', run: { pythonPath: ['.', installed] } }));
    expect((await runCliIn(dir, ['call', 'tb.hocon', 'bing_search'], { PATH: process.env.PATH })).stderr).toContain('tool not found: bing_search');
  }, 30_000);
});

describe('AGENT_TOOL_PATH_ONLY (fixtures/versions/tool_path_only: .env sets it, neuro-san 0.6.94 pinned)', () => {
  const project = path.resolve(__dirname, '../../fixtures/versions/tool_path_only');

  it('a class written with the AGENT_TOOL_PATH package in front resolves nowhere: an error, fixed by dropping it', async () => {
    const result = await validate(project);
    expect(result.problems).toEqual(['registries/sums.hocon:12:22 error agent-tool-path-only', 'toolbox/toolbox_info.hocon:3:18 error agent-tool-path-only']);
    expect(result.messages[0]).toContain("so 'coded_tools.sums.adder.Adder' is not found. Write it relative to AGENT_TOOL_PATH: 'sums.adder.Adder'.");
    const { stdout } = await runCliIn(project, ['validate', '.', '--json']);
    const fix = (JSON.parse(stdout) as { diagnostics: { fix?: { edits: { newText: string }[] } }[] }).diagnostics[0]!.fix;
    expect(fix?.edits[0]?.newText).toBe('"sums.adder.Adder"');
  });

  it('nothing before 0.6.94 (neuro-san does not read the variable), nor where the project leaves it off', async () => {
    expect((await validate(project, '--neuro-san-version', '0.6.93')).problems).toEqual([]);
    const dir = mkdtempSync(path.join(tmpdir(), 'tbe-tool-path-'));
    cpSync(project, dir, { recursive: true });
    writeFileSync(path.join(dir, '.env'), 'AGENT_TOOL_PATH=coded_tools\nAGENT_TOOL_PATH_ONLY=false\n');
    expect((await validate(dir)).problems).toEqual([]);
  });
});

describe('MCP_SERVERS_INFO_FILE', () => {
  it("is said deprecated in neuro-san's words only for a neuro-san newer than the editor knows (AGENT_MCP_INFO_FILE is in no known release)", async () => {
    const dir = copyOfFixture();
    writeFileSync(path.join(dir, '.env'), 'OPENAI_API_KEY=\nMCP_SERVERS_INFO_FILE=mcp/mcp_info.hocon\n');
    expect((await validate(dir, '--neuro-san-version', NEWEST_KNOWN_VERSION)).problems.filter((p) => p.startsWith('.env'))).toEqual([]);
    // 0.7.0 to 0.7.4 are known, and AGENT_MCP_INFO_FILE is placed in none of them: nothing said there either.
    expect((await validate(dir, '--neuro-san-version', '0.7.4')).problems.filter((p) => p.startsWith('.env'))).toEqual([]);
    const newer = await validate(dir, '--neuro-san-version', '0.8.0');
    expect(newer.messages.filter((m) => m.startsWith('.env'))).toEqual([
      '.env:2:1 warning deprecated-variable neuro-san 0.8.0: "MCP_SERVERS_INFO_FILE env var is deprecated and will be removed in neuro-san==0.7. Please switch to AGENT_MCP_INFO_FILE env var."',
    ]);
  });
});

describe('the default toolboxes shipped for each version (resources/default_toolboxes)', () => {
  it('each holds exactly the tools the table says that version ships', () => {
    for (const change of CHANGES) {
      if (change.set.defaultToolbox === undefined || change.version === undefined) continue;
      const facts = factsFor(parseVersion(change.version)!);
      const file = defaultToolboxFileOf(facts)!;
      const read = resolveFile(file, { host: fileIncludeHost, env: {} });
      expect(read.diagnostics, file).toEqual([]);
      expect([...read.value.fields.keys()], file).toEqual(facts.sure.defaultTools);
      expect(readFileSync(file, 'utf8')).toMatch(/^# The default toolbox of neuro-san |^\n# Copyright © 2023-2026 Cognizant/);
    }
  });
});
