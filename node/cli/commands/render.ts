import path from 'node:path';
import { renderTemplateWithContract } from '../../../shared/catalog/renderCatalog';
import { readJson } from '../../../shared/pyvalue/jsonRead';
import type { PyValue } from '../../../shared/pyvalue/types';
import { readTextFileSync } from '../../files/textFiles';
import { parseCommandLine, UsageError, type CliCommand } from '../command';
import { formatTemplateDiagnostic, parseKeyOrder } from './templateCliSupport';
import { MAX_TEMPLATE_BYTES, templateLoader } from '../../catalog/templateFiles';

export const renderCommand: CliCommand = {
  name: 'render',
  usage: [
    'Usage: toolbox-editor render TEMPLATE --context FILE.json [--key-order sorted|insertion]',
    '',
    'Prints exactly the rendered text (nothing appended). The context is a JSON object read losslessly:',
    '1.0 stays a float, integers beyond 2^53 stay exact, NaN/Infinity are accepted as Python writes them.',
    "If the template declares {# expected_format: REGEX #}, the output is checked (like Python's re.search).",
    'Problems go to stderr, before the output, as FILE:LINE:COLUMN SEVERITY RULE MESSAGE; exit 1 when any is an error.',
    '',
    'Options:',
    '  --context FILE.json   the template variables (a JSON object)',
    "  --key-order ORDER     tojson key order: 'sorted' (Jinja2's default) or 'insertion'",
  ].join('\n'),
  async run(args, io) {
    const parsed = parseCommandLine(args, { context: { type: 'string' }, 'key-order': { type: 'string' } });
    if (parsed.positionals.length !== 1) throw new UsageError('give exactly one TEMPLATE');
    if (parsed.values.context === undefined) throw new UsageError('--context FILE.json is required');
    const keyOrder = parseKeyOrder(parsed.values['key-order']);
    const templatePath = path.resolve(io.cwd, parsed.positionals[0]!);
    const contextPath = path.resolve(io.cwd, parsed.values.context);
    // Read as every file is: strict UTF-8 (Python would fail to decode too), plain words when it cannot be read.
    const template = readTextFileSync(templatePath, MAX_TEMPLATE_BYTES).text;
    const contextResult = readJson(readTextFileSync(contextPath).text);
    if (!contextResult.ok) {
      const e = contextResult.error;
      io.stderr(`${parsed.values.context}:${e.line}:${e.column} error context-json ${e.message}\n`);
      return 1;
    }
    if (!(contextResult.value instanceof Map)) {
      io.stderr(`${parsed.values.context}:1:1 error context-json the context must be a JSON object\n`);
      return 1;
    }
    const vars = new Map<string, PyValue>();
    for (const [k, v] of contextResult.value) vars.set(String(k), v);
    const result = renderTemplateWithContract(template, vars, { keyOrder, loader: templateLoader(templatePath) });
    // Problems first: the output often ends without a newline, and a line after it would start on its last line.
    for (const d of result.diagnostics) io.stderr(formatTemplateDiagnostic(parsed.positionals[0]!, d));
    if (result.ok) io.stdout(result.text);
    return result.diagnostics.some((d) => d.severity === 'error') ? 1 : 0;
  },
};
