import path from 'node:path';
import { ApiError } from '../../../shared/api/index';
import type { TemplateDiagnostic } from '../../../shared/jinja/diagnostic';
import type { KeyOrder } from '../../../shared/jinja/environment';
import { TemplateError } from '../../../shared/jinja/errors';
import { MAX_SMALL_TEXT_FILE_BYTES, NotAFileError, readTextFileSync } from '../../files/textFiles';
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
 * `{% include %}` reads files from the template's folder only, as Jinja2's FileSystemLoader searches its path: the
 * name is split at '/', empty and '.' parts dropped, and a name with a '..' part is not found (so '/etc/passwd' is
 * looked for as `<folder>/etc/passwd`). Files are read as every file is (strict UTF-8, as Jinja2's loader decodes
 * too; regular files only): a missing file or a folder is "template not found", a file that cannot be read is an
 * error at the include.
 */
export function loaderFor(templatePath: string): (name: string) => string | undefined {
  const dir = path.dirname(templatePath);
  return (name) => {
    const parts = name.split('/').filter((part) => part !== '' && part !== '.');
    if (parts.length === 0 || parts.some((part) => part === '..' || part.includes('\\') || part.includes('\0'))) return undefined;
    try {
      return readTextFileSync(path.join(dir, ...parts), MAX_SMALL_TEXT_FILE_BYTES).text;
    } catch (error) {
      if (error instanceof NotAFileError || (error instanceof ApiError && error.code === 'not_found')) return undefined;
      throw new TemplateError('loader', (error as Error).message);
    }
  };
}

