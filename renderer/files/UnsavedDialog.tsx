import { useEffect, useRef } from 'react';
import { ModalForm } from '../ui/ModalForm';
import type { UnsavedChoice } from './unsavedPrompt';

export interface UnsavedDialogProps {
  file: string;
  /** The user's choice; the dialog is closed by whoever shows it. */
  onChoice(choice: UnsavedChoice): void;
}

/** Save / Don't save / Cancel for unsaved work, before a file is replaced or closed. Enter saves, Escape cancels. */
export function UnsavedDialog({ file, onChoice }: UnsavedDialogProps) {
  const save = useRef<HTMLButtonElement>(null);
  useEffect(() => save.current?.focus(), [file]);
  return (
    <ModalForm title="Save changes?" onSubmit={() => onChoice('save')} onCancel={() => onChoice('cancel')}>
      <p>
        <strong>{file}</strong> has changes that are not saved. Save them first?
      </p>
      <div className="modal-buttons">
        <button type="button" onClick={() => onChoice('cancel')}>
          Cancel
        </button>
        <button type="button" onClick={() => onChoice('discard')}>
          Don't save
        </button>
        <button ref={save} type="submit" className="primary">
          Save
        </button>
      </div>
    </ModalForm>
  );
}
