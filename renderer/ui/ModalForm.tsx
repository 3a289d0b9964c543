import type { ReactNode } from 'react';

export interface ModalFormProps {
  /** The dialog's accessible name and heading. */
  title: string;
  /** Enter in a field or the submit button. */
  onSubmit(): void;
  /** Escape. */
  onCancel(): void;
  children: ReactNode;
}

/** A modal dialog that is a form: backdrop, Escape to cancel, Enter to submit, the title as heading and name. */
export function ModalForm({ title, onSubmit, onCancel, children }: ModalFormProps) {
  return (
    <div className="modal-backdrop" onKeyDown={(e) => e.key === 'Escape' && onCancel()}>
      <form
        role="dialog"
        aria-modal="true"
        aria-label={title}
        className="modal"
        onSubmit={(e) => {
          e.preventDefault();
          onSubmit();
        }}
      >
        <h2>{title}</h2>
        {children}
      </form>
    </div>
  );
}
