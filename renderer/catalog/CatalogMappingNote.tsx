/**
 * How the toolbox becomes the catalog's tool list (the same rule as shared/catalog/mapping.ts and docs/app.md, "The catalog preview"), so an
 * author can tell what in the file produced what in the preview.
 */
export function CatalogMappingNote() {
  return (
    <details className="hint catalog-mapping">
      <summary>How tools become catalog entries</summary>
      <ul>
        <li>
          <code>name</code>: the entry&apos;s key
        </li>
        <li>
          <code>description</code>: the entry&apos;s <code>description</code>
        </li>
        <li>
          <code>input</code>: <code>parameters.properties</code> as {'{'}name: type{'}'}, <code>{'{}'}</code> when there are none
        </li>
        <li>
          <code>output</code>: <code>&quot;string&quot;</code> (a toolbox file has no field for it)
        </li>
        <li>
          <code>type</code>: <code>&quot;agent&quot;</code> when <code>display_as</code> is <code>llm_agent</code> or <code>external_agent</code>, else{' '}
          <code>&quot;code&quot;</code>
        </li>
        <li>
          A LangChain tool&apos;s description and input live in its Python class: they read <code>&lt;unknown until the tool class is loaded&gt;</code>{' '}
          until the Test run pane has loaded the class.
        </li>
      </ul>
    </details>
  );
}
