/**
 * Renders the toolbox catalog the way the Python system would, and checks the result against the template's
 * contract. This is what the `catalog` CLI command and the preview pane call.
 */
import type { TemplateDiagnostic } from '../jinja/diagnostic';
import { JinjaEnvironment, type KeyOrder } from '../jinja/environment';
import type { PyValue } from '../pyvalue/types';
import { checkCatalogRules, checkExpectedFormat, type MatchMode } from './contract';
import { mapToolsToCatalog, type CatalogToolSource } from './mapping';
import { readTemplateMetadata, type TemplateMetadata } from './metadata';

export interface RenderCatalogRequest {
  /** The template's text (the default is resources/toolbox_catalog.jinja2). */
  template: string;
  tools: CatalogToolSource[];
  /** Further variables, e.g. `task` for a tools_picker prompt. `tools` is always the mapped list. */
  vars?: Map<string, PyValue> | Record<string, PyValue>;
  /** Defaults to 'sorted' (what Python Jinja2 does by default). */
  keyOrder?: KeyOrder;
  /** How expected_format is applied; defaults to 'search'. */
  matchMode?: MatchMode;
  /** Check the spec's catalog rules (prefix, JSON, tools array, keys); defaults to true. */
  catalogRules?: boolean;
  /** Source of templates for `{% include %}`. */
  loader?: (name: string) => string | undefined;
}

export interface RenderCatalogResult {
  /** Exactly the rendered bytes ('' when rendering failed). */
  text: string;
  /** Every problem: template errors, contract violations, unknown values. */
  diagnostics: TemplateDiagnostic[];
  metadata: TemplateMetadata;
  /** The `tools` value the template saw. */
  tools: PyValue[];
}

export function renderCatalog(request: RenderCatalogRequest): RenderCatalogResult {
  const metadata = readTemplateMetadata(request.template);
  const mapping = mapToolsToCatalog(request.tools);
  const vars = new Map<string, PyValue>(request.vars instanceof Map ? request.vars : Object.entries(request.vars ?? {}));
  vars.set('tools', mapping.tools);
  const env = new JinjaEnvironment({ keyOrder: request.keyOrder ?? 'sorted', loader: request.loader });
  const rendered = env.render(request.template, vars);
  const diagnostics: TemplateDiagnostic[] = [...rendered.diagnostics, ...metadata.diagnostics];
  for (const u of mapping.unknown) {
    diagnostics.push({
      severity: 'warning',
      rule: 'catalog-unknown-value',
      tool: u.name,
      message: `tool '${u.name}': ${u.field} is unknown until its class is loaded (${u.reason}); the preview shows a placeholder`,
    });
  }
  if (rendered.ok) {
    diagnostics.push(...checkExpectedFormat(metadata, rendered.text, request.matchMode));
    if (request.catalogRules ?? true) diagnostics.push(...checkCatalogRules(rendered.text));
  }
  return { text: rendered.text, diagnostics, metadata, tools: mapping.tools };
}

/** Renders any template (no catalog rules) and checks its expected_format, if it declares one. */
export function renderTemplateWithContract(
  template: string,
  vars: Map<string, PyValue> | Record<string, PyValue>,
  options: { keyOrder?: KeyOrder; matchMode?: MatchMode; loader?: (name: string) => string | undefined } = {},
): { text: string; ok: boolean; diagnostics: TemplateDiagnostic[]; metadata: TemplateMetadata } {
  const metadata = readTemplateMetadata(template);
  const env = new JinjaEnvironment({ keyOrder: options.keyOrder ?? 'sorted', loader: options.loader });
  const rendered = env.render(template, vars);
  const diagnostics = [...rendered.diagnostics, ...metadata.diagnostics];
  if (rendered.ok) diagnostics.push(...checkExpectedFormat(metadata, rendered.text, options.matchMode));
  return { text: rendered.text, ok: rendered.ok, diagnostics, metadata };
}
