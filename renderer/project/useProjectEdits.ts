import { useState } from 'react';
import type { ProjectEdit } from '../../shared/api/index';
import { errorMessage } from '../../shared/errorMessage';
import { isDirty } from '../state/documentStore';
import type { Workspace } from '../workspace';
import { absoluteIn, type ProjectStoreHook } from './projectStore';

export interface RenamePlan {
  newName: string;
  edits: ProjectEdit[];
}

/**
 * Edits across the project's files (a tool rename): previewed, applied as one set, undone as one step. The file open
 * in the editor is read again after each (its unsaved changes would be lost, so a set that touches it waits for a
 * save first).
 */
export function useProjectEdits(stores: Workspace, useProject: ProjectStoreHook) {
  const [problem, setProblem] = useState<string | null>(null);
  const { api, useDocument } = stores;

  const reloadIfOpen = async (files: string[]) => {
    const doc = useDocument.getState();
    if (doc.path && files.includes(doc.path)) await doc.reload();
  };

  return {
    problem,
    preview: async (tool: string, newName: string): Promise<RenamePlan | string> => {
      const project = useProject.getState().project;
      if (!project) return 'No project is open.';
      try {
        return { newName, edits: (await api.invoke('project.renamePreview', { root: project.root, tool, newName })).edits };
      } catch (error) {
        return errorMessage(error);
      }
    },
    apply: async (plan: RenamePlan, tool: string): Promise<boolean> => {
      const project = useProject.getState().project;
      if (!project) return false;
      const doc = useDocument.getState();
      const touched = new Set(plan.edits.map((e) => absoluteIn(project, e.file)));
      if (doc.path && touched.has(doc.path) && isDirty(doc)) {
        setProblem(`Save or discard your changes to ${doc.path} first: the rename edits it on disk.`);
        return false;
      }
      try {
        // The tool's saved cases are among the edits; its runs in the history move with it.
        const toolbox = project.toolbox ? absoluteIn(project, project.toolbox.path) : undefined;
        const renamedTool = toolbox ? { renamedTool: { toolbox, tool, newName: plan.newName } } : {};
        const applied = await api.invoke('project.applyEdits', { root: project.root, edits: plan.edits, ...renamedTool });
        setProblem(null);
        useProject.getState().setLastChange({ undoId: applied.undoId, summary: `Renamed '${tool}' to '${plan.newName}' in ${applied.files.length} files.` });
        await reloadIfOpen(applied.files);
        await useProject.getState().refresh();
        return true;
      } catch (error) {
        setProblem(errorMessage(error));
        return false;
      }
    },
    undo: async (undoId: string) => {
      const doc = useDocument.getState();
      try {
        const project = useProject.getState().project;
        if (doc.path && project && isDirty(doc) && doc.path.startsWith(project.root)) {
          setProblem(`Save or discard your changes to ${doc.path} first: undoing the rename edits it on disk.`);
          return;
        }
        const undone = await api.invoke('project.undoEdits', { undoId });
        setProblem(null);
        useProject.getState().setLastChange(null);
        await reloadIfOpen(undone.files);
        await useProject.getState().refresh();
      } catch (error) {
        setProblem(errorMessage(error));
      }
    },
  };
}
