import { describe, expect, it } from 'vitest';
import { applyEdits } from '../hocon/textEdits';
import { staleCaseProblems } from './savedCases';

const casesText = (tools: string[], extra = '') =>
  `{\n  "version": 1,\n  "cases": [\n${tools.map((t, i) => `    { "name": "case ${i}", "tool": "${t}", "args": {}, "expect": { "content": "x" }${extra} }`).join(',\n')}\n  ]\n}\n`;

function check(text: string | undefined, tools = ['accountant', 'get_current_date_time']) {
  return staleCaseProblems('proj/toolbox_info.hocon', (p) => (p === 'proj/toolbox_info.tests.json' ? text : undefined), new Set(tools));
}
const fixed = (text: string, index = 0) => {
  const fix = check(text).problems[index]!.fix!;
  return applyEdits(text, fix.edits.map((e) => ({ offset: e.offset, length: e.length, newText: e.newText })));
};

describe('saved test cases naming a tool the toolbox lacks (test-case-tool)', () => {
  it('are reported at the case\'s "tool", with the words `test` fails in', () => {
    const text = casesText(['accountant', 'new_coded_tool']);
    const { file, problems } = check(text);
    expect(file).toBe('proj/toolbox_info.tests.json');
    expect(problems.map((d) => `${d.file}:${d.line}:${d.column} ${d.severity} ${d.rule} ${d.message}`)).toEqual([
      "proj/toolbox_info.tests.json:5:33 warning test-case-tool Saved test case 'case 1' runs 'new_coded_tool', which proj/toolbox_info.hocon does not define: `toolbox-editor test` fails on it (tool not found).",
    ]);
  });

  it('offer the likely tool for a typo, else deleting the case; either leaves JSON the cases file reads', () => {
    const typo = casesText(['acountant']);
    expect(check(typo).problems[0]!.fix!.title).toBe("Change the case's tool to 'accountant'");
    expect(JSON.parse(fixed(typo)).cases[0].tool).toBe('accountant');
    for (const tools of [['gone'], ['gone', 'accountant'], ['accountant', 'gone'], ['accountant', 'gone', 'accountant']]) {
      const text = casesText(tools);
      const at = tools.indexOf('gone');
      expect(check(text).problems[0]!.fix!.title).toBe(`Delete the test case 'case ${at}'`);
      expect(JSON.parse(fixed(text)).cases.map((c: { name: string }) => c.name)).toEqual(tools.map((_, i) => `case ${i}`).filter((_, i) => i !== at));
    }
  });

  it('are quiet for the tools it is given, MCP servers\' tools, and no or unreadable cases file', () => {
    expect(check(casesText(['accountant', 'get_current_date_time'])).problems).toEqual([]);
    expect(check(casesText(['search'], ', "mcp_server": "http://localhost:8000/mcp"')).problems).toEqual([]);
    expect(check(undefined)).toEqual({ problems: [] });
    expect(check('{ "cases": ')).toEqual({ file: 'proj/toolbox_info.tests.json', problems: [] });
  });
});
