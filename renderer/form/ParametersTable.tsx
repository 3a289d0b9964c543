import { useState } from 'react';
import { CommitInput } from './CommitInput';
import type { EntryEditor } from './useEntryEditor';
import { enumText, leafDisplay, leafText } from './valueText';

type Schema = { type?: unknown; properties?: Record<string, Record<string, unknown>>; required?: unknown };

const asSchema = (v: unknown): Schema => (typeof v === 'object' && v !== null && !Array.isArray(v) ? (v as Schema) : {});

/**
 * `parameters` as a table of properties (name, type, description, required, enum, default), with the raw JSON
 * Schema one click away. Every cell edits its own path; the raw view replaces `parameters` as a whole.
 */
export function ParametersTable({ parameters, editor, disabled }: { parameters: unknown; editor: EntryEditor; disabled: boolean }) {
  const [raw, setRaw] = useState(false);
  const schema = asSchema(parameters);
  const properties = schema.properties && typeof schema.properties === 'object' ? schema.properties : {};
  const required = Array.isArray(schema.required) ? (schema.required as unknown[]).filter((r): r is string => typeof r === 'string') : [];
  const props = (name: string) => ['parameters', 'properties', name];
  const setRequired = (names: string[]) => editor.set(['parameters', 'required'], JSON.stringify(names));

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
          value={parameters === undefined || parameters === null ? '' : JSON.stringify(parameters, null, 4)}
          onCommit={(v) => {
            if (v.trim() === '') return editor.set(['parameters'], null);
            try {
              editor.set(['parameters'], JSON.stringify(JSON.parse(v), null, 4).split('\n').join('\n        '));
            } catch (error) {
              window.alert(`Not valid JSON: ${(error as Error).message}`);
            }
          }}
        />
      ) : (
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
            {Object.entries(properties).map(([name, p]) => (
              <tr key={name}>
                <td>
                  <CommitInput label={`${name} name`} value={name} disabled={disabled} onCommit={(v) => v.trim() && editor.rename(props(name), v.trim())} />
                </td>
                <td>
                  <CommitInput label={`${name} type`} value={typeof p.type === 'string' ? p.type : ''} disabled={disabled} onCommit={(v) => editor.set([...props(name), 'type'], v ? JSON.stringify(v) : null)} />
                </td>
                <td>
                  <CommitInput label={`${name} description`} value={typeof p.description === 'string' ? p.description : ''} disabled={disabled} onCommit={(v) => editor.set([...props(name), 'description'], v ? JSON.stringify(v) : null)} />
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
                  <CommitInput
                    label={`${name} enum`}
                    value={Array.isArray(p.enum) ? p.enum.map(String).join(', ') : ''}
                    disabled={disabled}
                    onCommit={(v) => editor.set([...props(name), 'enum'], enumText(v))}
                  />
                </td>
                <td>
                  <CommitInput label={`${name} default`} value={p.default === undefined ? '' : leafDisplay(p.default)} disabled={disabled} onCommit={(v) => editor.set([...props(name), 'default'], v === '' ? null : leafText(v))} />
                </td>
                <td>
                  {!disabled && (
                    <button className="icon" aria-label={`Remove ${name}`} onClick={() => editor.set(props(name), null)}>
                      ×
                    </button>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {!disabled && !raw && (
        <button
          className="link"
          onClick={() => {
            let name = 'new_parameter';
            for (let i = 2; name in properties; i++) name = `new_parameter_${i}`;
            if (schema.type === undefined) editor.set(['parameters'], `{ "type": "object", "properties": { "${name}": { "type": "string", "description": "" } } }`);
            else editor.set([...props(name)], '{ "type": "string", "description": "" }');
          }}
        >
          + parameter
        </button>
      )}
    </div>
  );
}
