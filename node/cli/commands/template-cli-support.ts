import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { TemplateDiagnostic } from '../../../shared/jinja/diagnostic';
import type { KeyOrder } from '../../../shared/jinja/environment';
import { UsageError } from '../command';

/** What the template commands (`render`, `catalog`) share: key-order option, include loader, problem lines. */

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

/** `{% include %}` reads files next to the template. */
export function loaderFor(templatePath: string): (name: string) => string | undefined {
  const dir = path.dirname(templatePath);
  return (name) => {
    const file = path.resolve(dir, name);
    return existsSync(file) ? readFileSync(file, 'utf8') : undefined;
  };
}

