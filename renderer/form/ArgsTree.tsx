import { useState } from 'react';
import { CommitInput } from './CommitInput';
import { focusFormField } from '../ui/focusField';
import type { EntryEditor } from './useEntryEditor';
import { descriptionText, leafDisplay, leafText } from './valueText';
import { useSourcedField } from './FieldSource';

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

const isObject = (v: unknown): v is { [key: string]: Json } => typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * `args` as a tree. An object with a `class` is shown as what it is: a nested class neuro-san instantiates with its
 * own `args`. Leaves are edited in place; each edit is one HOCON module edit at that path.
 */
export function ArgsTree({ args, editor, disabled }: { args: unknown; editor: EntryEditor; disabled: boolean }) {
  if (args !== null && args !== undefined && !isObject(args)) return <p className="field-error">args is not a dictionary: {JSON.stringify(args)}</p>;
  return (
    <div className="args-tree" role="tree" aria-label="Arguments">
      <ObjectNode value={args ?? {}} path={['args']} editor={editor} disabled={disabled} />
    </div>
  );
}

function ObjectNode({ value, path, editor, disabled }: { value: { [key: string]: Json }; path: string[]; editor: EntryEditor; disabled: boolean }) {
  const [adding, setAdding] = useState(false);
  const [name, setName] = useState('');
  // A key set only by an unset `${?VAR}` has no value (neuro-san gets none), yet the user wrote it: shown, empty.
  const entries: [string, Json | undefined][] = [...Object.entries(value), ...editor.unsetKeysUnder(path).filter((key) => !Object.hasOwn(value, key)).map((key): [string, undefined] => [key, undefined])];
  return (
    <ul role="group">
      {entries.map(([key, child]) => (
        <li key={key} role="treeitem" aria-label={key}>
          <span className="arg-key">{key}</span>
          {isObject(child) && typeof child.class === 'string' ? (
            <div className="nested-class">
              <span className="hint">instantiates</span>
              <CommitInput label={`${[...path, key].join('.')} class`} value={child.class} disabled={disabled} onCommit={(v) => editor.set([...path, key, 'class'], JSON.stringify(v))} />
              <ObjectNode value={isObject(child.args) ? child.args : {}} path={[...path, key, 'args']} editor={editor} disabled={disabled} />
            </div>
          ) : isObject(child) ? (
            <ObjectNode value={child} path={[...path, key]} editor={editor} disabled={disabled} />
          ) : (
            <ArgLeaf value={child} path={[...path, key]} editor={editor} disabled={disabled} />
          )}
          {!disabled && (
            <button className="icon" aria-label={`Remove ${key}`} title={removeTitle(editor, [...path, key])} onClick={() => editor.remove([...path, key])}>
              ×
            </button>
          )}
        </li>
      ))}
      {!disabled && (
        <li>
          {adding ? (
            <form
              className="inline-form"
              onSubmit={(e) => {
                e.preventDefault();
                const key = name.trim();
                // The new argument's value takes the focus: its name is given, its value is what comes next.
                if (key && editor.set([...path, key], '""')) void focusFormField(editor.toolName, `args:${[...path, key].join('.')}`, { waitForField: true });
                setAdding(false);
                setName('');
              }}
            >
              <input aria-label="Argument name" autoFocus value={name} onChange={(e) => setName(e.target.value)} />
              <button type="submit">Add</button>
            </form>
          ) : (
            <button className="link" onClick={() => setAdding(true)}>
              + argument
            </button>
          )}
        </li>
      )}
    </ul>
  );
}

/** One value of `args`, edited in place; where it is set more than once or from a substitution, the note says so. */
function ArgLeaf({ value, path, editor, disabled }: { value: Json | undefined; path: string[]; editor: EntryEditor; disabled: boolean }) {
  const label = path.join('.');
  const sourced = useSourcedField(editor, path, label, { field: `args:${label}` });
  const shown = sourced.shown(value) as Json | undefined;
  return (
    <span className="arg-value">
      <CommitInput
        label={label}
        // A string keeps its line breaks (written triple-quoted when it has several lines).
        multiline={typeof shown === 'string' ? 'cell' : undefined}
        value={shown === undefined ? '' : leafDisplay(shown)}
        disabled={disabled || sourced.waiting}
        field={`args:${label}`}
        onCommit={(v) => sourced.commit(typeof shown === 'string' && v.includes('\n') ? descriptionText(v) : leafText(v))}
      />
      {sourced.note}
    </span>
  );
}

/** The remove button says what it removes when the key is set more than once. */
function removeTitle(editor: EntryEditor, path: string[]): string | undefined {
  const here = editor.sourceOf(path)?.definitions.filter((d) => d.where === 'here') ?? [];
  return here.length > 1 ? `Removes every definition of ${path.join('.')}: lines ${here.map((d) => d.range.start.line).join(', ')}` : undefined;
}
