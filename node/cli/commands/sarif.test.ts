import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import Ajv from 'ajv-draft-04';
import addFormats from 'ajv-formats';
import { describe, expect, it } from 'vitest';
import { runCliIn, workspace } from '../../testSupport/cliRun';
import { describeWithShared } from '../../testSupport/sharedData';

const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
// The SARIF 2.1.0 schema, vendored (fixtures/sarif/README.md says from where): no network at test time.
const schema = JSON.parse(readFileSync(path.join(repo, 'fixtures/sarif/sarif-schema-2.1.0.json'), 'utf8')) as object;
// unicodeRegExp off: the schema's language pattern ('^[a-zA-Z]{2}|^[a-zA-Z]{2}-[a-zA-Z]{2}]?$') is valid only without the u flag.
const ajv = new Ajv({ allErrors: true, strict: false, unicodeRegExp: false });
addFormats(ajv);
const validateSarif = ajv.compile(schema);

interface SarifLog {
  version: string;
  runs: {
    tool: { driver: { name: string; rules: { id: string }[] } };
    results: { ruleId: string; ruleIndex: number; level: string; locations: { physicalLocation: { artifactLocation: { uri: string }; region: { startLine: number; startColumn: number } } }[]; fixes?: unknown[] }[];
  }[];
}

async function sarifOf(dir: string, file: string): Promise<{ code: number; log: SarifLog }> {
  const { code, stdout } = await runCliIn(dir, ['validate', file, '--format', 'sarif', '--no-default']);
  const log = JSON.parse(stdout) as SarifLog;
  const valid = validateSarif(log);
  expect(validateSarif.errors ?? []).toEqual([]);
  expect(valid).toBe(true);
  return { code, log };
}

describe('validate --format sarif', () => {
  it('is a SARIF 2.1.0 log that the schema accepts, with rules, levels, regions and quick fixes', async () => {
    const dir = workspace({
      'tools/tb.hocon': [
        't { class = "m.C", description = "Returns the time of day in a given time zone, as ISO text.",',
        '    parameters { type = object, properties { n { type = "integer", description = "A number." } } } }',
        'u { class = "NoModule", description = "Sends nothing anywhere, and says so in many words." }',
        '',
      ].join('\n'),
      'requirements.txt': 'neuro-san==0.5.55\n',
    });
    const { code, log } = await sarifOf(dir, 'tools/tb.hocon');
    expect(code).toBe(1);
    expect(log.version).toBe('2.1.0');
    const run = log.runs[0]!;
    expect(run.tool.driver.name).toBe('toolbox-editor');
    expect(run.results.map((r) => [r.ruleId, r.level, r.locations[0]!.physicalLocation.artifactLocation.uri, r.locations[0]!.physicalLocation.region.startLine])).toEqual([
      ['unrecognized-type', 'error', 'tools/tb.hocon', 2],
      ['coded-class-form', 'error', 'tools/tb.hocon', 3],
    ]);
    // The neuro-san version the file was checked for, in the run's properties (the requirements file pins it).
    expect((run as { properties?: unknown }).properties).toEqual({
      // The pin is named from the folder the version is decided for (the file's own, outside a project).
      neuroSan: [{ files: ['tools/tb.hocon'], version: '0.5.55', from: 'pin', how: 'neuro-san==0.5.55 in ../requirements.txt:1', file: '../requirements.txt', line: 1 }],
    });
    for (const r of run.results) expect(run.tool.driver.rules[r.ruleIndex]!.id).toBe(r.ruleId);
    expect(run.results[0]!.fixes).toHaveLength(1);
    // The schema is really checking: a level SARIF does not have is refused.
    expect(validateSarif({ ...log, runs: [{ ...run, results: [{ ...run.results[0]!, level: 'fatal' }] }] })).toBe(false);
  });

  it('gives style advice (a hint) as a note, which fails no check: exit 0', async () => {
    const dir = workspace({ 'tb.hocon': 'wiki { class = "langchain_community.tools.WikipediaQueryRun" }\nt { class = "m.C", description = "Weather tool" }\n' });
    const { code, log } = await sarifOf(dir, 'tb.hocon');
    expect(code).toBe(0);
    expect(log.runs[0]!.results.map((r) => [r.ruleId, r.level])).toEqual([
      ['langchain-community', 'note'],
      ['description-too-short', 'note'],
    ]);
  });

  it('a clean file is a valid log with no results', async () => {
    const dir = workspace({ 'tb.hocon': 't { class = "m.C", description = "Returns the time of day in a given time zone, as ISO text." }\n' });
    const { code, log } = await sarifOf(dir, 'tb.hocon');
    expect(code).toBe(0);
    expect(log.runs[0]!.results).toEqual([]);
  });

  it('of a DIR holds the project checks too (issue #34), the summary on stderr', async () => {
    const dir = workspace({
      'registries/net.hocon': 'tools = [\n  { name = "front", instructions = "Answer.", tools = ["lookup_wether"] }\n]\n',
      'registries/manifest.hocon': '{ "net.hocon": true }\n',
      'toolbox/toolbox_info.hocon': 'lookup_weather { class = "m.C", description = "Returns the weather of a city today, as a short sentence." }\n',
      'toolbox/toolbox_info.tests.json': '{ "version": 1, "cases": [ { "name": "old", "tool": "lookup", "args": {}, "expect": { "content": "x" } } ] }\n',
    });
    const { code, stdout, stderr } = await runCliIn(dir, ['validate', '.', '--format', 'sarif', '--no-default']);
    const log = JSON.parse(stdout) as SarifLog;
    expect(validateSarif(log)).toBe(true);
    expect(code).toBe(1);
    const results = log.runs[0]!.results.map((r) => [r.ruleId, r.level, r.locations[0]!.physicalLocation.artifactLocation.uri]);
    expect(results).toContainEqual(['undefined-agent', 'error', 'registries/net.hocon']);
    expect(results).toContainEqual(['test-case-tool', 'warning', 'toolbox/toolbox_info.tests.json']);
    expect(stderr).toMatch(/files?, by kind:/);
  });

  it('--format json is the array --json gives', async () => {
    const dir = workspace({ 'tb.hocon': 't { class = "NoModule", description = "Returns the time of day in a given time zone, as ISO text." }\n' });
    const a = await runCliIn(dir, ['validate', 'tb.hocon', '--format', 'json', '--no-default']);
    const b = await runCliIn(dir, ['validate', 'tb.hocon', '--json', '--no-default']);
    expect(a.stdout).toBe(b.stdout);
    expect(JSON.parse(a.stdout)).toEqual([
      { severity: 'error', rule: 'coded-class-form', message: expect.any(String), file: 'tb.hocon', line: 1, column: 13, tool: 't', endLine: 1, endColumn: 23 },
    ]);
    expect((await runCliIn(dir, ['validate', 'tb.hocon', '--format', 'xml'])).code).toBe(2);
  });
});

describeWithShared('reference/neuro-san/toolboxes', 'validate --format sarif on the studio toolbox', (dir) => {
  it('validates against the SARIF schema, one result per problem', async () => {
    const { code, log } = await sarifOf(dir, 'studio_toolbox_info.hocon');
    expect(code).toBe(1);
    const text = await runCliIn(dir, ['validate', 'studio_toolbox_info.hocon', '--no-default']);
    expect(log.runs[0]!.results).toHaveLength(text.stdout.trim().split('\n').length - 1); // less the summary line
  });
});
