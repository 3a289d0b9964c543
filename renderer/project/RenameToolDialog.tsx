import { useEffect, useRef, useState } from 'react';
import type { ProjectView } from '../../shared/api/index';
import { ModalForm } from '../ui/ModalForm';
import type { RenamePlan } from './useProjectEdits';

export interface RenameToolDialogProps {
  project: ProjectView;
  tool: string;
  preview(newName: string): Promise<RenamePlan | string>;
  onApply(plan: RenamePlan): Promise<void>;
  onCancel(): void;
}

/** Renames a tool in the toolbox and in every network that uses it: first the edits, shown line by line, then all at once. */
export function RenameToolDialog({ project, tool, preview, onApply, onCancel }: RenameToolDialogProps) {
  const [newName, setNewName] = useState(tool);
  const [plan, setPlan] = useState<RenamePlan | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  useEffect(() => input.current?.select(), []);
  const users = project.tools.find((t) => t.name === tool)?.users.length ?? 0;

  const submit = async () => {
    if (busy) return;
    setBusy(true);
    try {
      if (plan && plan.newName === newName.trim()) {
        await onApply(plan);
        return;
      }
      const answer = await preview(newName.trim());
      if (typeof answer === 'string') {
        setProblem(answer);
        setPlan(null);
      } else {
        setProblem(null);
        setPlan(answer);
      }
    } finally {
      setBusy(false);
    }
  };

  const files = plan ? new Set(plan.edits.map((e) => e.file)).size : 0;
  return (
    <ModalForm title={`Rename tool '${tool}'`} onSubmit={() => void submit()} onCancel={onCancel}>
      <p className="muted">
        Used by {users} agent{users === 1 ? '' : 's'} in the project's networks: their references change with it.
      </p>
      <label>
        New name
        <input
          ref={input}
          value={newName}
          spellCheck={false}
          onChange={(e) => {
            setNewName(e.target.value);
            setPlan(null);
            setProblem(null);
          }}
        />
      </label>
      {problem && <p role="alert">{problem}</p>}
      {plan && (
        <div className="rename-preview" aria-label="Edits">
          <p>
            {plan.edits.length} edit{plan.edits.length === 1 ? '' : 's'} in {files} file{files === 1 ? '' : 's'}:
          </p>
          <ul>
            {plan.edits.map((e) => (
              <li key={`${e.file}:${e.offset}`}>
                <div className="muted">
                  {e.file}:{e.line}
                </div>
                <del>{e.before}</del>
                <ins>{e.after}</ins>
              </li>
            ))}
          </ul>
        </div>
      )}
      <div className="modal-buttons">
        <button type="button" onClick={onCancel}>
          Cancel
        </button>
        <button type="submit" className="primary" disabled={busy}>
          {plan ? `Rename in ${files} file${files === 1 ? '' : 's'}` : 'Preview'}
        </button>
      </div>
    </ModalForm>
  );
}
