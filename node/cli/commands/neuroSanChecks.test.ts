import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { runCliIn, workspace } from '../../testSupport/cliRun';
import { DESCRIPTION_RULE_IDS } from '../../../shared/toolbox/rules/descriptionReview';

// neuro-san's own checks on a toolbox entry, one tool each in fixtures/toolboxes/neuro_san_checks.hocon, with the rule
// ids and neuro-san's words pinned (the conformance data in ../shared checks the same against the real code).
const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const fixture = 'fixtures/toolboxes/neuro_san_checks.hocon';
const RAISES = 'neuro-san raises this when an agent offers the tool to the LLM.';

interface JsonDiagnostic {
  line: number;
  severity: string;
  rule: string;
  message: string;
  tool?: string;
  fix?: { title: string; edits: Array<{ file: string; offset: number; length: number; newText: string }> };
}

/** What validate says, less the description checks (node/review/), which have tests of their own. */
async function validate(cwd: string, file: string): Promise<JsonDiagnostic[]> {
  const review = new Set<string>(DESCRIPTION_RULE_IDS);
  return (JSON.parse((await runCliIn(cwd, ['validate', file, '--json'])).stdout) as JsonDiagnostic[]).filter((d) => !review.has(d.rule));
}

describe("neuro-san's checks on a toolbox entry, in its words", () => {
  it('each check is an error at its tool (int, float and bool, which neuro-san knows, get nothing: the LLM is shown integer, number, boolean)', async () => {
    const found = (await validate(repoRoot, fixture)).map((d) => [d.tool, d.severity, d.rule, d.message]);
    expect(found).toEqual([
      ['no_description', 'error', 'no-description', `Function for no_description has no description. ${RAISES}`],
      ['no_type', 'error', 'parameters-type', `Function for no_type needs to have a parameters.type set to 'object'. ${RAISES}`],
      [
        'no_properties',
        'error',
        'parameters-properties',
        `Function for no_properties needs to have a properties dictionary as part of its parameters. ${RAISES} A tool without arguments leaves 'parameters' out.`,
      ],
      [
        'empty_properties',
        'error',
        'parameters-properties',
        `Function for empty_properties needs to have at least one argument dictionary in its properties. ${RAISES} A tool without arguments leaves 'parameters' out.`,
      ],
      ['str_type', 'error', 'unrecognized-type', `Unrecognized type 'str' for field 'count'. ${RAISES}`],
      ['untyped', 'error', 'unrecognized-type', `Unrecognized type 'None' for field 'name'. ${RAISES}`],
      [
        'nullable',
        'error',
        'unrecognized-type',
        `The type of field 'q' must be one type name: neuro-san cannot look up a list (TypeError: unhashable type: 'list'). ${RAISES}`,
      ],
      [
        'list_without_items',
        'error',
        'parameter-shape',
        `Field 'tags' of 'list_without_items' is an array without "items": neuro-san reads the type of its elements there ('NoneType' object has no attribute 'get'). ${RAISES}`,
      ],
      ['nested', 'error', 'unrecognized-type', `Unrecognized type 'long' for field 'zip'. ${RAISES}`],
      ['underscore', 'error', 'parameter-name', `Parameter name '_secret' must not start with an underscore. ${RAISES}`],
      [
        'requests_get',
        'error',
        'removed-tool',
        "Tool 'requests_get' was removed from the default toolbox because it was built on the deprecated langchain-community package. To keep using it, define it in your own toolbox info file and register that file with the AGENT_TOOLBOX_INFO_FILE environment variable or the 'toolbox_info_file' key in the agent network hocon file. See https://github.com/cognizant-ai-lab/neuro-san/blob/main/docs/toolbox_info_hocon_reference.md",
      ],
      [
        'get_current_date_time',
        'error',
        'tool-set-to-null',
        `Tool 'get_current_date_time' is not defined in the default toolbox info file or in ${fixture}. Set to null, the tool is removed: an agent that uses it fails with this message.`,
      ],
    ]);
  });

  it('tools lists a tool set to null with no kind, as neuro-san sees it', async () => {
    const { code, stdout } = await runCliIn(repoRoot, ['tools', fixture, '--json']);
    expect(code).toBe(0);
    const rows = JSON.parse(stdout) as Array<{ name: string; kind: string | null; class: unknown; origin: string }>;
    expect(rows[0]).toMatchObject({ name: 'get_current_date_time', kind: null, class: null, origin: 'override' });
    expect(rows.find((r) => r.name === 'requests_get')).toMatchObject({ kind: 'langchain', class: null, origin: 'user' });
  });

  it("a class written as a number is listed as neuro-san reports it, and refused in neuro-san's words", async () => {
    const dir = workspace({ 'tb.hocon': 'bad_tool { class = 123 }\n' });
    const rows = JSON.parse((await runCliIn(dir, ['tools', 'tb.hocon', '--json', '--no-default'])).stdout) as Array<{ class: unknown }>;
    expect(rows[0]!.class).toBe(123);
    expect((await validate(dir, 'tb.hocon')).map((d) => d.message)).toEqual(["Value for 'bad_tool.class' must be a non-empty string."]);
  });

  it("each quick fix gives a form neuro-san accepts: the tool's error is gone", async () => {
    const text = readFileSync(path.join(repoRoot, fixture), 'utf8');
    const errors = (await validate(repoRoot, fixture)).filter((d) => d.severity === 'error');
    const withFixes = errors.filter((d) => d.fix);
    expect(withFixes.map((d) => [d.tool, d.fix!.title])).toEqual([
      ['no_type', 'Add "type": "object"'],
      ['str_type', 'Change "str" to "string"'],
      ['nested', 'Change "long" to "integer"'],
    ]);
    for (const d of withFixes) {
      let fixed = text;
      for (const e of [...d.fix!.edits].sort((a, b) => b.offset - a.offset)) fixed = fixed.slice(0, e.offset) + e.newText + fixed.slice(e.offset + e.length);
      const dir = workspace({ 'tb.hocon': fixed });
      const after = await validate(dir, 'tb.hocon');
      expect(after.filter((a) => a.tool === d.tool && a.severity === 'error')).toEqual([]);
      // Nothing else changed: every other tool keeps its error.
      expect(after.filter((a) => a.severity === 'error')).toHaveLength(errors.length - 1);
    }
  });
});
