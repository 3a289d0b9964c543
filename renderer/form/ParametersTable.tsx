import { useId, useState } from 'react';
import { CommitInput } from './CommitInput';
import { EnumCell } from './EnumCell';
import { focusFormField } from '../ui/focusField';
import { removeParameter, removeRequiredName, renameParameter } from './parameterEdits';
import { SourcedCell } from './SourcedCell';
import type { EntryEditor } from './useEntryEditor';
import { descriptionText, enumText, leafDisplay, leafText, withIndent, withoutIndent } from './valueText';

type Schema = { type?: unknown; properties?: Record<string, Record<string, unknown>>; required?: unknown };

const asSchema = (v: unknown): Schema => (typeof v === 'object' && v !== null && !Array.isArray(v) ? (v as Schema) : {});

const NEW_PROPERTY = '{ "type": "string", "description": "" }';

/**
 * `parameters` as a table of properties (name, type, description, required, enum, default), with the raw JSON
 * Schema one click away. Every cell edits its own path as the user types; renaming or removing a parameter keeps
 * `required` in step, and a name `required` lists without a property has its fixes here. A cell whose key is set
 * more than once, by a substitution or in another file, says so under it (folded) and asks which definition an edit
 * changes, as the form's fields do. The raw view replaces `parameters` as a whole. What the table and the raw view
 * write is one line; the HOCON module lays it out as the text around it is (one key per line where it is).
 */
export function ParametersTable({ parameters, editor, disabled, typeNames }: { parameters: unknown; editor: EntryEditor; disabled: boolean; typeNames: readonly string[] }) {
  const [raw, setRaw] = useState(false);
  const schema = asSchema(parameters);
  const properties = schema.properties && typeof schema.properties === 'object' ? schema.properties : {};
  const names = Object.keys(properties);
  const required = Array.isArray(schema.required) ? (schema.required as unknown[]).filter((r): r is string => typeof r === 'string') : [];
  const stale = required.filter((r) => !names.includes(r));
  const props = (name: string) => ['parameters', 'properties', name];
  const typeListId = `parameter-types-${useId()}`;
  const setRequired = (list: string[]) => editor.set(['parameters', 'required'], JSON.stringify(list));

  return (
    <div className="parameters">
      <div className="parameters-header">
        <button aria-pressed={raw} onClick={() => setRaw(!raw)}>
          {raw ? 'Table' : 'Raw JSON Schema'}
        </button>
      </div>
      {raw ? (
        <CommitInput
          label="Raw JSON Schema"
          multiline
          disabled={disabled}
          field="parameters"
          value={parameters === undefined || parameters === null ? '' : JSON.stringify(parameters, null, 4)}
          validate={(v) => {
            if (v.trim() === '') return 'Empty: write a JSON Schema object (nothing is written meanwhile).';
            try {
              JSON.parse(v);
              return null;
            } catch (error) {
              return `Not valid JSON yet (nothing is written meanwhile): ${(error as Error).message}`;
            }
          }}
          onCommit={(v) => editor.set(['parameters'], JSON.stringify(JSON.parse(v)))}
        />
      ) : (
        <>
          {/* The Type cells' suggestions: what neuro-san reads at the file's version (typing any other name stays possible). */}
          <datalist id={typeListId}>
            {typeNames.map((t) => (
              <option key={t} value={t} />
            ))}
          </datalist>
          <table aria-label="Parameters">
            <thead>
              <tr>
                <th>Name</th>
                <th>Type</th>
                <th>Description</th>
                <th>Required</th>
                <th>Enum</th>
                <th>Default</th>
                <th />
              </tr>
            </thead>
            <tbody>
              {Object.entries(properties).map(([name, p], index) => (
                // Keyed by position: a rename typed in the name cell keeps the row (and the focus) where it is.
                <tr key={index} data-parameter={name}>
                  <td>
                    <CommitInput
                      label={`${name} name`}
                      value={name}
                      disabled={disabled}
                      field={`parameter:${name}:name`}
                      validate={(v) => (v.trim() === '' ? 'A parameter needs a name.' : v !== name && names.includes(v) ? `There is already a parameter named ${v}.` : null)}
                      onCommit={(v, previous) => editor.edit((text, tool) => renameParameter(text, tool, previous, v))}
                    />
                  </td>
                  <td>
                    <SourcedCell editor={editor} path={[...props(name), 'type']} label={`${name} type`} field={`parameter:${name}:type`}>
                      {(s) => <CommitInput label={`${name} type`} list={typeListId} value={String(s.shown(typeof p.type === 'string' ? p.type : ''))} disabled={disabled || s.waiting} field={`parameter:${name}:type`} onCommit={(v) => s.commit(v ? JSON.stringify(v) : null)} />}
                    </SourcedCell>
                  </td>
                  <td>
                    <SourcedCell editor={editor} path={[...props(name), 'description']} label={`${name} description`} field={`parameter:${name}:description`}>
                      {(s) => {
                        // A triple-quoted description keeps the file's indentation in its value: shown without it.
                        const { shown, indent } = withoutIndent(String(s.shown(typeof p.description === 'string' ? p.description : '')));
                        return (
                          <CommitInput
                            label={`${name} description`}
                            multiline="cell"
                            value={shown}
                            disabled={disabled || s.waiting}
                            field={`parameter:${name}:description`}
                            onCommit={(v) => s.commit(descriptionText(withIndent(v, indent)))}
                          />
                        );
                      }}
                    </SourcedCell>
                  </td>
                  <td>
                    <input
                      type="checkbox"
                      aria-label={`${name} required`}
                      disabled={disabled}
                      checked={required.includes(name)}
                      onChange={(e) => setRequired(e.target.checked ? [...required, name] : required.filter((r) => r !== name))}
                    />
                  </td>
                  <td>
                    <SourcedCell editor={editor} path={[...props(name), 'enum']} label={`${name} enum`} field={`parameter:${name}:enum`}>
                      {(s) => {
                        const values = s.shown(p.enum);
                        return <EnumCell name={name} values={Array.isArray(values) ? values : null} disabled={disabled || s.waiting} onCommit={(v) => s.commit(enumText(v))} />;
                      }}
                    </SourcedCell>
                  </td>
                  <td>
                    <SourcedCell editor={editor} path={[...props(name), 'default']} label={`${name} default`} field={`parameter:${name}:default`}>
                      {(s) => {
                        const value = s.shown(p.default);
                        return <CommitInput label={`${name} default`} value={value === undefined ? '' : leafDisplay(value)} disabled={disabled || s.waiting} field={`parameter:${name}:default`} onCommit={(v) => s.commit(v === '' ? null : leafText(v))} />;
                      }}
                    </SourcedCell>
                  </td>
                  <td>
                    {!disabled && (
                      <button className="icon" aria-label={`Remove ${name}`} title="Removes the parameter (and its name from required)" onClick={() => editor.edit((text, tool) => removeParameter(text, tool, name))}>
                        ×
                      </button>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </>
      )}
      {!raw && stale.length > 0 && (
        <ul className="stale-required" aria-label="Required names without a parameter" data-field="parameters:required">
          {stale.map((name) => (
            <li key={name} className="field-error">
              <span>
                <code>required</code> lists <code>{name}</code>, which is not a parameter.
              </span>{' '}
              {!disabled && (
                <>
                  <button onClick={() => editor.edit((text, tool) => removeRequiredName(text, tool, name))}>Remove {name} from required</button>{' '}
                  <button onClick={() => editor.set([...props(name)], NEW_PROPERTY)}>Add parameter {name}</button>
                </>
              )}
            </li>
          ))}
        </ul>
      )}
      {!disabled && !raw && (
        <button
          className="link"
          onClick={() => {
            let name = 'new_parameter';
            for (let i = 2; name in properties; i++) name = `new_parameter_${i}`;
            const added = schema.type === undefined ? editor.set(['parameters'], `{ "type": "object", "properties": { "${name}": ${NEW_PROPERTY} } }`) : editor.set([...props(name)], NEW_PROPERTY);
            // The new row's name, selected: typing names it (the row shows once the analysis of the edit is back).
            if (added) void focusFormField(editor.toolName, `parameter:${name}:name`, { selectText: true, waitForField: true });
          }}
        >
          + parameter
        </button>
      )}
    </div>
  );
}
