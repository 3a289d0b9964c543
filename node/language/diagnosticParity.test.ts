import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import type { ToolboxAnalysis } from '../../shared/api/toolboxApi';
import type { ApiService } from '../api/handlers';
import { apiCaller, browserModeService } from '../testSupport/apiCalls';
import { runCliIn, workspace } from '../testSupport/cliRun';
import { languageServerInProcess, type InProcessServer } from '../testSupport/languageServerClient';
import { SIMILAR_TOOLS_PROJECT } from '../testSupport/similarToolsProject';

/**
 * One project's problems, four ways: `validate DIR`, `validate FILE` for each file, the language server's published
 * diagnostics and the app's analysis of each file. Each file by its kind, with the project's settings (.env,
 * AGENT_TOOL_PATH_ONLY) and neuro-san version (the pin): the four must say the same, file by file.
 */
const PROJECT = {
  '.env': 'AGENT_TOOLBOX_INFO_FILE=toolbox/toolbox_info.hocon\nAGENT_MANIFEST_FILE=registries/manifest.hocon\nAGENT_TOOL_PATH=coded_tools\nAGENT_TOOL_PATH_ONLY=true\n',
  'requirements.txt': 'neuro-san==0.6.95\n',
  'coded_tools/.gitkeep': '',
  'toolbox/toolbox_info.hocon': [
    '{',
    '    "lookup_weather": {',
    '        "class": "coded_tools.weather.lookup.LookupWeather",',
    '        "description": "Looks up weather.",',
    '        "parameters": {"type": "object", "properties": {"city": {"type": "string"}}, "required": ["city"]}',
    '    },',
    '    "send_report": {',
    '        "class": "reports.SendReport",',
    '        "description": "Sends the report the user wrote to the address given, and returns the message id.",',
    '        "parameters": {"type": "object", "properties": {"body": {"type": "str", "description": "The report."}}, "required": ["body"]}',
    '    }',
    '}',
    '',
  ].join('\n'),
  // A settings file with a mistake: a review-settings warning naming it.
  'toolbox/.toolbox-editor.json': '{ "rules": { "no-such-rule": "off" } }\n',
  'registries/aaosa.hocon': '{\n    "aaosa_instructions": "Call your down-chain agents before answering."\n}\n',
  'registries/weather.hocon': [
    '{',
    '    include "registries/aaosa.hocon",',
    '    "tools": [',
    '        {"name": "forecaster", "function": {"description": "I tell you the weather."}, "instructions": ${aaosa_instructions}, "tools": ["weather_lookup", "mailer", "helper", "ghost"]},',
    '        {"name": "weather_lookup", "toolbox": "lookup_weather"},',
    '        {"name": "mailer", "toolbox": "send_report"},',
    '        {"name": "helper", "class": "coded_tools.helper.Helper", "function": {"description": "Helps."}}',
    '    ]',
    '}',
    '',
  ].join('\n'),
  'registries/manifest.hocon': '{\n    "weather.hocon": true\n}\n',
};

type Found = string[];
type Problem = { severity: string; line: number; column: number; rule: string; message: string };
/** LSP's DiagnosticSeverity as our words: a hint is LSP's Hint (4), never its Information (3). */
const LSP_SEVERITIES: Record<number, string> = { 1: 'error', 2: 'warning', 4: 'hint' };

let server: InProcessServer | undefined;
let service: ApiService | undefined;
afterEach(async () => {
  await server?.dispose();
  service?.dispose();
});

describe('one project, four readers: validate DIR, validate FILE, the language server and the app', () => {
  it('say the same problems for each file', async () => {
    const byDir = await sameProblemsFourWays(workspace(PROJECT, 'tbe-parity-'));
    // The case is worth testing only if each kind of difference is there: the description review, the project's
    // AGENT_TOOL_PATH_ONLY in a toolbox and in a network, the settings file's mistake.
    // An agent no network has, at its place in the list: read whole (an include, a substitution), the app placed it
    // at the list while typing (the entries' reading, demarrais/neuro-san-studio's registries/ravi.hocon).
    for (const rule of ['description-too-short', 'parameter-undocumented', 'agent-tool-path-only', 'review-settings', 'broken-tool', 'unrecognized-type', 'undefined-agent']) {
      expect(byDir.some((d) => d.includes(` ${rule} `)), `validate DIR reports ${rule}`).toBe(true);
    }
    // Style advice is a hint on every surface (the LSP's severity 4), the settings file's mistake a warning.
    expect(byDir.filter((d) => d.includes(' description-too-short '))).toEqual([expect.stringContaining(' hint description-too-short ')]);
    expect(byDir.filter((d) => d.includes(' review-settings '))).toEqual([expect.stringContaining(' warning review-settings ')]);
  }, 90_000);

  it('say the same for a project below the top of its repository, whose pin lies at the top', async () => {
    const { 'requirements.txt': _pinnedHere, ...files } = PROJECT;
    const top = workspace({ 'requirements.txt': 'neuro-san==0.5.34\n', ...Object.fromEntries(Object.entries(files).map(([name, text]) => [`sub/${name}`, text])) }, 'tbe-parity-');
    mkdirSync(path.join(top, '.git'));
    const byDir = await sameProblemsFourWays(path.join(top, 'sub'));
    // Checked for 0.5.34, which does not read AGENT_TOOL_PATH_ONLY (0.6.94): nothing of it, on every surface.
    expect(byDir.some((d) => d.includes(' agent-tool-path-only '))).toBe(false);
    expect(byDir.some((d) => d.includes(' unrecognized-type '))).toBe(true);
  }, 90_000);

  it('say the same similar tools: only those one agent is offered together, with the agent named', async () => {
    const byDir = await sameProblemsFourWays(workspace(SIMILAR_TOOLS_PROJECT, 'tbe-parity-'), SIMILAR_TOOLS_PROJECT);
    const similar = byDir.filter((d) => d.includes(' tools-similar '));
    expect(similar).toEqual([expect.stringContaining("'google_web_search' reads much like 'brave_web_search'")]);
    expect(similar[0]).toContain("offered together to 'researcher' in registries/research.hocon");
  }, 90_000);
});

/** The project's problems by `validate DIR`, after checking that validate FILE, the app and the LSP say the same. */
async function sameProblemsFourWays(root: string, project: Readonly<Record<string, string>> = PROJECT): Promise<Found> {
  const hocon = Object.keys(project).filter((f) => f.endsWith('.hocon'));
  const absolute = (file: string) => path.resolve(root, file);
  // A problem as a line. A path a message names is written from the reading's base (the app reads absolute paths).
  const line = (file: string, d: Problem) => `${file}:${d.line}:${d.column} ${d.severity} ${d.rule} ${d.message.replace(/ \(quick fix: .*\)$/, '').replaceAll(`${root}/`, '')}`;

  const dir = await runCliIn(root, ['validate', '.', '--json']);
  const byDir: Found = (JSON.parse(dir.stdout) as { diagnostics: (Problem & { file: string })[] }).diagnostics.map((d) => line(absolute(d.file), d)).sort();

  const byFile = new Set<string>();
  for (const file of hocon) {
    const one = await runCliIn(root, ['validate', file, '--json']);
    for (const d of JSON.parse(one.stdout) as (Problem & { file: string })[]) byFile.add(line(absolute(d.file), d));
  }
  expect([...byFile].sort()).toEqual(byDir);

  service = browserModeService(root, { env: {} });
  const call = apiCaller(service);
  const byApp = new Set<string>();
  for (const file of hocon) {
    const analysis = await call<ToolboxAnalysis>('toolbox.analyze', { path: absolute(file), text: project[file] });
    for (const d of analysis.diagnostics) byApp.add(line(absolute(d.file), d));
  }
  expect([...byApp].sort()).toEqual(byDir);

  server = await languageServerInProcess({ env: {}, rootUri: pathToFileURL(root).href });
  const published = () =>
    [...server!.diagnostics].flatMap(([uri, list]) => list.map((d) => `${path.resolve(new URL(uri).pathname)}:${d.range.start.line + 1}:${d.range.start.character + 1} ${LSP_SEVERITIES[d.severity] ?? d.severity} ${d.code} ${d.message.replace(/ \(quick fix: .*\)$/, '').replaceAll(`${root}/`, '')}`)).sort();
  await expect.poll(published, { timeout: 30_000 }).toEqual(byDir);
  return byDir;
}
