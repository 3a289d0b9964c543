import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCliIn, workspace } from '../../testSupport/cliRun';

// Each kind of false report found by trying `validate` on public neuro-san projects (issue #22), as a minimal project
// of our own: what neuro-san's own code does with it, and what the editor says.

const AAOSA = '# This file is NOT an agent network HOCON.\naaosa_instructions = """Answer as a team."""\n';

/** A network of one agent, its instructions from `${aaosa_instructions}`, after `includes` (line 2). */
function network(includes: string): string {
  return `{\n  ${includes}\n  "llm_config": { "model_name": "gpt-4o" },\n  "tools": [ { "name": "front", "instructions": \${aaosa_instructions} } ]\n}\n`;
}

/** A network that reads: its instructions from the fragment. */
const NET = network('include "registries/aaosa.hocon"');

type Found = { file: string; line: number; severity: string; rule: string; message: string };

async function validateJson(dir: string, args: string[], env: Record<string, string> = {}): Promise<{ code: number; found: Found[]; report: unknown }> {
  const result = await runCliIn(dir, ['validate', ...args, '--json'], env);
  const report = JSON.parse(result.stdout) as { diagnostics?: Found[]; projects?: { diagnostics: Found[] }[] } | Found[];
  const found = Array.isArray(report) ? report : report.projects ? report.projects.flatMap((p) => p.diagnostics) : (report.diagnostics ?? []);
  return { code: result.code, found, report };
}

const brief = (found: Found[]) => found.map((d) => `${d.file}:${d.line} ${d.severity} ${d.rule}`);

describe('validate on what real projects hold', () => {
  const markdown = ['# Agent prompt', '> File: `prompts/x.md`', '', '## Role', 'You are **the** agent: `a`, `b`.', '- one', '- two: [x](y)', '```', 'code {', '```'].join('\n');

  it('a file that is not HOCON (Markdown named .hocon) that nothing reads gets one warning, not a pile-up or an error', async () => {
    const dir = workspace({ 'registries/x.hocon': NET, 'registries/aaosa.hocon': AAOSA, 'agents/writer.hocon': markdown });
    const { code, found } = await validateJson(dir, ['.']);
    const inMarkdown = found.filter((d) => d.file === 'agents/writer.hocon');
    expect(inMarkdown).toHaveLength(1);
    // neuro-san never reads it: the project runs, so validate must not fail it.
    expect(inMarkdown[0]).toMatchObject({ severity: 'warning', rule: 'hocon' });
    expect(inMarkdown[0]!.message).toMatch(/^pyhocon cannot read "agents\/writer.hocon": ParseException.*Nothing in the project reads it \(no manifest lists it, no file includes it\): neuro-san never meets this\.$/);
    expect(code).toBe(0);
  });

  it('the same file listed by the manifest is neuro-san\'s one error', async () => {
    const manifest = '{ "x.hocon": true, "../agents/writer.hocon": true }\n';
    const dir = workspace({ 'registries/manifest.hocon': manifest, 'registries/x.hocon': NET, 'registries/aaosa.hocon': AAOSA, 'agents/writer.hocon': markdown });
    const { code, found } = await validateJson(dir, ['.']);
    const inMarkdown = found.filter((d) => d.file === 'agents/writer.hocon');
    expect(inMarkdown).toHaveLength(1);
    expect(inMarkdown[0]).toMatchObject({ severity: 'error', rule: 'hocon' });
    expect(inMarkdown[0]!.message).not.toContain('Nothing in the project reads it');
    expect(code).toBe(1);
  });

  it('values a missing include would have provided: one error, at the include', async () => {
    const dir = workspace({ 'registries/net.hocon': network('include "registries/aaosa.hocon"') });
    const { found } = await validateJson(dir, ['.']);
    expect(brief(found)).toEqual(['registries/net.hocon:2 error include-not-found']);
    expect(found[0]!.message).toBe('neuro-san finds no registries/aaosa.hocon for this include, so it cannot resolve ${aaosa_instructions} (line 4) and fails to load this file.');
  });

  it('an include by URL is said once, never looked for as a path, and nothing that needs it piles up', async () => {
    const url = 'https://example.invalid/registries/aaosa.hocon';
    const dir = workspace({ 'registries/net.hocon': network(`include "${url}"`), 'registries/other.hocon': network(`include url("${url}")`) });
    const { found } = await validateJson(dir, ['.']);
    expect(brief(found)).toEqual(['registries/net.hocon:2 warning include-url', 'registries/other.hocon:2 warning include-url']);
    expect(found[0]!.message).toContain(`neuro-san fetches ${url} when it loads this file; not fetched here`);
    expect(found.map((d) => d.message).join('\n')).not.toContain('registries/https:');
  });

  it('--fetch-includes fetches an include by URL, keeps it, and reads it as neuro-san does', async () => {
    let served = 0;
    const server = createServer((request, response) => {
      served++;
      if (request.url === '/aaosa.hocon') response.end('aaosa_instructions = """Answer as a team."""\n');
      else response.writeHead(404).end();
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
      const dir = workspace({ 'project/registries/net.hocon': network(`include "${base}/aaosa.hocon"`), 'project/registries/gone.hocon': network(`include "${base}/gone.hocon"`) });
      const env = { TOOLBOX_EDITOR_STATE_DIR: path.join(dir, 'state') };
      const result = await runCliIn(path.join(dir, 'project'), ['validate', '.', '--fetch-includes'], env);
      expect(result.stderr).toBe(`could not fetch ${base}/gone.hocon: HTTP 404 Not Found\n`);
      expect(result.stdout).not.toContain('registries/net.hocon');
      expect(result.stdout).toContain(`registries/gone.hocon:2:3 warning include-url neuro-san fetches ${base}/gone.hocon when it loads this file; it could not be fetched here`);
      // Kept: the next run reads it again without asking the server.
      const before = served;
      const again = await runCliIn(path.join(dir, 'project'), ['validate', 'registries/net.hocon', '--fetch-includes'], env);
      expect(again.stdout.split('\n').filter((line) => / (error|warning) /.test(line))).toEqual([]);
      expect(served - before).toBe(1); // gone.hocon is asked for again; aaosa.hocon is not
    } finally {
      server.close();
    }
  });

  it('file:// and file(...) includes are read', async () => {
    const dir = workspace({ 'shared/aaosa.hocon': AAOSA });
    const absolute = path.join(dir, 'shared', 'aaosa.hocon');
    const project = {
      'registries/a.hocon': network(`include "file://${absolute}"`),
      'registries/b.hocon': network(`include file("${absolute}")`),
    };
    const root = workspace(project);
    const { found } = await validateJson(root, ['.']);
    expect(found).toEqual([]);
  });

  it('`+=` with a string and a substitution: judged as neuro-san reads it, with what it ends up with', async () => {
    const dir = workspace({
      'registries/aaosa.hocon': AAOSA,
      'registries/debug.hocon': '# This file is NOT an agent network HOCON.\ninclude "aaosa.hocon"\nnote = "Debug mode."\naaosa_instructions += "\\n" ${note}\n',
    });
    const { found } = await validateJson(dir, ['.']);
    expect(found.filter((d) => d.rule === 'hocon')).toEqual([]);
    expect(brief(found)).toEqual(['registries/debug.hocon:4 warning neuro-san-reads']);
    expect(found[0]!.message).toBe(
      'neuro-san does not append with += here: pyhocon appends only a list or a plain string, and takes this value as "aaosa_instructions = …", so what was set before is gone: neuro-san gets "\\n Debug mode.".',
    );
  });

  it('a network file in which an agent has a description is no toolbox', async () => {
    const dir = workspace({
      'registries/x.hocon': NET,
      'registries/aaosa.hocon': AAOSA,
      'networks/deal.hocon': '{ "deal_network": { "name": "deal", "version": "0.1.0", "description": "Orchestrates agents.", "agents": [] } }\n',
    });
    const { found, report } = await validateJson(dir, ['.']);
    expect(found.filter((d) => d.file === 'networks/deal.hocon')).toEqual([]);
    expect((report as { files: { path: string; kind: string }[] }).files.find((f) => f.path === 'networks/deal.hocon')?.kind).toBe('other');
    expect(brief((await validateJson(dir, ['networks/deal.hocon'])).found)).toEqual([]);
  });

  it('validate FILE classifies a file as validate DIR does: an LLM info file is no toolbox', async () => {
    const info = '{ "classes": { "factories": [] }, "gpt-4o": { "class": "openai", "max_output_tokens": 16384 }, "default_config": { "verbose": false } }\n';
    const dir = workspace({ 'registries/x.hocon': NET, 'registries/aaosa.hocon': AAOSA, 'pkg/llms/default_llm_info.hocon': info });
    const file = await validateJson(dir, ['pkg/llms/default_llm_info.hocon']);
    expect(file.found).toEqual([]);
    const whole = await validateJson(dir, ['.']);
    expect(whole.found.filter((d) => d.file.startsWith('pkg/'))).toEqual([]);
  });

  it('a folder of several projects: each read from its own root, a summary for each', async () => {
    const one = { 'registries/net.hocon': network('include "registries/aaosa.hocon"'), 'registries/aaosa.hocon': AAOSA, 'registries/manifest.hocon': '{ "net.hocon": true }\n' };
    const files: Record<string, string> = {};
    for (const [name, text] of Object.entries(one)) {
      files[`alpha/${name}`] = text;
      files[`beta/backend/${name}`] = text;
    }
    const dir = workspace(files);
    const { found, report } = await validateJson(dir, ['.']);
    expect(found).toEqual([]);
    expect((report as { projects: { root: string }[] }).projects.map((p) => path.relative(dir, p.root))).toEqual(['alpha', path.join('beta', 'backend')]);
    const text = await runCliIn(dir, ['validate', '.']);
    expect(text.stdout).toContain('\nproject alpha: 3 files, by kind:\n');
    expect(text.stdout).toContain(`\nproject ${path.join('beta', 'backend')}: 3 files, by kind:\n`);
  });

  it("a test case outside its project's root: its agent is looked for in the manifests of the folder", async () => {
    const dir = workspace({
      'pkg/registries/hello.hocon': '{ "llm_config": { "model_name": "gpt-4o" }, "tools": [ { "name": "greeter", "instructions": "Greet." } ] }\n',
      'pkg/registries/manifest.hocon': '{ "hello.hocon": true }\n',
      'tests/fixtures/hello/greets.hocon': '{ "agent": "hello", "connections": ["direct"], "interactions": [ { "text": "hi" } ] }\n',
      'tests/fixtures/hello/gone.hocon': '{ "agent": "gone", "connections": ["direct"], "interactions": [ { "text": "hi" } ] }\n',
    });
    const { found } = await validateJson(dir, ['.']);
    expect(brief(found)).toEqual(['tests/fixtures/hello/gone.hocon:1 warning test-case-agent']);
  });

  it('an unset ${?x} in a network\'s list gives neuro-san a null element: said, but not in a sly_data allow list', async () => {
    const dir = workspace({
      'registries/net.hocon':
        '{ "llm_config": { "model_name": "gpt-4o", "stop": ["END", ${?EXTRA_STOP}] }, "tools": [ { "name": "front", "instructions": "Hi.",\n' +
        '  "allow": { "to_downstream": { "sly_data": ["a", ${?EXTRA_KEY}] } } } ] }\n',
    });
    const { found } = await validateJson(dir, ['.']);
    // The LLM's stop words get a null one; a sly_data allow list gets a null key, which neuro-san's SlyDataRedactor
    // looks up in the sly_data and finds nothing under: it lets through what the text says, so nothing is said.
    expect(brief(found)).toEqual(['registries/net.hocon:1 warning neuro-san-reads']);
    expect(found[0]!.message).toContain('neuro-san puts null in the list where ${?EXTRA_STOP} is not set');
  });

  it('a .json toolbox is read as neuro-san reads it, with Python json\'s error in its words', async () => {
    const dir = workspace({
      'registries/x.hocon': NET,
      'registries/aaosa.hocon': AAOSA,
      'toolbox/tools.json': '{\n  "lookup": { "class": "m.Lookup", "description": "Looks a word up." },\n}\n',
      '.env': 'AGENT_TOOLBOX_INFO_FILE=toolbox/tools.json\n',
    });
    const { found } = await validateJson(dir, ['toolbox/tools.json']);
    expect(brief(found)).toEqual(['toolbox/tools.json:3 error hocon']);
    expect(found[0]!.message).toBe(
      'There was an error parsing toolbox_info file "toolbox/tools.json": JSONDecodeError: Expecting property name enclosed in double quotes: line 3 column 1 (char 74)',
    );
    const whole = await validateJson(dir, ['.']);
    expect(brief(whole.found)).toEqual(['toolbox/tools.json:3 error hocon']);
  });

  it("neuro-san's failure names the file by its kind", async () => {
    const dir = workspace({ 'registries/net.hocon': '{ "tools": [ { "name": "a", "instructions": "x" } ] } }\n' });
    const { found } = await validateJson(dir, ['.']);
    expect(found.map((d) => d.message)).toEqual([expect.stringMatching(/^There was an error loading agent network file "registries\/net.hocon": ParseException: /)]);
  });
  // neuro-san-studio's own toolbox has a two-segment LangChain class (tavily_search) no network of it uses: neuro-san
  // raises its error only in ToolboxFactory._resolve_class, as it builds the tool for an agent, so studio runs.
  const langchainToolbox = [
    '{',
    '  "search": { "class": "langchain_tavily.TavilySearch" },',
    '  "news": { "class": "langchain_news.NewsSearch" }',
    '}',
    '',
  ].join('\n');
  const usingSearch = [
    '{',
    '  "llm_config": { "model_name": "gpt-4o" },',
    '  "tools": [',
    '    { "name": "front", "function": { "description": "Answers." }, "instructions": "Use your tools.", "tools": ["searcher"] },',
    '    { "name": "searcher", "toolbox": "search" }',
    '  ]',
    '}',
    '',
  ].join('\n');

  it('a LangChain class neuro-san refuses: an error where an agent is the tool, a warning where no network has it', async () => {
    const dir = workspace({ 'toolbox/toolbox_info.hocon': langchainToolbox, 'registries/net.hocon': usingSearch, 'registries/manifest.hocon': '{ "net.hocon": true }\n' });
    const { code, found } = await validateJson(dir, ['.']);
    const classForm = found.filter((d) => d.rule === 'langchain-class-form');
    expect(brief(classForm)).toEqual(['toolbox/toolbox_info.hocon:2 error langchain-class-form', 'toolbox/toolbox_info.hocon:3 warning langchain-class-form']);
    expect(classForm[1]!.message).toMatch(/agents that do not use it are not affected\. No network of this project has 'news' as an agent: neuro-san does not meet this here\.$/);
    expect(classForm[0]!.message).not.toContain('No network of this project');
    expect(code).toBe(1);
  });

  it('the same toolbox in a project with no network keeps both errors (it is used from elsewhere)', async () => {
    const dir = workspace({ 'toolbox/toolbox_info.hocon': langchainToolbox });
    const { code, found } = await validateJson(dir, ['.']);
    expect(brief(found.filter((d) => d.rule === 'langchain-class-form'))).toEqual(['toolbox/toolbox_info.hocon:2 error langchain-class-form', 'toolbox/toolbox_info.hocon:3 error langchain-class-form']);
    expect(code).toBe(1);
  });
});
