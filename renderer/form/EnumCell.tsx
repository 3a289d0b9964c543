import { useEffect, useRef, useState } from 'react';
import { CommitInput } from './CommitInput';

export interface EnumCellProps {
  name: string;
  values: readonly unknown[] | null;
  disabled: boolean;
  onCommit(text: string): boolean | void;
}

/**
 * A parameter's enum: its values as chips that wrap in the cell, so every value reads whole however narrow the
 * column; focus (a click, Tab, a problem shown) turns it into the comma-separated text field, and leaving it turns it
 * back. With no values, the text field is there to type them.
 */
export function EnumCell({ name, values, disabled, onCommit }: EnumCellProps) {
  const [editing, setEditing] = useState(false);
  // The chips' height, kept while the text is edited: the row does not jump when one turns into the other (a click
  // on the button below would otherwise land on whatever moved under the pointer).
  const [height, setHeight] = useState<number | undefined>(undefined);
  const cell = useRef<HTMLSpanElement>(null);
  useEffect(() => {
    if (editing) cell.current?.querySelector<HTMLTextAreaElement>('textarea')?.focus();
  }, [editing]);
  const shown = (values ?? []).map(String);
  const text = shown.join(', ');
  if (!editing && shown.length > 0) {
    return (
      <span className="enum-cell" ref={cell}>
        <button
          type="button"
          className="enum-chips"
          data-field={`parameter:${name}:enum`}
          aria-label={`${name} enum: ${text}`}
          title={disabled ? text : 'The values the LLM may choose from: focus to edit them (comma-separated)'}
          disabled={disabled}
          onFocus={(e) => {
            setHeight(e.currentTarget.offsetHeight);
            setEditing(true);
          }}
        >
          {shown.map((value, i) => (
            <span key={i} className="chip">
              {value}
            </span>
          ))}
        </button>
      </span>
    );
  }
  return (
    <span
      className="enum-cell"
      ref={cell}
      style={editing ? { minHeight: height } : undefined}
      onBlur={(e) => {
        if (!e.currentTarget.contains(e.relatedTarget as Node | null)) setEditing(false);
      }}
    >
      <CommitInput label={`${name} enum`} multiline="cell" value={text} disabled={disabled} field={`parameter:${name}:enum`} placeholder="a, b, c" onCommit={(v) => onCommit(v)} />
    </span>
  );
}
