import { describe, expect, it } from 'vitest';
import { applyEdits, resolveHocon, toJson } from '../../shared/hocon';
import type { ToolSummary } from '../../shared/api/toolboxApi';
import { addTool, deleteTool, duplicateTool, renameTool, topLevelIndent } from './toolCommands';

const TEXT = `# header comment
{
    # the time tool
    "get_time": {
        "class": "get_time.GetTime",  // trailing
        "description": "Gets the time"
    },

    // search, kept
    "search": { "class": "x.Search", "args": { "max_results": 5 } }
}
`;

/** A minimal summary with the ranges the commands read (found in the text, as the analysis reports them). */
function summary(name: string, text = TEXT): ToolSummary {
  const keyStart = text.indexOf(`"${name}"`);
  const valueStart = text.indexOf('{', keyStart);
  let depth = 0;
  let end = valueStart;
  for (; end < text.length; end++) {
    if (text[end] === '{') depth++;
    if (text[end] === '}' && --depth === 0) break;
  }
  const pos = (offset: number) => ({ offset, line: 0, column: 0 });
  return {
    name, kind: 'coded', className: null, displayAs: 'coded_tool', displayAsInferred: true,
    baseToolInfoUrl: null, origin: 'user', file: 'f', errors: 0, warnings: 0, hints: 0,
    keyRange: { start: pos(keyStart), end: pos(keyStart + name.length + 2) },
    valueRange: { start: pos(valueStart), end: pos(end + 1) },
  };
}
const tools = [summary('get_time'), summary('search')];
const insertKeyOf = (text: string, kind: 'langchain') => addTool(text, [], kind).edits;
const data = (text: string) => toJson(resolveHocon(text).value!) as Record<string, Record<string, unknown>>;

describe('tool list commands edit the text minimally', () => {
  it('adds a coded tool from the template with a unique name, keeping every comment', () => {
    const { edits, select } = addTool(TEXT, tools, 'coded');
    const result = applyEdits(TEXT, edits);
    expect(select).toBe('new_coded_tool');
    expect(data(result).new_coded_tool).toMatchObject({ class: 'your_package.your_module.YourTool', parameters: { type: 'object' } });
    for (const comment of ['# header comment', '# the time tool', '// trailing', '// search, kept']) expect(result).toContain(comment);
    expect(result).toContain('\n    "new_coded_tool" : {\n        "class"'.replace(' : ', ': '));
  });

  it("lays a new tool out as the file's tools are: one key per line in its indentation, or one line", () => {
    const twoSpaces = '{\n  "get_time": {\n    "class": "get_time.GetTime",\n    "args": {\n      "zone": "UTC"\n    }\n  }\n}\n';
    const added = applyEdits(twoSpaces, addTool(twoSpaces, [summary('get_time', twoSpaces)], 'coded').edits);
    expect(added).toContain(
      [
        '  },',
        '  "new_coded_tool": {',
        '    "class": "your_package.your_module.YourTool",',
        '    "description": "Replace with what the tool does and when the LLM should call it.",',
        '    "parameters": {',
        '      "type": "object",',
        '      "properties": {',
        '        "your_argument": {',
        '          "type": "string",',
        '          "description": "Replace with what the LLM should send here."',
        '        }',
        '      },',
        '      "required": ["your_argument"]',
        '    }',
        '  }',
        '}',
      ].join('\n'),
    );
    const oneLine = '{\n  "a": { "class": "a.A", "args": {} },\n  "b": { "class": "b.B", "args": {} }\n}\n';
    expect(applyEdits(oneLine, insertKeyOf(oneLine, 'langchain'))).toBe(
      '{\n  "a": { "class": "a.A", "args": {} },\n  "b": { "class": "b.B", "args": {} },\n  "new_langchain_tool": { "class": "your_package.your_module.YourLangChainTool", "args": {} }\n}\n',
    );
  });

  it('duplicates an entry under a free name with the same value', () => {
    const result = applyEdits(TEXT, duplicateTool(TEXT, tools, tools[1]!).edits);
    expect(data(result).search_copy).toEqual(data(TEXT).search);
  });

  it('renames and deletes only the entry concerned', () => {
    const renamed = applyEdits(TEXT, renameTool(TEXT, tools[0]!, 'clock').edits);
    expect(Object.keys(data(renamed))).toEqual(['clock', 'search']);
    expect(renamed).toContain('// trailing');
    const { edits, select } = deleteTool(TEXT, tools, tools[0]!);
    const deleted = applyEdits(TEXT, edits);
    expect(Object.keys(data(deleted))).toEqual(['search']);
    expect(select).toBe('search');
    expect(deleted).not.toContain('# the time tool');
    expect(deleted).toContain('// search, kept');
  });

  it('copies the indentation of top-level entries', () => {
    expect(topLevelIndent(TEXT, tools)).toBe('    ');
    expect(topLevelIndent('a { class = "x" }\n', [])).toBe('');
  });
});
