import { indentUnitOf, insertKey, parseHocon, removeKey, renameKey, type TextEdit } from '../../shared/hocon';
import type { ToolboxAnalysis, ToolSummary } from '../../shared/api/index';
import { indentValue, NEW_TOOL_BASE_NAME, toolTemplate, uniqueToolName, type NewToolKind } from './toolTemplates';

/**
 * Tool list commands as HOCON module text edits on the current text: nothing else of the file changes. Each
 * returns the edits (applied by the caller as one undoable step) and the tool to select afterwards.
 */
export interface ToolEditResult {
  edits: TextEdit[];
  select: string | null;
}

export function addTool(text: string, tools: readonly ToolSummary[], kind: NewToolKind): ToolEditResult {
  const name = uniqueToolName(NEW_TOOL_BASE_NAME[kind], tools.map((t) => t.name));
  // The template is one line: the HOCON module lays it out as the file's other tools are.
  return { edits: insertKey(text, [], name, toolTemplate(kind)), select: name };
}

/** A copy of the entry's value text (comments inside included) under a new name. Only for entries in this file. */
export function duplicateTool(text: string, tools: readonly ToolSummary[], tool: ToolSummary): ToolEditResult {
  const name = uniqueToolName(`${tool.name}_copy`, tools.map((t) => t.name));
  const valueText = text.slice(tool.valueRange.start.offset, tool.valueRange.end.offset);
  return { edits: insertKey(text, [], name, valueText), select: name };
}

/**
 * An entry for a default toolbox tool in this file, empty but for a comment: neuro-san merges it over the default
 * (objects key by key, anything else replaced), so each field then set in the form overrides just that field.
 */
export function overrideTool(text: string, tools: readonly ToolSummary[], tool: ToolSummary): ToolEditResult {
  const unit = indentUnitOf(parseHocon(text)) ?? '    ';
  const valueText = indentValue(
    `{\n${unit}# Overrides the default toolbox's entry: keys set here win (objects merge key by key), the rest stay as in the default.\n}`,
    topLevelIndent(text, tools),
  );
  return { edits: insertKey(text, [], tool.name, valueText), select: tool.name };
}

export function renameTool(text: string, tool: ToolSummary, newName: string): ToolEditResult {
  return { edits: renameKey(text, [tool.name], newName), select: newName };
}

export function deleteTool(text: string, tools: readonly ToolSummary[], tool: ToolSummary): ToolEditResult {
  const index = tools.findIndex((t) => t.name === tool.name);
  const neighbour = tools[index + 1] ?? tools[index - 1];
  return { edits: removeKey(text, [tool.name]), select: neighbour?.name ?? null };
}

/** Agents of the open network that call the tool by this name (renaming breaks them). */
export function agentsUsing(analysis: ToolboxAnalysis | null, toolName: string): string[] {
  return analysis?.network?.agents.filter((a) => a.toolName === toolName).map((a) => a.name) ?? [];
}

/** Whether the entry is written in the open file (the list can only edit those). */
export function isEditable(analysis: ToolboxAnalysis | null, tool: ToolSummary): boolean {
  return analysis !== null && tool.origin !== 'default' && tool.file === analysis.file;
}

/** Why a new name cannot be used, or null. */
export function invalidNameReason(name: string, tools: readonly ToolSummary[], current?: string): string | null {
  if (name.trim() === '') return 'A tool needs a name.';
  if (name !== current && tools.some((t) => t.name === name && t.origin !== 'default')) return `There is already a tool named ${name} in this file.`;
  return null;
}

/** The indentation of the file's top-level entries (copied from one of them; four spaces inside a braced root). */
export function topLevelIndent(text: string, tools: readonly ToolSummary[]): string {
  const mine = tools.find((t) => t.origin !== 'default');
  if (mine) {
    const offset = mine.keyRange.start.offset;
    const lineStart = text.lastIndexOf('\n', offset - 1) + 1;
    const before = text.slice(lineStart, offset);
    if (/^[ \t]*$/.test(before)) return before;
  }
  return /^\s*(#[^\n]*\n|\/\/[^\n]*\n|\s)*\{/.test(text) ? '    ' : '';
}
