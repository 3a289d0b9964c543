import { useMemo } from 'react';
import type { TextEdit } from '../../shared/hocon';
import type { ToolSummary } from '../../shared/api/index';
import { focusFormField } from '../ui/focusField';
import type { Workspace } from '../workspace';
import { currentAnalysis } from '../state/openAnalysis';
import { addTool, deleteTool, duplicateTool, overrideTool, renameTool, type ToolEditResult } from './toolCommands';
import type { NewToolKind } from './toolTemplates';
import { errorMessage } from '../../shared/errorMessage';

/**
 * The tool list's commands bound to the window: each computes HOCON module edits on the current text, applies them
 * to the shared Monaco model as one undoable step, and selects the tool concerned.
 */
export function useToolActions(stores: Workspace) {
  return useMemo(() => {
    const { useDocument, useAnalysis, documentModel } = stores;
    const run = (compute: (text: string, tools: readonly ToolSummary[]) => ToolEditResult): boolean => {
      const text = useDocument.getState().text;
      // The open file's tools (a new name must be new in it): none to edit while its analysis has not come.
      const analysis = currentAnalysis(stores);
      if (!analysis) return false;
      const tools = analysis.tools;
      let result: ToolEditResult;
      try {
        result = compute(text, tools);
      } catch (error) {
        useDocument.getState().setNotice({ kind: 'error', message: `Could not edit the file: ${errorMessage(error)}` });
        return false;
      }
      documentModel.applyEdits(result.edits);
      useAnalysis.getState().select(result.select);
      return true;
    };
    return {
      // The new entry's class is its first placeholder: shown in the form, selected, ready to be typed over.
      add: (kind: NewToolKind) => {
        if (!run((text, tools) => addTool(text, tools, kind))) return false;
        const name = useAnalysis.getState().selectedTool;
        stores.useView.getState().setTab('form');
        if (name) void focusFormField(name, 'class', { selectText: true });
        return true;
      },
      duplicate: (tool: ToolSummary) => run((text, tools) => duplicateTool(text, tools, tool)),
      override: (tool: ToolSummary) => run((text, tools) => overrideTool(text, tools, tool)),
      rename: (tool: ToolSummary, name: string) => {
        if (!run((text) => renameTool(text, tool, name))) return false;
        // Its saved test cases and its runs follow the name the saved file has: they move when the file is saved with
        // the new name (an undo, or closing without saving, leaves them where they are), shown under it meanwhile.
        if (useDocument.getState().path) stores.useTestRun.getState().recordRename(tool.name, name);
        return true;
      },
      remove: (tool: ToolSummary) => run((text, tools) => deleteTool(text, tools, tool)),
      apply: (edits: TextEdit[]) => documentModel.applyEdits(edits),
    };
  }, [stores]);
}
