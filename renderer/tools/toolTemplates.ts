import type { ToolSummary } from '../../shared/api/index';

export type NewToolKind = ToolSummary['kind'];

/**
 * The entry a new tool starts from, as HOCON text on one line: the HOCON module lays it out as the file's other
 * tools are (one key per line in the file's indentation, or one line among one-line tools: shared/hocon/valueLayout.ts).
 * Each is the smallest entry neuro-san accepts for that kind. What the user must replace is named as a placeholder
 * (`your_…`, "Replace with …"), never a value that could pass for a real one; the form selects the class after adding.
 */
export function toolTemplate(kind: NewToolKind): string {
  switch (kind) {
    case 'coded':
      return [
        '{ "class": "your_package.your_module.YourTool",',
        '"description": "Replace with what the tool does and when the LLM should call it.",',
        '"parameters": { "type": "object", "properties": { "your_argument": { "type": "string", "description": "Replace with what the LLM should send here." } }, "required": ["your_argument"] } }',
      ].join(' ');
    case 'langchain':
      return '{ "class": "your_package.your_module.YourLangChainTool", "args": {} }';
    case 'toolkit':
      return '{ "class": "your_package.your_module.YourToolkit", "args": {} }';
  }
}

/** `base`, or `base_2`, `base_3`... whichever no tool has yet. */
export function uniqueToolName(base: string, taken: Iterable<string>): string {
  const names = new Set(taken);
  if (!names.has(base)) return base;
  for (let i = 2; ; i++) if (!names.has(`${base}_${i}`)) return `${base}_${i}`;
}

export const NEW_TOOL_BASE_NAME: Record<NewToolKind, string> = { coded: 'new_coded_tool', langchain: 'new_langchain_tool', toolkit: 'new_toolkit' };

/** Indents every line after the first (HOCON module edits insert value text verbatim after `key = `). */
export function indentValue(valueText: string, indent: string): string {
  return valueText.split('\n').join(`\n${indent}`);
}
