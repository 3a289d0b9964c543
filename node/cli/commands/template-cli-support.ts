import path from 'node:path';
import { ApiError } from '../../../shared/api/contract';
import type { TemplateDiagnostic } from '../../../shared/jinja/diagnostic';
import type { KeyOrder } from '../../../shared/jinja/environment';
import { TemplateError } from '../../../shared/jinja/errors';
import { NotAFileError, readTextFileSync } from '../../files/textFiles';
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

/**
 * `{% include %}` reads files next to the template, as every file is read (strict UTF-8, as Jinja2's loader decodes
 * too): a missing file or a folder is "template not found", a file that cannot be read is an error at the include.
 */
export function loaderFor(templatePath: string): (name: string) => string | undefined {
  const dir = path.dirname(templatePath);
  return (name) => {
    try {
      return readTextFileSync(path.resolve(dir, name)).text;
    } catch (error) {
      if (error instanceof NotAFileError || (error instanceof ApiError && error.code === 'not_found')) return undefined;
      throw new TemplateError('loader', (error as Error).message);
    }
  };
}

