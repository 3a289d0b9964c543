import { useEffect, useRef, useState } from 'react';
import { ModalForm } from './ModalForm';

export interface PromptDialogProps {
  title: string;
  label: string;
  initialValue: string;
  actionLabel: string;
  /** Shown under the field (a warning about consequences). */
  warning?: string;
  /** Why the current value cannot be used, or null. */
  validate(value: string): string | null;
  onSubmit(value: string): void;
  onCancel(): void;
}

/** A one-field modal (rename): the app's own, because window.prompt blocks the page and cannot warn inline. */
export function PromptDialog({ title, label, initialValue, actionLabel, warning, validate, onSubmit, onCancel }: PromptDialogProps) {
  const [value, setValue] = useState(initialValue);
  const input = useRef<HTMLInputElement>(null);
  useEffect(() => input.current?.select(), []);
  const problem = validate(value);
  const submit = () => {
    if (!problem) onSubmit(value);
  };
  return (
    <ModalForm title={title} onCancel={onCancel} onSubmit={submit}>
      <label>
        {label}
        <input ref={input} value={value} onChange={(e) => setValue(e.target.value)} spellCheck={false} />
      </label>
      {problem && <p className="hint field-error">{problem}</p>}
      {warning && (
        <p className="hint field-warning" role="alert">
          {warning}
        </p>
      )}
      <div className="modal-buttons">
        <button type="button" onClick={onCancel}>
          Cancel
        </button>
        <button type="submit" className="primary" disabled={problem !== null}>
          {actionLabel}
        </button>
      </div>
    </ModalForm>
  );
}
