import type { FieldSpec, FieldValues } from './argumentForm';

/**
 * The form generated from a tool's `parameters`. A field the user has not touched is unset (not sent) and shows the
 * schema's default as its placeholder; "Unset" returns a field to that state — an emptied text box sends "".
 */
export function ArgumentForm({ fields, values, onChange }: { fields: FieldSpec[]; values: FieldValues; onChange(values: FieldValues): void }) {
  const setValue = (name: string, raw: string) => onChange({ ...values, [name]: raw });
  const unset = (name: string) => {
    const next = { ...values };
    delete next[name];
    onChange(next);
  };
  return (
    <div className="argument-form">
      {fields.map((field) => {
        const id = `arg-${field.name}`;
        const isSet = Object.prototype.hasOwnProperty.call(values, field.name);
        const raw = values[field.name] ?? '';
        const placeholder = field.defaultText !== null ? `default ${field.defaultText} (not sent)` : 'not sent';
        let input;
        if (field.kind === 'enum' || field.kind === 'boolean') {
          input = (
            <select id={id} aria-required={field.required} value={isSet ? raw : ''} onChange={(e) => (e.target.value === '' ? unset(field.name) : setValue(field.name, e.target.value))}>
              <option value="">{placeholder}</option>
              {field.options.map((option) => (
                <option key={JSON.stringify(option)} value={JSON.stringify(option)}>
                  {typeof option === 'string' ? option : JSON.stringify(option)}
                </option>
              ))}
            </select>
          );
        } else if (field.kind === 'json') {
          input = <textarea id={id} aria-required={field.required} rows={2} placeholder={`${placeholder} — JSON`} value={raw} onChange={(e) => setValue(field.name, e.target.value)} />;
        } else {
          input = (
            <input
              id={id}
              aria-required={field.required}
              inputMode={field.kind === 'string' ? undefined : 'decimal'}
              placeholder={placeholder}
              value={raw}
              // A number box emptied again has nothing to send: it goes back to unset.
              onChange={(e) => (field.kind !== 'string' && e.target.value === '' ? unset(field.name) : setValue(field.name, e.target.value))}
            />
          );
        }
        return (
          <div className={`form-field${isSet ? ' is-set' : ''}`} key={field.name}>
            {/* The label is the property name alone; the required mark and the type sit beside it. */}
            <div className="field-label">
              <label htmlFor={id} title={field.description ?? undefined}>
                {field.name}
              </label>
              {field.required && (
                <span className="required" title="required">
                  *
                </span>
              )}
              <span className="hint"> {field.kind}</span>
            </div>
            <div className="field-row">
              {input}
              {isSet && (
                <button aria-label={`Unset ${field.name}`} title="Unset: do not send this field" onClick={() => unset(field.name)}>
                  ×
                </button>
              )}
            </div>
            {field.description && <div className="hint">{field.description}</div>}
          </div>
        );
      })}
    </div>
  );
}
