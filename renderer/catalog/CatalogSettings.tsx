import { useEffect, useState } from 'react';
import type { CatalogState, KeyOrder } from './catalogStore';

type Settings = Pick<CatalogState, 'templatePath' | 'keyOrder' | 'vars' | 'setTemplatePath' | 'setKeyOrder' | 'setVars'>;

/** Which template renders the catalog, how keys are ordered, and the extra variables a template may use. */
export function CatalogSettings({ settings, templateInUse, templateDescription }: { settings: Settings; templateInUse: string | null; templateDescription: string | null }) {
  const [draftPath, setDraftPath] = useState(settings.templatePath);
  useEffect(() => setDraftPath(settings.templatePath), [settings.templatePath]);
  const applyPath = () => {
    if (draftPath !== settings.templatePath) settings.setTemplatePath(draftPath);
  };
  const { vars } = settings;
  const setVar = (index: number, change: Partial<{ name: string; value: string }>) =>
    settings.setVars(vars.map((v, i) => (i === index ? { ...v, ...change } : v)));

  // Folded until opened: its summary already says which template and key order are in use, and at 1280×800 the open
  // settings pushed the rendered catalog below the pane's fold.
  return (
    <details className="catalog-settings">
      <summary title={templateDescription ?? undefined}>
        Template: <span title={templateInUse ?? 'toolbox_catalog.jinja2'}>{settings.templatePath ? settings.templatePath : 'default'}</span> · keys{' '}
        {settings.keyOrder}
      </summary>
      {/* What the template is for, in its own words (its first comment): read when choosing one, not while reading the catalog. */}
      {templateDescription && <p className="hint">{templateDescription}</p>}
      <div className="field-row">
        <label htmlFor="catalog-template">Template file</label>
        <input
          id="catalog-template"
          placeholder="default template"
          value={draftPath}
          onChange={(e) => setDraftPath(e.target.value)}
          onBlur={applyPath}
          onKeyDown={(e) => e.key === 'Enter' && applyPath()}
        />
        {settings.templatePath && <button onClick={() => settings.setTemplatePath('')}>Default</button>}
      </div>
      <div className="field-row">
        <label htmlFor="catalog-key-order">Key order</label>
        <select id="catalog-key-order" value={settings.keyOrder} onChange={(e) => settings.setKeyOrder(e.target.value as KeyOrder)}>
          <option value="sorted">sorted (Jinja2 tojson)</option>
          <option value="insertion">insertion</option>
        </select>
      </div>
      {vars.map((v, i) => (
        <div className="field-row" key={i}>
          <input aria-label={`Variable ${i + 1} name`} placeholder="name" value={v.name} onChange={(e) => setVar(i, { name: e.target.value })} />
          <input aria-label={v.name ? `Variable ${v.name}` : `Variable ${i + 1} value`} placeholder="value" value={v.value} onChange={(e) => setVar(i, { value: e.target.value })} />
          <button aria-label={`Remove variable ${v.name || i + 1}`} onClick={() => settings.setVars(vars.filter((_, j) => j !== i))}>
            ×
          </button>
        </div>
      ))}
      <button onClick={() => settings.setVars([...vars, { name: vars.some((v) => v.name === 'task') ? '' : 'task', value: '' }])}>Add variable</button>
    </details>
  );
}
