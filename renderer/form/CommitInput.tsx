import { useEffect, useState } from 'react';

interface CommitInputProps {
  label: string;
  value: string;
  multiline?: boolean;
  disabled?: boolean;
  placeholder?: string;
  /** Called once the user is done (blur, Enter; Ctrl+Enter in a multi-line field) and the value changed. */
  onCommit(value: string): void;
  describedBy?: string;
}

/**
 * A text field that edits a draft and commits it when the user leaves it, so one edit is one undo step and the
 * file is not rewritten per keystroke. A change in the file (the text editor, undo) replaces the draft.
 */
export function CommitInput({ label, value, multiline, disabled, placeholder, onCommit, describedBy }: CommitInputProps) {
  const [draft, setDraft] = useState(value);
  useEffect(() => setDraft(value), [value]);
  const commit = () => {
    if (draft !== value) onCommit(draft);
  };
  const common = {
    'aria-label': label,
    'aria-describedby': describedBy,
    value: draft,
    disabled,
    placeholder,
    spellCheck: false,
    onBlur: commit,
  };
  return multiline ? (
    <textarea
      {...common}
      rows={Math.min(12, Math.max(3, draft.split('\n').length + 1))}
      onChange={(e) => setDraft(e.target.value)}
      onKeyDown={(e) => {
        if (e.key === 'Enter' && (e.ctrlKey || e.metaKey)) commit();
        if (e.key === 'Escape') setDraft(value);
      }}
    />
  ) : (
    <input
      {...common}
      onChange={(e) => setDraft(e.target.value)}
      onKeyDown={(e) => {
        if (e.key === 'Enter') commit();
        if (e.key === 'Escape') setDraft(value);
      }}
    />
  );
}
