import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkCatalogRules, checkExpectedFormat } from './contract';
import { readTemplateMetadata } from './metadata';
import { translatePythonRegex } from './pythonRegex';
import { renderCatalog } from './renderCatalog';
import { readJson } from '../pyvalue/jsonRead';
import type { PyValue } from '../pyvalue/types';

const annotated = readFileSync(path.resolve(__dirname, '../../fixtures/templates/toolbox_catalog_annotated.jinja2'), 'utf8');
const defaultTemplate = readFileSync(path.resolve(__dirname, '../../resources/toolbox_catalog.jinja2'), 'utf8');

function json(text: string): PyValue {
  const r = readJson(text);
  if (!r.ok) throw new Error(r.error.message);
  return r.value;
}

function re(pattern: string): RegExp {
  const r = translatePythonRegex(pattern);
  if (!r.ok) throw new Error(r.message);
  return r.regex;
}

describe('Python regex translation', () => {
  it('translates named groups, anchors and inline flags', () => {
    expect(re('(?P<word>ab)(?P=word)').exec('xabab')?.groups?.word).toBe('ab');
    expect(re('\\Aab\\Z').test('ab')).toBe(true);
    expect(re('\\Aab\\Z').test('ab\n')).toBe(false);
    expect(re('ab$').test('ab\n')).toBe(true); // Python's $ matches before a final newline
    expect(re('ab$').test('ab\n\n')).toBe(false);
    expect(re('(?s)a.b').test('a\nb')).toBe(true);
    expect(re('a.b').test('a\nb')).toBe(false);
    expect(re('(?i)ABC').test('abc')).toBe(true);
    expect(re('(?x) a b  # comment\n c').test('abc')).toBe(true);
    expect(re('\\w+').exec('é!')?.[0]).toBe('é');
    expect(re('x{2}|{literal}').test('{literal}')).toBe(true);
    expect(re('a\\:b').test('a:b')).toBe(true);
  });
  it('reports what JavaScript cannot express', () => {
    expect(translatePythonRegex('(?i:a)b')).toMatchObject({ ok: false });
    expect(translatePythonRegex('a++')).toMatchObject({ ok: false });
    expect(translatePythonRegex('\\q')).toMatchObject({ ok: false, message: 'bad escape \\q' });
  });
});

describe('template metadata and contract', () => {
  it('reads expected_format and description from comments, with positions', () => {
    const m = readTemplateMetadata(annotated);
    expect(m.expectedFormat).toEqual({ value: 'Here is the toolbox catalog: \\{.*\\}', line: 1, column: 1 });
    expect(m.description?.value).toBe('Display the toolbox catalog');
    expect(m.description?.line).toBe(2);
  });
  it('matches expected_format like re.search, or re.match on request', () => {
    const m = readTemplateMetadata(annotated);
    const text = '\n\n\nHere is the toolbox catalog: {"tools": []}';
    expect(checkExpectedFormat(m, text)).toEqual([]);
    expect(checkExpectedFormat(m, text, 'match')).toMatchObject([{ rule: 'catalog-expected-format' }]);
    expect(checkExpectedFormat(m, text.trimStart(), 'fullmatch')).toEqual([]);
    expect(checkExpectedFormat(m, 'Here is the toolbox catalog: {"tools": []} and more', 'fullmatch')).toHaveLength(1);
    expect(checkExpectedFormat(m, 'Here is the catalog: {}')).toMatchObject([{ severity: 'error', line: 1, column: 1 }]);
  });
  it('flags an unusable expected_format at its comment', () => {
    const m = readTemplateMetadata('x\n{# expected_format: (?i:a) #}');
    expect(checkExpectedFormat(m, 'a')).toMatchObject([{ rule: 'template-expected-format-invalid', line: 2, column: 1 }]);
  });
  it("checks the spec's rules on the output", () => {
    expect(checkCatalogRules('Here is the toolbox catalog: {"tools": []}')).toEqual([]);
    expect(checkCatalogRules('\nHere is the toolbox catalog: {"tools": []}')).toMatchObject([{ severity: 'warning', rule: 'catalog-leading-whitespace' }]);
    expect(checkCatalogRules('Catalog: {"tools": []}')).toMatchObject([{ rule: 'catalog-prefix' }]);
    expect(checkCatalogRules('Here is the toolbox catalog: {"tools": [}')).toMatchObject([{ rule: 'catalog-json', line: 1, column: 41, location: 'output' }]);
    expect(checkCatalogRules('Here is the toolbox catalog: {"tool": []}')).toMatchObject([{ rule: 'catalog-tools-array' }]);
    expect(checkCatalogRules('Here is the toolbox catalog: {"tools": [{"name": "a", "input": {}}]}')).toMatchObject([
      { rule: 'catalog-tool-keys', message: `tool 'a' lacks "description", "output", "type"` },
    ]);
  });
});

describe('renderCatalog', () => {
  const tools = [
    { name: 'get_time', description: 'Gets current time', displayAs: 'coded_tool' },
    {
      name: 'search',
      description: 'Search <API>',
      parameters: json('{"type": "object", "properties": {"query": {"type": "string"}, "n": {"type": "integer"}}}'),
    },
    { name: 'picker', description: 'Selects tools', displayAs: 'llm_agent' },
  ];
  it('renders the default template in the spec structure without contract problems', () => {
    const r = renderCatalog({ template: defaultTemplate, tools, keyOrder: 'insertion' });
    expect(r.diagnostics).toEqual([]);
    expect(r.text).toBe(
      'Here is the toolbox catalog: {"tools": [' +
        '{"name": "get_time", "description": "Gets current time", "input": {}, "output": "string", "type": "code"}, ' +
        '{"name": "search", "description": "Search \\u003cAPI\\u003e", "input": {"query": "string", "n": "integer"}, "output": "string", "type": "code"}, ' +
        '{"name": "picker", "description": "Selects tools", "input": {}, "output": "string", "type": "agent"}]}',
    );
    expect(r.metadata.description?.value).toMatch(/^Display the toolbox catalog/);
  });
  it('passes extra variables such as a task, and reports template errors with positions', () => {
    const picker = 'Task: {{ task }}\n{% for t in tools %}{{ t.name }} {% endfor %}{{ t.oops.x }}';
    const r = renderCatalog({ template: picker, tools, vars: { task: 'find time' }, catalogRules: false });
    expect(r.text).toBe('');
    expect(r.diagnostics).toMatchObject([{ severity: 'error', rule: 'jinja-undefined', message: "'t' is undefined", line: 2, column: 50 }]);
    const ok = renderCatalog({ template: 'Task: {{ task }}', tools, vars: { task: 'find time' }, catalogRules: false });
    expect(ok).toMatchObject({ text: 'Task: find time', diagnostics: [] });
  });
  it('shows unknown values as placeholders, with a warning per value', () => {
    const r = renderCatalog({
      template: defaultTemplate,
      tools: [{ name: 'lc', description: { unknown: true, reason: 'LangChain class' }, parameters: { unknown: true, reason: 'LangChain class' } }],
    });
    expect(r.text).toContain('"description": "\\u003cunknown until the tool class is loaded\\u003e"');
    expect(r.diagnostics.map((d) => d.rule)).toEqual(['catalog-unknown-value', 'catalog-unknown-value']);
  });
});
