import { describe, expect, it } from 'vitest';
import { parameterTypeSuggestions } from './typeSuggestions';

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
