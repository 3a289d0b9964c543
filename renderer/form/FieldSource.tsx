import { useState, type ReactNode } from 'react';
import type { FieldSourceDto } from '../../shared/api/index';
import { baseValue, editTarget, type EditTarget, type SourceChoice } from './fieldSourceEdits';
import type { EntryEditor } from './useEntryEditor';

type Definition = FieldSourceDto['definitions'][number];

const fileName = (file: string) => file.slice(Math.max(file.lastIndexOf('/'), file.lastIndexOf('\\')) + 1);

/** Where a definition is: its line here, the included file and line, or the default toolbox. */
function placeOf(d: Definition): string {
  if (d.where === 'here') return `line ${d.range.start.line}`;
  if (d.where === 'include') return `${fileName(d.file)}:${d.range.start.line} (included)`;
  return 'default toolbox';
}

/** What a definition does now, in words: "environment override: TAVILY_MAX_RESULTS unset, keeps 5". */
function roleOf(d: Definition, index: number, source: FieldSourceDto): string {
  const winner = source.definitions[source.winner];
  const reference = d.references[0];
  if (d.kind === 'substitution' && reference?.from === 'environment') {
    if (reference.set) {
      const value = reference.hidden ? 'is set (value not shown: a credential)' : `= ${reference.value}`;
      return `${reference.optional ? 'environment override' : 'from the environment'}: ${reference.name} ${value}`;
    }
    if (!reference.optional) return `from the environment: ${reference.name} is unset (neuro-san cannot load the file)`;
    const keeps = winner !== undefined && source.winner < index ? `keeps ${winner.text}` : 'so the key is not set';
    return `environment override: ${reference.name} unset, ${keeps}`;
  }
  if (d.kind === 'substitution' && reference) return `copies ${reference.name}`;
  if (d.kind === 'expression') {
    return `built from ${d.references.map((r) => (r.from === 'environment' ? `${r.name} (${r.set ? (r.hidden ? 'set' : `= ${r.value}`) : 'unset'})` : r.name)).join(', ')}`;
  }
  if (d.kind === 'append') return 'appends to it';
  if (d.where === 'default') return "the default toolbox's value: an edit writes it in this file";
  return 'written here';
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
            <span className="field-source-place">{placeOf(d)}</span> <code>{d.text}</code> <span className="field-source-role">{roleOf(d, i, source)}</span>
            {i === source.winner && source.definitions.length > 1 && <strong> — wins</strong>}
            {i < source.winner && <span className="hint"> — overridden</span>}
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

/** The state of one field with a source (the choice is the form's, per field, until the tool changes). */
export function useSourcedField(editor: EntryEditor, path: string[], name: string): SourcedField {
  const source = editor.sourceOf(path);
  const target = editTarget(source);
  const [choice, setChoice] = useState<SourceChoice | undefined>(undefined);
  const active = choice && !target.direct && target.choices.includes(choice) ? choice : undefined;
  const base = active === 'base' && source ? baseValue(source) : undefined;
  return {
    note: source && <FieldSourceNote name={name} source={source} target={target} choice={active} onChoose={setChoice} />,
    waiting: !target.direct && active === undefined,
    shown: (value) => (base ? base.value : value),
    // After 'both' or 'override' the key has one plain definition: the next edits go to it (see sourceEdits).
    commit: (valueText) => editor.set(path, valueText, active),
  };
}
