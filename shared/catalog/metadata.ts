/**
 * A template's metadata comments: `{# expected_format: REGEX #}` and `{# description: TEXT #}`. The value is the
 * comment's text after `key:`, trimmed of surrounding whitespace (so a pattern cannot end in a space — write `\x20`).
 * A key given twice keeps its first value and reports the second.
 */
import type { TemplateDiagnostic } from '../jinja/diagnostic';
import { tokenize } from '../jinja/lexer';
import { TemplateSource } from '../jinja/source';
import { TemplateError } from '../jinja/errors';

export interface MetadataEntry {
  value: string;
  /** Where the comment starts in the template (1-based). */
  line: number;
  column: number;
}

export interface TemplateMetadata {
  expectedFormat?: MetadataEntry;
  description?: MetadataEntry;
  diagnostics: TemplateDiagnostic[];
}

const KEYS = { expected_format: 'expectedFormat', description: 'description' } as const;
const ENTRY = /^\s*(expected_format|description)\s*:\s?([\s\S]*?)\s*$/;

export function readTemplateMetadata(templateText: string): TemplateMetadata {
  const source = new TemplateSource(templateText);
  const result: TemplateMetadata = { diagnostics: [] };
  let tokens;
  try {
    tokens = tokenize(source.text, { trimBlocks: false, lstripBlocks: false });
  } catch (error) {
    // The renderer reports syntax errors; metadata is simply unavailable then.
    if (error instanceof TemplateError) return result;
    throw error;
  }
  for (const t of tokens) {
    if (t.type !== 'comment') continue;
    const m = ENTRY.exec(t.value as string);
    if (!m) continue;
    const key = KEYS[m[1] as keyof typeof KEYS];
    const { line, column } = source.position(t.offset);
    if (result[key]) {
      result.diagnostics.push({
        severity: 'warning',
        rule: 'template-metadata-duplicate',
        message: `'${m[1]}' is given more than once; the first one is used`,
        line,
        column,
      });
      continue;
    }
    result[key] = { value: m[2]!, line, column };
  }
  return result;
}
