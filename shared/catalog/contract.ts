/**
 * The template's contract, checked on the rendered text.
 *
 * `expected_format` is matched like Python's `re.search` (anywhere in the text), not `re.match`: the annotated
 * template's own metadata comments leave newlines before the catalog, so `re.match` would fail every render of a
 * correct template. Whether the text *starts* with the catalog is the spec's separate rule below. (Callers that need
 * `re.match`/`re.fullmatch` semantics can pass `mode`.)
 *
 * The spec's rules (seeds/toolbox_catalog_spec.md): the text starts with `Here is the toolbox catalog: ` (leading
 * whitespace is a warning of its own), the rest is JSON (Python's json.loads: NaN/Infinity allowed) holding an object
 * with a `tools` array, and every tool has `name`, `description`, `input`, `output` and `type`.
 */
import type { TemplateDiagnostic } from '../jinja/diagnostic';
import { readJson } from '../pyvalue/jsonRead';
import { pyRepr } from '../pyvalue/repr';
import type { PyValue } from '../pyvalue/types';
import type { TemplateMetadata } from './metadata';
import { translatePythonRegex } from './pythonRegex';

export const CATALOG_PREFIX = 'Here is the toolbox catalog: ';
export const REQUIRED_TOOL_KEYS = ['name', 'description', 'input', 'output', 'type'] as const;

export type MatchMode = 'search' | 'match' | 'fullmatch';

function outputPosition(text: string, offset: number): { line: number; column: number } {
  let line = 1;
  let start = 0;
  for (let i = text.indexOf('\n'); i !== -1 && i < offset; i = text.indexOf('\n', i + 1)) {
    line++;
    start = i + 1;
  }
  return { line, column: offset - start + 1 };
}

/** Checks `text` against the template's `expected_format`, if it has one. */
export function checkExpectedFormat(metadata: TemplateMetadata, text: string, mode: MatchMode = 'search'): TemplateDiagnostic[] {
  const entry = metadata.expectedFormat;
  if (!entry) return [];
  const translated = translatePythonRegex(entry.value);
  if (!translated.ok) {
    return [
      {
        severity: 'error',
        rule: 'template-expected-format-invalid',
        message: `expected_format is not a usable regular expression: ${translated.message}`,
        line: entry.line,
        column: entry.column,
      },
    ];
  }
  const { regex } = translated;
  // match: sticky at offset 0; fullmatch: also nothing may follow.
  const check =
    mode === 'search'
      ? regex
      : new RegExp(mode === 'match' ? regex.source : `(?:${regex.source})(?![\\s\\S])`, `${regex.flags}y`);
  if (check.test(text)) return [];
  return [
    {
      severity: 'error',
      rule: 'catalog-expected-format',
      message: `the output does not match expected_format ${pyRepr(entry.value)} (checked like Python's re.${mode})`,
      line: entry.line,
      column: entry.column,
    },
  ];
}

/** The spec's own rules on a rendered catalog. Positions point into the rendered text. */
export function checkCatalogRules(text: string): TemplateDiagnostic[] {
  const out: TemplateDiagnostic[] = [];
  const at = (offset: number) => ({ ...outputPosition(text, offset), location: 'output' as const });
  const leading = /^\s*/.exec(text)![0].length;
  if (leading > 0) {
    out.push({
      severity: 'warning',
      rule: 'catalog-leading-whitespace',
      message: `the output starts with ${leading} whitespace character(s) before the catalog (comments and tags outside {%- -%} leave their newlines)`,
      ...at(0),
    });
  }
  if (!text.startsWith(CATALOG_PREFIX, leading)) {
    out.push({ severity: 'error', rule: 'catalog-prefix', message: `the output does not start with ${JSON.stringify(CATALOG_PREFIX)}`, ...at(leading) });
    return out;
  }
  const jsonStart = leading + CATALOG_PREFIX.length;
  const parsed = readJson(text.slice(jsonStart));
  if (!parsed.ok) {
    out.push({ severity: 'error', rule: 'catalog-json', message: `the catalog is not valid JSON: ${parsed.error.message}`, ...at(jsonStart + parsed.error.offset) });
    return out;
  }
  const root = parsed.value;
  const tools = root instanceof Map ? root.get('tools') : undefined;
  if (!Array.isArray(tools)) {
    out.push({ severity: 'error', rule: 'catalog-tools-array', message: 'the catalog JSON must be an object with a "tools" array', ...at(jsonStart) });
    return out;
  }
  tools.forEach((tool: PyValue, i) => {
    if (!(tool instanceof Map)) {
      out.push({ severity: 'error', rule: 'catalog-tool-keys', message: `tool #${i + 1} is not an object`, ...at(jsonStart) });
      return;
    }
    const missing = REQUIRED_TOOL_KEYS.filter((k) => !tool.has(k));
    if (missing.length > 0) {
      const name = tool.get('name');
      const label = typeof name === 'string' ? `tool '${name}'` : `tool #${i + 1}`;
      out.push({ severity: 'error', rule: 'catalog-tool-keys', message: `${label} lacks ${missing.map((k) => `"${k}"`).join(', ')}`, ...at(jsonStart) });
    }
  });
  return out;
}
