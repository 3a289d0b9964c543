import path from 'node:path';
import { ApiError } from '../../shared/api/index';
import { TemplateError } from '../../shared/jinja/errors';
import { MAX_SMALL_TEXT_FILE_BYTES, NotAFileError, readTextFileSync } from '../files/textFiles';
import { resourcesDir } from '../paths';

/**
 * Where templates come from on disk, the same for the app's catalog preview (`catalog.render`, `catalog.tokens`) and
 * the CLI's `catalog` and `render`: one template path rule, one size bound, one `{% include %}` loader.
 */

/** A template, and each file it includes, is read up to this size (it is text a person wrote). */
export const MAX_TEMPLATE_BYTES = MAX_SMALL_TEXT_FILE_BYTES;

/** The template named (relative to `cwd`), else the app's own catalog template. */
export function catalogTemplatePath(cwd: string, named: string | undefined): string {
  return named ? path.resolve(cwd, named) : path.join(resourcesDir(), 'toolbox_catalog.jinja2');
}

/**
 * `{% include %}` reads files from the template's folder only, as Jinja2's FileSystemLoader searches its path: the
 * name is split at '/', empty and '.' parts dropped, and a name with a '..' part is not found (so '/etc/passwd' is
 * looked for as `<folder>/etc/passwd`). Files are read as every file is (strict UTF-8, as Jinja2's loader decodes
 * too; regular files only; at most MAX_TEMPLATE_BYTES): a missing file or a folder is "template not found", a file
 * that cannot be read is an error at the include.
 *
 * Each name is read once per loader: token counts render the catalog once per tool with the same loader, and
 * Jinja2 too keeps a loaded template while its file is unchanged.
 */
export function templateLoader(templatePath: string): (name: string) => string | undefined {
  const dir = path.dirname(templatePath);
  const read = new Map<string, { text: string | undefined } | { error: TemplateError }>();
  const readOnce = (name: string) => {
    const parts = name.split('/').filter((part) => part !== '' && part !== '.');
    if (parts.length === 0 || parts.some((part) => part === '..' || part.includes('\\') || part.includes('\0'))) return { text: undefined };
    try {
      return { text: readTextFileSync(path.join(dir, ...parts), MAX_TEMPLATE_BYTES).text };
    } catch (error) {
      if (error instanceof NotAFileError || (error instanceof ApiError && error.code === 'not_found')) return { text: undefined };
      return { error: new TemplateError('loader', (error as Error).message) };
    }
  };
  return (name) => {
    let known = read.get(name);
    if (known === undefined) {
      known = readOnce(name);
      read.set(name, known);
    }
    if ('error' in known) throw known.error;
    return known.text;
  };
}
