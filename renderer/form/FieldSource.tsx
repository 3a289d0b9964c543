import { useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import type { FieldSourceDto } from '../../shared/api/index';
import { baseValue, definitionRole, definitionStanding, editTarget, type EditTarget, type SourceChoice } from '../../shared/toolbox/index';
import type { EntryEditor } from './useEntryEditor';
import { focusFormField } from '../ui/focusField';
import './fieldSource.css';

type Definition = FieldSourceDto['definitions'][number];

const fileName = (file: string) => file.slice(Math.max(file.lastIndexOf('/'), file.lastIndexOf('\\')) + 1);

/** Where a definition is: its line here, the included file and line, or the default toolbox. */
function placeOf(d: Definition): string {
  if (d.where === 'here') return `line ${d.range.start.line}`;
  if (d.where === 'include') return `${fileName(d.file)}:${d.range.start.line} (included)`;
  return 'default toolbox';
}

const CHOICE_LABEL: Record<SourceChoice, string> = {
  override: 'Change the override',
  base: 'Change the base',
  both: 'Replace both',
  here: 'Set it in this file',
};
const CHOICE_TITLE: Record<SourceChoice, string> = {
  override: 'Writes the value in place of the substitution: the environment variable (or the key it copies) no longer applies',
  base: 'Changes the value the override replaces: what neuro-san gets while the override finds nothing',
  both: 'One definition with the value; the others are removed from the file',
  here: 'Adds the value to this file, after what the included file sets',
};

/**
 * Every definition of a field that is not simply written once, and — when the one that wins is a substitution or in
 * another file — the choice of which one an edit changes.
 */
export function FieldSourceNote({ name, source, target, choice, onChoose }: { name: string; source: FieldSourceDto; target: EditTarget; choice: SourceChoice | undefined; onChoose(choice: SourceChoice | undefined): void }) {
  return (
    <div className="field-source" role="note" aria-label={`Where ${name} comes from`}>
      <ul>
        {source.definitions.map((d, i) => (
          <li key={i} className={i === source.winner ? 'wins' : undefined}>
            <span className="field-source-place">{placeOf(d)}</span> <code>{d.text}</code> <span className="field-source-role">{definitionRole(d, i, source)}</span>
            {definitionStanding(i, source) === 'wins' && <strong> — wins</strong>}
            {definitionStanding(i, source) === 'overridden' && <span className="hint"> — overridden</span>}
          </li>
        ))}
      </ul>
      {!target.direct && (
        <div className="field-source-choices" role="group" aria-label={`Which definition of ${name} an edit changes`}>
          <span className="hint">{choice ? 'Editing:' : 'To edit, choose:'}</span>
          {target.choices.map((c) => (
            <button key={c} type="button" aria-pressed={choice === c} title={CHOICE_TITLE[c]} onClick={() => onChoose(choice === c ? undefined : c)}>
              {CHOICE_LABEL[c]}
            </button>
          ))}
        </div>
      )}
    </div>
  );
}

/** How a sourced field edits: the note to show, whether the input waits for a choice, the value it shows, its commit. */
export interface SourcedField {
  note: ReactNode;
  /** No edit until the user has chosen which definition. */
  waiting: boolean;
  /** What the field shows: the definition being edited ('base': its own value), else the value the key has. */
  shown<T>(value: T): T | unknown;
  commit(valueText: string | null): boolean;
}

/**
 * What a note folded to one line says (a table cell has no room for the list): the definition that wins when it is
 * not a plain value here, an override that finds nothing, or how many times the key is set.
 */
export function compactSummary(source: FieldSourceDto): string {
  const winner = source.definitions[source.winner];
  if (winner === undefined) {
    const unset = [...source.definitions].reverse().find((d) => d.kind === 'substitution');
    return `${unset?.text ?? 'substitution'}: unset`;
  }
  if (winner.where === 'default') return source.definitions.length > 1 ? `default; ${source.definitions.at(-1)?.text} unset` : 'default toolbox';
  if (winner.where === 'include') return `from ${fileName(winner.file)}`;
  if (winner.kind !== 'value' && winner.kind !== 'object') return `${winner.text} wins`;
  return `set ${source.definitions.length} times`;
}

/**
 * The state of one field with a source (the choice is the form's, per field, until the tool changes). `compact`: a
 * table cell's note, folded to one line. `field`: the input's `data-field` name, which takes the focus once a
 * definition is chosen (the input was disabled until then: what is typed next goes there, its value selected).
 */
export function useSourcedField(editor: EntryEditor, path: string[], name: string, options: { compact?: boolean; field?: string } = {}): SourcedField {
  const source = editor.sourceOf(path);
  const target = editTarget(source);
  const [choice, setChoice] = useState<SourceChoice | undefined>(undefined);
  const active = choice && !target.direct && target.choices.includes(choice) ? choice : undefined;
  const base = active === 'base' && source ? baseValue(source) : undefined;
  const focusField = useRef(false);
  // In the commit that enables the field with the chosen definition's value: a key typed right after the click (on a
  // busy machine, before the next frame) goes to the field, and replaces the value.
  useLayoutEffect(() => {
    if (!focusField.current || active === undefined || options.field === undefined) return;
    focusField.current = false;
    void focusFormField(editor.toolName, options.field, { selectText: true, now: true });
  }, [active, editor.toolName, options.field]);
  const choose = (next: SourceChoice | undefined) => {
    focusField.current = next !== undefined;
    setChoice(next);
  };
  const full = source && <FieldSourceNote name={name} source={source} target={target} choice={active} onChoose={choose} />;
  return {
    note:
      source && options.compact ? (
        <details className="field-source-compact">
          <summary title={`Where ${name} comes from${target.direct || active ? '' : ': open to choose which definition an edit changes'}`}>
            {compactSummary(source)}
            {!target.direct && !active && ' — choose'}
          </summary>
          {full}
        </details>
      ) : (
        full
      ),
    waiting: !target.direct && active === undefined,
    shown: (value) => (base ? base.value : value),
    // After 'both' or 'override' the key has one plain definition: the next edits go to it (see sourceEdits).
    commit: (valueText) => editor.set(path, valueText, active),
  };
}
