/**
 * `key += value` as pyhocon reads it (0.3.61, config_parser.py): it appends a list, and a plain string (with a space
 * before it); any other value (a concatenation holding a substitution, `"\n" ${note}`; a number; an object) it takes
 * as `key = value`, so what was set before is gone. The specification appends in every case (and refuses a string
 * after a string). Where pyhocon replaces, the warning says what neuro-san ends up with, and the fix writes the
 * append out (`key = ${key} value`), which both read alike.
 */
import { getPath, type HoconObject, type HoconValue, type ResolvedDocument, type SyntaxDocument } from '../hocon/index';
import type { FieldNode, ObjectNode, ValueNode } from '../hocon/index';
import { READING_RULE } from './readingDifferences';
import { diagnosticOf, replaceTextFix, type ToolboxDiagnostic } from './toolboxDiagnostic';

/**
 * `spec` is the specification's reading of the file: its syntax tree is made on first use (resolve.ts), and only a
 * text with `+=` in it needs one.
 */
export function appendWarnings(neuroSan: HoconObject, spec: Pick<ResolvedDocument, 'syntax' | 'sources'>): ToolboxDiagnostic[] {
  if (spec.sources[0]?.text.includes('+=') !== true) return [];
  const syntax = spec.syntax;
  if (syntax === undefined || syntax.root.kind !== 'object') return [];
  const out: ToolboxDiagnostic[] = [];
  walk(syntax.root, [], neuroSan, syntax, out);
  return out;
}

function walk(object: ObjectNode, prefix: readonly string[], neuroSan: HoconObject, syntax: SyntaxDocument, out: ToolboxDiagnostic[]): void {
  const entries = object.entries.filter((e): e is FieldNode => e.kind === 'field');
  entries.forEach((field, i) => {
    const path = [...prefix, ...field.key.segments.map((s) => s.name)];
    if (field.value.kind === 'object') {
      walk(field.value, path, neuroSan, syntax, out);
      return;
    }
    if (field.separator !== '+=' || appends(field.value)) return;
    // A later setting of the same key in this object decides the value: this one is not what neuro-san keeps.
    const key = path.join('.');
    if (entries.slice(i + 1).some((later) => [...prefix, ...later.key.segments.map((s) => s.name)].join('.') === key)) return;
    const gets = getPath(neuroSan, path);
    const text = syntax.source.text;
    const at = { source: syntax.source, start: field.start, end: field.value.end };
    const written = text.slice(field.key.start, field.key.end);
    const fix = replaceTextFix(`Write it as ${written} = \${${written}} …`, syntax.source.name, field.separatorStart, field.value.start - field.separatorStart, `= \${${written}} `);
    out.push(
      diagnosticOf(
        at,
        'warning',
        READING_RULE,
        `neuro-san does not append with += here: pyhocon appends only a list or a plain string, and takes this value as "${written} = …", so what was set before is gone${gets !== undefined ? `: neuro-san gets ${words(gets)}` : ''}.`,
        undefined,
        fix,
      ),
    );
  });
}

/** What pyhocon appends with `+=`: a list, or one string (no substitution in it). */
function appends(value: ValueNode): boolean {
  return value.kind === 'array' || value.kind === 'string';
}

function words(value: HoconValue): string {
  const json = value.kind === 'string' ? JSON.stringify(value.value) : value.kind === 'array' ? `a list of ${value.elements.length}` : value.kind === 'object' ? 'an object' : String('value' in value ? value.value : null);
  return json.length > 120 ? `${json.slice(0, 117)}…` : json;
}
