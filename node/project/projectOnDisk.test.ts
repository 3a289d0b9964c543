import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { describeWithShared } from '../testSupport/sharedData';
import { runCliIn } from '../testSupport/cliRun';
import { listProjectFiles, loadProjectFromDisk, PROJECT_WALK_LIMITS } from './projectOnDisk';
import { findProjectRoot } from './projectSettingsOnDisk';
import type { ProjectAnalysis } from '../../shared/project/analyzeProject';

const fixture = path.resolve(__dirname, '../../fixtures/project');

/** The rules a file that is not a toolbox may be reported under: everything else is a toolbox entry rule. */
const NON_TOOLBOX_RULES = new Set([
  'hocon',
  'undefined-tool',
  'broken-tool',
  'undefined-agent',
  'toolbox-agent',
  'toolbox-agent-tools',
  'toolbox-info-file',
  'manifest-entry',
  'manifest-network-missing',
  'manifest-network-unreadable',
  'manifest-not-network',
  'test-case-agent',
  // What neuro-san's reading says, on every kind.
  'neuro-san-reads',
  'include-not-found',
  'include-url',
  'environment-variable',
]);

function toolboxRulesOnOtherKinds(analysis: ProjectAnalysis) {
  const kinds = new Map(analysis.files.map((f) => [f.path, f.kind]));
  return analysis.diagnostics.filter((d) => kinds.get(d.file) !== 'toolbox' && !NON_TOOLBOX_RULES.has(d.rule));
}

describe('a neuro-san project on disk (fixtures/project)', () => {
  let analysis: ProjectAnalysis;
  beforeAll(async () => void ({ analysis } = await loadProjectFromDisk(fixture, { env: {} })));

  it('recognises every file\'s kind and takes the toolbox from .env', () => {
    expect(Object.fromEntries(analysis.files.map((f) => [f.path, f.kind]))).toEqual({
      'config/llm_config.hocon': 'llm-config',
      'registries/aaosa.hocon': 'fragment',
      'registries/draft.hocon': 'network',
      'registries/manifest.hocon': 'manifest',
      'registries/reports.hocon': 'network',
      'registries/weather.hocon': 'network',
      'tests/weather_test.hocon': 'test-case',
      'toolbox/toolbox_info.hocon': 'toolbox',
    });
    expect(analysis.toolbox).toEqual({ path: 'toolbox/toolbox_info.hocon', from: '.env' });
    expect(analysis.settings.AGENT_TOOL_PATH).toEqual({ value: 'coded_tools', from: '.env' });
  });

  it('the environment wins over .env', async () => {
    const fromEnv = (await loadProjectFromDisk(fixture, { env: { AGENT_TOOLBOX_INFO_FILE: 'registries/none.hocon' } })).analysis;
    expect(fromEnv.toolbox).toEqual({ path: 'registries/none.hocon', from: 'environment' });
  });

  it('reports the toolbox\'s problem once, in the toolbox; the network using the broken tool points to it', () => {
    const lines = analysis.diagnostics.map((d) => `${d.file}:${d.line} ${d.severity} ${d.rule}`);
    expect(lines).toEqual([
      'registries/draft.hocon:11 error undefined-tool',
      'registries/reports.hocon:18 warning broken-tool',
      // The description checks, as validate FILE and the app make them on a toolbox (node/review/): style, hints.
      'toolbox/toolbox_info.hocon:18 hint description-too-short',
      'toolbox/toolbox_info.hocon:22 error unrecognized-type',
      'toolbox/toolbox_info.hocon:30 hint description-too-short',
    ]);
    // Counted per file as what each is: the project view's badges.
    expect(analysis.files.find((f) => f.path === 'toolbox/toolbox_info.hocon')).toMatchObject({ errors: 1, warnings: 0, hints: 2 });
    expect(analysis.diagnostics[1]!.message).toContain("uses tool 'send_report', which has an error in toolbox/toolbox_info.hocon:22:34");
    expect(toolboxRulesOnOtherKinds(analysis)).toEqual([]);
  });

  it('lists each tool with the agents that use it, and the manifest with what it serves and leaves off', () => {
    const users = Object.fromEntries(analysis.tools.map((t) => [t.name, t.users.map((u) => `${u.network}:${u.line}:${u.column} ${u.agent}`)]));
    expect(users).toEqual({
      get_current_date_time: [],
      lookup_weather: ['registries/reports.hocon:14:24 city_weather', 'registries/weather.hocon:14:24 weather_lookup'],
      send_report: ['registries/reports.hocon:18:24 mailer'],
      unused_tool: [],
    });
    expect(analysis.undefinedToolUsers).toMatchObject([{ tool: 'lookup_wether', network: 'registries/draft.hocon', agent: 'checker' }]);
    expect(analysis.manifests).toEqual([
      {
        path: 'registries/manifest.hocon',
        inUse: true,
        namedBy: ['AGENT_MANIFEST_FILE (from .env)'],
        served: ['registries/weather.hocon', 'registries/reports.hocon'],
        notServed: ['registries/draft.hocon'],
      },
    ]);
    expect(analysis.networksLeftOff).toEqual(['registries/draft.hocon']);
  });

  it('validate FILE... of a project takes its settings too: each file by its kind, the toolbox\'s problem once', async () => {
    const files = ['config/llm_config.hocon', 'registries/aaosa.hocon', 'registries/manifest.hocon', 'registries/reports.hocon', 'registries/weather.hocon', 'tests/weather_test.hocon', 'toolbox/toolbox_info.hocon'];
    const result = await runCliIn(fixture, ['validate', ...files]);
    expect(result.code).toBe(1);
    expect(result.stdout.trim().split('\n').map((line) => line.split(' ').slice(0, 3).join(' '))).toEqual([
      'registries/reports.hocon:18:24 warning broken-tool',
      // validate FILE also runs the description checks on a toolbox (node/review/).
      'toolbox/toolbox_info.hocon:18:24 hint description-too-short',
      'toolbox/toolbox_info.hocon:22:34 error unrecognized-type',
      'toolbox/toolbox_info.hocon:30:24 hint description-too-short',
      'checked for neuro-san',
    ]);
  });

  it('validate DIR below the root reads the whole project but reports what lies under DIR', async () => {
    const result = await runCliIn(path.join(fixture, 'registries'), ['validate', '.']);
    expect(result.code).toBe(1);
    expect(result.stdout).toContain("draft.hocon:11:24 error undefined-tool Tool 'lookup_wether' is not defined");
    expect(result.stdout).not.toContain('unrecognized-type');
    expect(result.stdout).toMatch(/^5 files, by kind:$/m);
  });

  it('a folder with too many files is read only in part, and says so', () => {
    const saved = { ...PROJECT_WALK_LIMITS };
    PROJECT_WALK_LIMITS.files = 3;
    try {
      const files = listProjectFiles(fixture);
      expect(files).toHaveLength(3);
      expect(files.truncated).toBe(true);
    } finally {
      Object.assign(PROJECT_WALK_LIMITS, saved);
    }
    expect(listProjectFiles(fixture).truncated).toBeUndefined();
  });

  it('finds the project root upward from a file: the nearest folder holding registries/', () => {
    expect(findProjectRoot(path.join(fixture, 'registries/weather.hocon'))).toBe(fixture);
    expect(findProjectRoot(path.join(fixture, 'toolbox/toolbox_info.hocon'))).toBe(fixture);
  });

  it('validate DIR prints each problem once and a summary by kind; tools DIR --used-by lists users', async () => {
    const cwd = path.dirname(fixture);
    const validate = await runCliIn(cwd, ['validate', 'project']);
    expect(validate.code).toBe(1);
    expect(validate.stdout).toContain('project/toolbox/toolbox_info.hocon:22:34 error unrecognized-type');
    expect(validate.stdout).toMatch(/^ {2}agent network\s+3 files\s+1 error\s+1 warning\s+0 hints$/m);
    expect(validate.stdout).toMatch(/^ {2}toolbox\s+1 file\s+1 error\s+0 warnings\s+2 hints$/m);
    expect(validate.stdout).toMatch(/^ {2}test case\s+1 file\s+0 errors\s+0 warnings\s+0 hints$/m);
    expect(validate.stdout).toContain('toolbox in use: toolbox/toolbox_info.hocon (from .env)');
    const json = JSON.parse((await runCliIn(cwd, ['validate', 'project', '--json'])).stdout) as { summary: { kind: string; files: number }[] };
    expect(json.summary.find((s) => s.kind === 'toolbox')).toEqual({ kind: 'toolbox', files: 1, errors: 1, warnings: 0, hints: 2 });
    const tools = await runCliIn(cwd, ['tools', 'project', '--used-by']);
    expect(tools.code).toBe(0);
    expect(tools.stdout).toContain("lookup_weather (user): used by 2\n  project/registries/reports.hocon:14:24 agent 'city_weather'\n  project/registries/weather.hocon:14:24 agent 'weather_lookup'\n");
    expect(tools.stdout).toContain("not defined in any toolbox:\n  lookup_wether: project/registries/draft.hocon:11:24 agent 'checker'\n");
  });
});

describeWithShared('conformance/hocon/cases/neurosan/neuro-san-studio', 'neuro-san-studio opened as a project', (studio) => {
  let analysis: ProjectAnalysis;
  beforeAll(async () => void ({ analysis } = await loadProjectFromDisk(studio, { env: {} })));
  const toolbox = 'neuro_san_studio/toolbox/toolbox_info.hocon';
  const KNOWN_RULES = new Set(['required-unknown', 'langchain-class-form']);

  it('finds its toolbox by convention and tells the 73 networks, the manifests and the fragments apart', () => {
    expect(analysis.toolbox).toEqual({ path: toolbox, from: 'convention' });
    const count = (kind: string) => analysis.files.filter((f) => f.kind === kind).length;
    expect(count('network')).toBe(73);
    expect(analysis.files.filter((f) => f.kind === 'manifest').map((f) => f.path)).toContain('registries/manifest_multiuser_overlay.hocon');
    expect(analysis.files.filter((f) => f.kind === 'fragment').map((f) => f.path)).toEqual(expect.arrayContaining(['registries/aaosa.hocon', 'registries/aaosa_basic.hocon']));
    expect(analysis.files.find((f) => f.path === 'config/developer_llm_config.hocon')?.kind).toBe('llm-config');
  });

  it('no toolbox rule on a file that is not a toolbox, no undefined-tool the toolbox defines, its 3 problems once each', () => {
    expect(toolboxRulesOnOtherKinds(analysis)).toEqual([]);
    const defined = new Set(analysis.tools.map((t) => t.name));
    expect(analysis.diagnostics.filter((d) => d.rule === 'undefined-tool' && defined.has(/'([^']+)'/.exec(d.message)![1]!))).toEqual([]);
    // The three known mistakes. neuro-san raises on the class form only, and only as it builds tavily_search for an
    // agent: no network of the corpus copy has it as one, so it is a warning that says so (a required name neuro-san
    // ignores is a warning too).
    const known = analysis.diagnostics.filter((d) => d.file === toolbox && KNOWN_RULES.has(d.rule));
    expect(known.map((d) => `${d.line} ${d.severity} ${d.rule}`)).toEqual(['88 warning required-unknown', '167 warning required-unknown', '785 warning langchain-class-form']);
    expect(known[2]!.message).toContain("No network of this project has 'tavily_search' as an agent: neuro-san does not meet this here.");
    // No network points at a broken tool.
    expect(analysis.diagnostics.filter((d) => d.rule === 'broken-tool').map((d) => d.file)).toEqual([]);
  });

  it('test cases name networks a manifest lists: the corpus copy lacks five, said once each, by the manifest', () => {
    // The manifest reports the network files it lists and the copy lacks; the test cases naming them are not
    // reported again. generated/ networks come from a manifest written at run time (its include is absent here).
    expect(analysis.diagnostics.filter((d) => d.rule === 'test-case-agent')).toEqual([]);
    const missing = analysis.diagnostics.filter((d) => d.rule === 'manifest-network-missing').map((d) => /lists '([^']+)'/.exec(d.message)![1]);
    expect(missing).toEqual(expect.arrayContaining(['basic/internal_communication_skill.hocon', 'basic/job_guessing_skill.hocon', 'experimental/copy_cat.hocon']));
  });

  it('validate of every file, listed one by one, says the same: no toolbox rule off toolboxes, the 3 problems once', async () => {
    const files = analysis.files.map((f) => f.path);
    const result = await runCliIn(studio, ['validate', ...files, '--json']);
    expect(result.code).toBe(1);
    const found = JSON.parse(result.stdout) as { file: string; rule: string; severity: string; line: number }[];
    const kinds = new Map(analysis.files.map((f) => [f.path, f.kind]));
    expect(found.filter((d) => kinds.get(d.file) !== 'toolbox' && !NON_TOOLBOX_RULES.has(d.rule))).toEqual([]);
    expect(found.filter((d) => d.rule === 'undefined-tool')).toEqual([]);
    expect(found.filter((d) => d.file.endsWith(toolbox) && KNOWN_RULES.has(d.rule)).map((d) => `${d.file}:${d.line} ${d.severity} ${d.rule}`)).toEqual([
      `${toolbox}:88 warning required-unknown`,
      `${toolbox}:167 warning required-unknown`,
      `${toolbox}:785 warning langchain-class-form`,
    ]);
  });

  it('validate DIR exits 1 and says which toolbox it used', async () => {
    const result = await runCliIn(studio, ['validate', '.']);
    expect(result.code).toBe(1);
    // No warning: the null an unset ${?llm_config_key} leaves in a sly_data allow list lets nothing through.
    expect(result.stdout).toMatch(/^ {2}agent network\s+73 files\s+0 errors\s+0 warnings\s+0 hints$/m);
    expect(result.stdout).toContain(`toolbox in use: ${toolbox} (from convention)`);
    expect(result.stdout.match(/toolbox_info\.hocon:88:26 warning required-unknown/g)).toHaveLength(1);
    expect(result.stdout.match(/toolbox_info\.hocon:785:18 warning langchain-class-form/g)).toHaveLength(1);
  });
});

describe('a manifest no run of the project reads', () => {
  const network = '{ "tools": [ { "name": "front", "instructions": "Answer.", "function": { "description": "Answers." } } ] }\n';
  let dir: string;
  beforeAll(() => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'unread-manifest-'));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  /** The manifest-network-missing reports of a project of `files`, as `severity path:line`. */
  async function missingIn(name: string, files: Record<string, string>): Promise<string[]> {
    const root = path.join(dir, name);
    for (const [file, text] of Object.entries(files)) {
      mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
      writeFileSync(path.join(root, file), text);
    }
    const { analysis } = await loadProjectFromDisk(root, { env: {} });
    return analysis.diagnostics.filter((d) => d.rule === 'manifest-network-missing').map((d) => `${d.severity} ${d.file}:${d.line}${d.message.includes('No run of this project reads') ? ' (unread)' : ''}`);
  }

  it('a sub-manifest written for another project lists networks that are not here: warnings, said as such', async () => {
    // Nothing names it, and there is no registries/manifest.hocon to include it (neuro-san-studio's root manifest does).
    const files = { 'registries/industry/manifest.hocon': '{\n  "industry/war_room.hocon": true,\n  "industry/airline.hocon": true\n}\n', 'registries/industry/war_room.hocon': network };
    expect(await missingIn('fragment', files)).toEqual(['warning registries/industry/manifest.hocon:3 (unread)']);
  });

  it('included by the manifest neuro-san reads by convention, the same lines are errors', async () => {
    const files = {
      'registries/manifest.hocon': '{\n  include "registries/industry/manifest.hocon"\n}\n',
      'registries/industry/manifest.hocon': '{\n  "industry/war_room.hocon": true,\n  "industry/airline.hocon": true\n}\n',
      'registries/industry/war_room.hocon': network,
    };
    expect(await missingIn('included', files)).toEqual(['error registries/industry/manifest.hocon:3']);
  });

  it('AGENT_MANIFEST_FILE names the manifest read: its own missing network is an error, the other manifest\'s a warning', async () => {
    const files = {
      '.env': 'AGENT_MANIFEST_FILE=registries/deploy_manifest.hocon\n',
      'registries/deploy_manifest.hocon': '{\n  "gone.hocon": true\n}\n',
      'registries/manifest.hocon': '{\n  "front.hocon": true,\n  "also_gone.hocon": true\n}\n',
      'registries/front.hocon': network,
    };
    expect(await missingIn('named', files)).toEqual(['error registries/deploy_manifest.hocon:2', 'warning registries/manifest.hocon:3 (unread)']);
  });
});
