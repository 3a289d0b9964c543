import { useEffect, useRef } from 'react';
import { ModalForm } from '../layout/ModalForm';
import { useUnsavedPrompt } from './unsavedPrompt';

/** Save / Don't save / Cancel for unsaved work, before a file is replaced or closed. Enter saves, Escape cancels. */
export function UnsavedDialog() {
  const asking = useUnsavedPrompt((s) => s.asking);
  const save = useRef<HTMLButtonElement>(null);
  useEffect(() => save.current?.focus(), [asking]);
  if (!asking) return null;
  return (
    <ModalForm title="Save changes?" onSubmit={() => asking.answer('save')} onCancel={() => asking.answer('cancel')}>
      <p>
        <strong>{asking.file}</strong> has changes that are not saved. Save them first?
      </p>
      <div className="modal-buttons">
        <button type="button" onClick={() => asking.answer('cancel')}>
          Cancel
        </button>
        <button type="button" onClick={() => asking.answer('discard')}>
          Don't save
        </button>
        <button ref={save} type="submit" className="primary">
          Save
        </button>
      </div>
    </ModalForm>
  );
}
