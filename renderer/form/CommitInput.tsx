import { createContext, useContext, useEffect, useId, useRef, useState } from 'react';
import { usePendingEdits } from '../state/pendingEdits';
import { DOCUMENT_FIELD_ATTRIBUTE } from '../editor/undoShortcuts';

/**
 * The analysis the form's values come from, while it is of the current text (null while it lags behind): each new
 * one puts the document's value back in a field the user is not typing in, even when it equals the value the field
 * showed before (an undo right after typing takes the field back to a value the form never stopped showing).
 */
export const DocumentVersion = createContext<unknown>(null);

/** The pause after a keystroke before the field writes the document (a burst of typing is one write, one undo step). */
export const FIELD_WRITE_DELAY_MS = 120;

interface CommitInputProps {
  label: string;
  value: string;
  /**
   * true: a multi-line editor (line breaks kept); 'cell': the same in a table cell, one line tall until the text
   * has several lines. Either grows with its content.
   */
  multiline?: boolean | 'cell';
  disabled?: boolean;
  placeholder?: string;
  /**
   * Writes the value to the document: called as the user types (after a short pause), when the field loses focus,
   * and before a save, run, close or tool switch. `previous` is the value this field last wrote (or showed when the
   * user started). Returns false when the edit was refused (the field then shows the document's value again).
   */
  onCommit(value: string, previous: string): boolean | void;
  /** Why the text cannot be written yet (shown under the field; nothing is written until it can), or null. */
  validate?(value: string): string | null;
  describedBy?: string;
  /** Names the field for "reveal this problem" (data-field). */
  field?: string;
  /** The id of a <datalist> of suggestions (a one-line field only). */
  list?: string;
}

/**
 * A form field that edits the document as the user types, like the HOCON tab: each pause in the typing writes it
 * (one undo step per burst), so the unsaved marker, the catalog preview and the problems follow at once. While the
 * user is in the field it is the source of truth (the analysis of the text it wrote may still be on its way); when
 * the user is elsewhere, a change of the document (the text editor, undo) replaces what it shows.
 *
 * Until the user types, the field shows `value` as rendered (no later render to catch up): a field enabled with a new
 * value (a source choice) has it as it takes the focus, selected. While the field has the focus it stays the same
 * element (one line or several), whatever the value becomes: drawn anew, it would lose the focus and the keys typed.
 */
export function CommitInput({ label, value, multiline, disabled, placeholder, onCommit, validate, describedBy, field, list }: CommitInputProps) {
  const pendingEdits = usePendingEdits();
  // What the user typed, shown until the document's value (or version) changes while they are not typing; null: the value.
  const [draft, setDraft] = useState<string | null>(null);
  // The element it was when it took the focus, kept until it loses it (an arg typed from a string to a number, or
  // into an unset `${?VAR}`'s field, changes `multiline` when the analysis of what was typed lands).
  const [focusedShape, setFocusedShape] = useState<{ multiline: CommitInputProps['multiline'] } | null>(null);
  const shape = focusedShape ? focusedShape.multiline : multiline;
  const id = useId();
  const editing = useRef(false);
  const pending = useRef<string | null>(null);
  const written = useRef(value);
  const session = useRef(0);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  // Kept current for the flush registered once (it may run from a toolbar button's handler).
  const latest = useRef({ onCommit, validate, value });
  latest.current = { onCommit, validate, value };

  const flush = useRef(() => {
    clearTimeout(timer.current);
    const next = pending.current;
    if (next === null) return;
    pending.current = null;
    const { onCommit: commit, validate: check, value: shown } = latest.current;
    if (next === written.current || check?.(next)) return;
    const ok = pendingEdits.inBurst(`${id}#${session.current}`, () => commit(next, written.current));
    if (ok === false) {
      setDraft(null);
      written.current = shown;
    } else written.current = next;
  }).current;

  useEffect(() => pendingEdits.register(flush), [pendingEdits, flush]);
  // Leaving the form (another tool, the file closed) writes what was typed.
  useEffect(() => () => flush(), [flush]);
  const version = useContext(DocumentVersion);
  useEffect(() => {
    if (editing.current || pending.current !== null) return;
    setDraft(null);
    written.current = value;
  }, [value, version]);
  /** Ctrl+Z, Ctrl+Shift+Z, Ctrl+Y: the document's undo (undoShortcuts.ts) takes the burst back; the field then shows the document again. */
  const undoKey = (e: { key: string; ctrlKey: boolean; metaKey: boolean; altKey: boolean }) => {
    if (!(e.ctrlKey || e.metaKey) || e.altKey || !/^[zy]$/i.test(e.key)) return false;
    flush();
    editing.current = false;
    return true;
  };

  const change = (next: string) => {
    setDraft(next);
    if (!editing.current) {
      editing.current = true;
      session.current++;
    }
    pending.current = next;
    clearTimeout(timer.current);
    timer.current = setTimeout(flush, FIELD_WRITE_DELAY_MS);
  };
  const leave = () => {
    flush();
    editing.current = false;
    pendingEdits.endTypingBurst();
    setFocusedShape(null);
  };
  const text = draft ?? value;
  const problem = validate?.(text) ?? null;
  const common = {
    'aria-label': label,
    'aria-describedby': describedBy,
    'aria-invalid': problem !== null || undefined,
    'data-field': field,
    [DOCUMENT_FIELD_ATTRIBUTE]: '',
    value: text,
    disabled,
    placeholder,
    spellCheck: false,
    onFocus: () => setFocusedShape({ multiline: shape }),
    onBlur: leave,
  };
  const input = shape ? (
    <textarea
      {...common}
      className={shape === 'cell' ? 'cell-text' : 'multi-line'}
      rows={shape === 'cell' ? 1 : 3}
      onChange={(e) => change(e.target.value)}
      title={shape === 'cell' ? 'Shift+Enter: a new line' : undefined}
      onKeyDown={(e) => {
        if (undoKey(e)) return;
        if (e.key === 'Enter' && (e.ctrlKey || e.metaKey)) flush();
        // In a table cell Enter is done (as in a one-line cell); Shift+Enter breaks the line.
        if (shape === 'cell' && e.key === 'Enter' && !e.shiftKey && !e.ctrlKey && !e.metaKey && !e.altKey) {
          e.preventDefault();
          flush();
        }
      }}
    />
  ) : (
    <input
      {...common}
      list={list}
      onChange={(e) => change(e.target.value)}
      onKeyDown={(e) => {
        if (undoKey(e)) return;
        if (e.key === 'Enter') flush();
      }}
    />
  );
  // The same element tree with or without a problem: a field must not lose focus when its text becomes invalid.
  if (!validate) return input;
  return (
    <span className="field-with-problem">
      {input}
      {problem && (
        <span className="hint field-error" role="alert">
          {problem}
        </span>
      )}
    </span>
  );
}
