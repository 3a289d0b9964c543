import { describe, expect, it } from 'vitest';
import { modelNameSuggestions, parameterTypeSuggestions } from './typeSuggestions';

const pinned = (version: string) => ({ version, from: 'pin' as const, how: `neuro-san==${version} in requirements.txt` });

describe('the type names the parameters table suggests', () => {
  it('offers only what the pinned release reads: 0.5 has no "integer", "number" or "bool"', () => {
    expect(parameterTypeSuggestions(pinned('0.5.40'))).toEqual(['string', 'int', 'float', 'boolean', 'array', 'object']);
  });

  it('offers the JSON Schema names too from the release that reads them, and the newest with no version known', () => {
    const newer = parameterTypeSuggestions(pinned('0.7.0'));
    expect(newer).toEqual(expect.arrayContaining(['string', 'integer', 'number', 'boolean', 'array', 'object', 'int', 'float', 'bool']));
    expect(parameterTypeSuggestions(undefined)).toEqual(expect.arrayContaining(['integer', 'number']));
  });
});

describe('the model names the agent form suggests', () => {
  it('offers what an old release defines, not the newer models', () => {
    const old = modelNameSuggestions(pinned('0.5.19'));
    expect(old).toEqual(expect.arrayContaining(['gpt-4o', 'claude-3-7-sonnet', 'azure-o3-mini']));
    expect(old).not.toContain('gpt-4.1');
    expect(old).not.toContain('o3-mini-2025-01-31');
    expect(modelNameSuggestions(pinned('0.5.39'))).toContain('gpt-4.1');
  });

  it('offers the newest models with no version known, and no retired one', () => {
    const newest = modelNameSuggestions(undefined);
    expect(newest).toEqual(expect.arrayContaining(['gpt-4o', 'gpt-5', 'claude-opus-4-6', 'gemini-3-flash']));
    expect(newest).not.toContain('claude-3-5-sonnet');
    expect(newest).not.toContain('bedrock-claude-opus-4');
    expect(new Set(newest).size).toBe(newest.length);
  });

  it('leaves out a name only some releases of a window know', () => {
    // Retired by a commit placed between 0.6.6 and 0.6.11; added by one placed between 0.6.12 and 0.6.13.
    expect(modelNameSuggestions(pinned('0.6.5'))).toContain('o1-preview');
    expect(modelNameSuggestions(pinned('0.6.8'))).not.toContain('o1-preview');
    expect(modelNameSuggestions(pinned('0.6.12'))).not.toContain('gpt-5.1');
    expect(modelNameSuggestions(pinned('0.6.13'))).toContain('gpt-5.1');
  });

  it('leaves out an alias whose target the release lacks or misspells', () => {
    expect(modelNameSuggestions(pinned('0.5.7'))).not.toContain('gpt-4o-mini');
    expect(modelNameSuggestions(pinned('0.5.8'))).toContain('gpt-4o-mini');
    expect(modelNameSuggestions(pinned('0.5.31'))).not.toContain('o3-mini');
    expect(modelNameSuggestions(pinned('0.5.31'))).not.toContain('o3-mini-2025-01-31-17');
    expect(modelNameSuggestions(pinned('0.5.32'))).toEqual(expect.arrayContaining(['o3-mini', 'o3-mini-2025-01-31']));
  });

  it('offers nothing before neuro-san read its models from default_llm_info.hocon', () => {
    expect(modelNameSuggestions(pinned('0.4.7'))).toEqual([]);
  });
});
