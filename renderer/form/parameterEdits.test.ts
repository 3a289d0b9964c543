import { describe, expect, it } from 'vitest';
import { applyEdits } from '../../shared/hocon';
import { removeParameter, removeRequiredName, renameParameter } from './parameterEdits';

const toolbox = [
  '{',
  '    "search": {',
  '        # what the LLM sees',
  '        "class": "s.Search",',
  '        "parameters": {',
  '            "type": "object",',
  '            "properties": {',
  '                "query": { "type": "string", "description": """Line one',
  'line two""" },',
  '                "limit": { "type": "integer" }',
  '            },',
  '            "required": ["query", "limit"]   // both',
  '        }',
  '    }',
  '}',
  '',
].join('\n');

const edit = (edits: ReturnType<typeof renameParameter>) => applyEdits(toolbox, edits);

describe('parameter edits keep required consistent', () => {
  it('renaming a parameter renames it in required, every other byte kept', () => {
    const after = edit(renameParameter(toolbox, 'search', 'query', 'text'));
    expect(after).toBe(toolbox.replace('"query": {', '"text": {').replace('["query", "limit"]', '["text", "limit"]'));
  });
  it('renaming one that required does not list leaves required alone', () => {
    const text = toolbox.replace('["query", "limit"]', '["limit"]');
    expect(applyEdits(text, renameParameter(text, 'search', 'query', 'q'))).toBe(text.replace('"query": {', '"q": {'));
  });
  it('removing a parameter removes it from required (first, last and only element)', () => {
    expect(edit(removeParameter(toolbox, 'search', 'query'))).toContain('"required": ["limit"]   // both');
    expect(edit(removeParameter(toolbox, 'search', 'query'))).not.toContain('Line one');
    expect(edit(removeParameter(toolbox, 'search', 'limit'))).toContain('"required": ["query"]   // both');
    const one = toolbox.replace('["query", "limit"]', '["query"]');
    expect(applyEdits(one, removeParameter(one, 'search', 'query'))).toContain('"required": []   // both');
  });
  it('a stale name is taken out of required alone', () => {
    const stale = toolbox.replace('["query", "limit"]', '[\n                "query"\n                "inquiry"\n            ]');
    expect(applyEdits(stale, removeRequiredName(stale, 'search', 'inquiry'))).toBe(stale.replace('\n                "inquiry"', ''));
  });
  it('is one edit: one undo step', () => {
    expect(renameParameter(toolbox, 'search', 'query', 'text')).toHaveLength(1);
  });
});
