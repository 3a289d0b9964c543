import { catalogSourcesFromTools } from '../../../shared/catalog/fromToolbox';
import { renderCatalog } from '../../../shared/catalog/renderCatalog';
import { readTextFileSync } from '../../files/textFiles';
import { loadFileFromDisk, toolboxOf } from '../../workspace/toolboxOnDisk';
import { parseCommandLine, UsageError, type CliCommand } from '../command';
import { formatTemplateDiagnostic, parseKeyOrder } from './templateCliSupport';
import { catalogTemplatePath, MAX_TEMPLATE_BYTES, templateLoader } from '../../catalog/templateFiles';
import { diskReading, readingOptions, readingUsage } from './readingCliSupport';
import { reportUnreadFiles } from './toolboxCliSupport';
import { countCatalogTokens } from '../../../shared/catalog/catalogTokens';
import { DEFAULT_TOKENIZER, isTokenizerName, loadTokenizer, TOKENIZER_NAMES } from '../../tokens/tokenizers';
import { formatTokenTable } from './catalogTokensTable';
import { keyOrigin, type ToolEntry } from '../../../shared/toolbox/index';

export const catalogCommand: CliCommand = {
  name: 'catalog',
  usage: [
    'Usage: toolbox-editor catalog FILE [--template T] [--key-order sorted|insertion] [--var NAME=VALUE]... [--no-default]',
    '                              [--tokens [--tokenizer NAME] [--json]]',
    '                              [--as neuro-san|spec] [--cwd DIR]',
    '',
    "Renders the effective toolbox of FILE through the catalog template (default: the app's toolbox_catalog.jinja2)",
    'and prints exactly the rendered bytes, nothing appended. Problems go to standard error, before the catalog (a',
    "tool's unknown values at its entry's FILE:LINE:COLUMN); the exit code is 1 when the output breaks the template's",
    'expected_format or the catalog rules, or the template fails.',
    '',
    'Options:',
    '  --template T        a Jinja2 template file (e.g. your tools_picker prompt)',
    "  --key-order K       sorted (Python Jinja2's default tojson) or insertion; default sorted",
    '  --var NAME=VALUE    a further template variable, as a string (repeatable), e.g. --var task="find flights"',
    '  --no-default        do not layer over the default toolbox',
    '  --tokens            print token counts instead of the text: the whole rendered catalog, then each tool\'s',
    '                      entry, heaviest first (the shares add up to the total less the template\'s own text)',
    `  --tokenizer NAME    ${TOKENIZER_NAMES.join(' or ')} (OpenAI's encodings; default ${DEFAULT_TOKENIZER}). Other`,
    "                      providers' tokenizers count the same text differently, often by 10-30%: an estimate",
    '  --json              with --tokens: {"tokenizer", "total", "overhead", "tools": [{"name", "tokens"}]}',
    ...readingUsage('neuro-san'),
  ].join('\n'),
  async run(args, io) {
    const parsed = parseCommandLine(args, {
      template: { type: 'string' },
      'key-order': { type: 'string' },
      var: { type: 'string', multiple: true },
      'no-default': { type: 'boolean' },
      tokens: { type: 'boolean' },
      tokenizer: { type: 'string' },
      json: { type: 'boolean' },
      ...readingOptions,
    });
    if (parsed.positionals.length !== 1) throw new UsageError('give exactly one FILE');
    const tokenizer = parsed.values.tokenizer ?? DEFAULT_TOKENIZER;
    if (!isTokenizerName(tokenizer)) throw new UsageError(`--tokenizer takes ${TOKENIZER_NAMES.join(' or ')}, not '${tokenizer}'`);
    if (!parsed.values.tokens && (parsed.values.tokenizer !== undefined || parsed.values.json)) throw new UsageError('--tokenizer and --json go with --tokens');
    const keyOrder = parseKeyOrder(parsed.values['key-order']);
    const vars: Record<string, string> = {};
    for (const pair of parsed.values.var ?? []) {
      const eq = pair.indexOf('=');
      if (eq <= 0) throw new UsageError(`--var takes NAME=VALUE, not '${pair}'`);
      vars[pair.slice(0, eq)] = pair.slice(eq + 1);
    }
    const templatePath = catalogTemplatePath(io.cwd, parsed.values.template);
    let template: string;
    try {
      template = readTextFileSync(templatePath, MAX_TEMPLATE_BYTES).text;
    } catch (error) {
      throw new Error(`cannot read the template: ${(error as Error).message}`, { cause: error });
    }
    const file = parsed.positionals[0]!;
    const toolbox = toolboxOf(loadFileFromDisk(file, { ...diskReading(file, parsed.values, io), env: io.env, noDefault: parsed.values['no-default'] ?? false }));
    const request = {
      template,
      tools: catalogSourcesFromTools(toolbox.tools),
      vars,
      keyOrder,
      loader: templateLoader(templatePath),
    };
    const result = renderCatalog(request);
    // Problems first: the catalog is printed as rendered, often without a final newline, so a line written after it
    // would start on its last line in a terminal.
    const unread = reportUnreadFiles(toolbox.diagnostics, io);
    for (const d of result.diagnostics) io.stderr(formatTemplateDiagnostic(templatePath, d, (name) => entryPlace(toolbox.tools, name)));
    if (parsed.values.tokens) {
      const counts = countCatalogTokens(request, result.text, tokenizer, await loadTokenizer(tokenizer));
      io.stdout(parsed.values.json ? `${JSON.stringify(counts, null, 2)}\n` : formatTokenTable(counts));
    } else {
      io.stdout(result.text);
    }
    return result.diagnostics.some((d) => d.severity === 'error') || unread > 0 ? 1 : 0;
  },
};

/** `FILE:LINE:COLUMN` of the tool's entry (its key, in the file that defines it), as `validate` places its problems. */
function entryPlace(tools: readonly ToolEntry[], name: string): string | undefined {
  const tool = tools.find((t) => t.name === name);
  if (!tool) return undefined;
  const key = keyOrigin(tool.field);
  const { line, column } = key.source.positionAt(key.start);
  return `${key.source.name}:${line}:${column}`;
}
