import type { TemplateDiagnostic } from '../../../shared/jinja/diagnostic';
import type { KeyOrder } from '../../../shared/jinja/environment';
import { UsageError } from '../command';

/**
 * What the template commands (`render`, `catalog`) share: the key-order option and problem lines. Where templates
 * and their includes are read is node/catalog/templateFiles.ts, shared with the app's preview.
 */

/** `FILE:LINE:COLUMN SEVERITY RULE MESSAGE`, as `validate` prints; output positions are labelled `<output>`. */
export function formatTemplateDiagnostic(file: string, d: TemplateDiagnostic): string {
  const where = d.location === 'output' ? '<output>' : file;
  const pos = d.line === undefined ? where : `${where}:${d.line}:${d.column ?? 1}`;
  return `${pos} ${d.severity} ${d.rule} ${d.message}\n`;
}

export function parseKeyOrder(value: string | undefined): KeyOrder {
  if (value === undefined || value === 'sorted') return 'sorted';
  if (value === 'insertion') return 'insertion';
  throw new UsageError(`--key-order must be 'sorted' or 'insertion', not '${value}'`);
}
