import { describe, expect, it } from 'vitest';
import { NEWEST_KNOWN_VERSION } from '../../../shared/neurosan/versions/index';
import { runCliIn, workspace } from '../../testSupport/cliRun';

/** A neuro-san-studio-like project pinned by requirements.txt: one network naming default-toolbox tools. */
function project(requirement: string, extra: Record<string, string> = {}): string {
  return workspace({
    'requirements.txt': `# Neuro SAN\n${requirement}\n`,
    'registries/manifest.hocon': '{ "helper.hocon": true }\n',
    'registries/helper.hocon': [
      '{',
      '    "llm_config": { "model_name": "gpt-4o" },',
      '    "tools": [',
      '        {',
      '            "name": "helper",',
      '            "function": { "description": "Answers questions with a few tools." },',
      '            "instructions": "Use your tools.",',
      '            "tools": ["clock", "fetch"]',
      '        },',
      '        { "name": "clock", "toolbox": "get_current_date_time" },',
      '        { "name": "fetch", "toolbox": "requests_get" }',
      '    ]',
      '}',
      '',
    ].join('\n'),
    ...extra,
  });
}

async function validate(dir: string, ...args: string[]) {
  const { stdout } = await runCliIn(dir, ['validate', '.', ...args]);
  const lines = stdout.trimEnd().split('\n');
  return {
    problems: lines.filter((l) => /^\S+:\d+:\d+ /.test(l)),
    checkedFor: lines.find((l) => l.startsWith('checked for ')),
  };
}

describe('a project pinned to neuro-san 0.7.x (neuro-san-studio pins 0.7.4 from 2026-09-18)', () => {
  it('is checked for that release, named plainly: 0.7.4 is a release the editor knows', async () => {
    const result = await validate(project('neuro-san==0.7.4'));
    expect(result.checkedFor).toBe('checked for neuro-san 0.7.4 (pin: neuro-san==0.7.4 in requirements.txt:2)');
  });

  it("gets 0.7's default toolbox: get_current_date_time is there, the requests tools are gone with neuro-san's migration message", async () => {
    const result = await validate(project('neuro-san==0.7.4'));
    expect(result.problems).toHaveLength(1);
    expect(result.problems[0]).toMatch(/^registries\/helper\.hocon:11:\d+ error removed-tool /);
  });

  it('is not told that 0.7.4 reads MCP_SERVERS_INFO_FILE with a warning that it "will be removed in neuro-san==0.7"', async () => {
    // Whether and where 0.7 dropped MCP_SERVERS_INFO_FILE could not be placed: nothing is claimed of 0.7.4 either way.
    const dir = project('neuro-san==0.7.4', { '.env': 'MCP_SERVERS_INFO_FILE=mcp/mcp_info.hocon\n' });
    expect((await validate(dir)).problems.filter((p) => p.startsWith('.env'))).toEqual([]);
  });

  it('a range inside the 0.7 series is the newest 0.7 release the editor knows, as pip would pick it', async () => {
    const result = await validate(project('neuro-san~=0.7.0'));
    expect(result.checkedFor).toBe(
      `checked for neuro-san ${NEWEST_KNOWN_VERSION} (pin: neuro-san~=0.7.0 in requirements.txt:2 (the newest release the editor knows inside ~=0.7.0, as pip would pick it: ${NEWEST_KNOWN_VERSION}))`,
    );
  });
});

describe('the last 0.6 releases: 0.6.95 (pydantic.v1) and 0.6.98 (pydantic v2)', () => {
  // A network agent's parameters typed "integer": 0.6.95's server refuses the network (its validator converts them
  // with pydantic.v1), 0.6.98 takes them (PR #1210's converter).
  const integerParameters = (requirement: string) =>
    project(requirement, {
      'registries/helper.hocon': [
        '{',
        '    "llm_config": { "model_name": "gpt-4o" },',
        '    "tools": [',
        '        { "name": "helper", "instructions": "Use your tools.", "tools": ["count"] },',
        '        {',
        '            "name": "count",',
        '            "function": {',
        '                "description": "Counts things.",',
        '                "parameters": { "type": "object", "properties": { "n": { "type": "integer", "description": "How many." } }, "required": ["n"] }',
        '            },',
        '            "instructions": "Count."',
        '        }',
        '    ]',
        '}',
        '',
      ].join('\n'),
    });

  it('0.6.95 refuses "integer" in pydantic.v1\'s words', async () => {
    const result = await validate(integerParameters('neuro-san==0.6.95'));
    expect(result.checkedFor).toBe('checked for neuro-san 0.6.95 (pin: neuro-san==0.6.95 in requirements.txt:2)');
    expect(result.problems.some((p) => p.includes('UndefinedType'))).toBe(true);
    // The network's check says what the server refuses: the network, not a tool offered to an agent.
    const conversion = result.problems.filter((p) => p.includes('network-parameters-conversion'));
    expect(conversion.length).toBeGreaterThan(0);
    for (const line of conversion) expect(line).not.toMatch(/an agent offered this tool fails/);
  });

  it('0.6.98 and 0.7.4 take it', async () => {
    for (const version of ['0.6.98', '0.7.4']) expect((await validate(integerParameters(`neuro-san==${version}`))).problems).toEqual([]);
  });

  it('a range ending before 0.7 is 0.6.98, the last 0.6 release seen, as pip would pick it', async () => {
    const result = await validate(integerParameters('neuro-san>=0.6.90,<0.7'));
    expect(result.checkedFor).toBe(
      'checked for neuro-san 0.6.98 (pin: neuro-san>=0.6.90,<0.7 in requirements.txt:2 (the newest release the editor knows inside >=0.6.90,<0.7, as pip would pick it: 0.6.98))',
    );
    expect(result.problems).toEqual([]);
  });
});

describe('a pin newer than the newest release the editor knows', () => {
  it('says so in the summary line, and which release it is judged as', async () => {
    const result = await validate(project('neuro-san==0.7.20'));
    expect(result.checkedFor).toBe(
      `checked for neuro-san 0.7.20 (pin: neuro-san==0.7.20 in requirements.txt:2 — newer than ${NEWEST_KNOWN_VERSION}, the newest release the editor knows: judged as ${NEWEST_KNOWN_VERSION})`,
    );
  });

  it('so does a range above every known release, and a version given on the command line', async () => {
    const range = await validate(project('neuro-san>=0.8'));
    expect(range.checkedFor).toBe(
      `checked for neuro-san 0.8 (pin: neuro-san>=0.8 in requirements.txt:2 (no release the editor knows is inside >=0.8: its lower bound: 0.8.0) — newer than ${NEWEST_KNOWN_VERSION}, the newest release the editor knows: judged as ${NEWEST_KNOWN_VERSION})`,
    );
    const given = await validate(project('neuro-san==0.7.4'), '--neuro-san-version', '0.9.1');
    expect(given.checkedFor).toBe(
      `checked for neuro-san 0.9.1 (command line: --neuro-san-version 0.9.1 — newer than ${NEWEST_KNOWN_VERSION}, the newest release the editor knows: judged as ${NEWEST_KNOWN_VERSION})`,
    );
  });

  it('validate FILE ends with the same line as validate DIR', async () => {
    const { stdout } = await runCliIn(project('neuro-san==0.7.20'), ['validate', 'registries/helper.hocon']);
    expect(stdout.trimEnd().split('\n').at(-1)).toBe(
      `checked for neuro-san 0.7.20 (pin: neuro-san==0.7.20 in requirements.txt:2 — newer than ${NEWEST_KNOWN_VERSION}, the newest release the editor knows: judged as ${NEWEST_KNOWN_VERSION})`,
    );
  });
});
