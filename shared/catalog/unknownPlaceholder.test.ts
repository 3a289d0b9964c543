import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { renderCatalog } from './renderCatalog';
import { splitPlaceholders } from './unknownPlaceholder';

describe('the unknown-value placeholder in the Text view', () => {
  it('reads <unknown until the tool class is loaded>, not its JSON escape', () => {
    const rendered = '{"tools": [{"name": "lc", "description": "\\u003cunknown until the tool class is loaded\\u003e", "note": "a \\u003cb\\u003e"}]}';
    const parts = splitPlaceholders(rendered);
    expect(parts.map((p) => p.text).join('')).toBe('{"tools": [{"name": "lc", "description": "<unknown until the tool class is loaded>", "note": "a \\u003cb\\u003e"}]}');
    expect(parts.filter((p) => p.placeholder)).toEqual([{ text: '<unknown until the tool class is loaded>', placeholder: true }]);
  });

  it('shows the default template\'s rendering of a LangChain tool with the placeholder readable', () => {
    const template = readFileSync(path.resolve(__dirname, '../../resources/toolbox_catalog.jinja2'), 'utf8');
    const { text } = renderCatalog({ template, tools: [{ name: 'lc', description: { unknown: true, reason: 'LangChain class' } }] });
    const shown = splitPlaceholders(text).map((p) => p.text).join('');
    expect(shown).toContain('"description": "<unknown until the tool class is loaded>"');
    expect(shown).not.toContain('\\u003c');
  });

  it('leaves text without a placeholder whole', () => {
    expect(splitPlaceholders('')).toEqual([{ text: '' }]);
    expect(splitPlaceholders('plain \\u003c text')).toEqual([{ text: 'plain \\u003c text' }]);
  });
});
