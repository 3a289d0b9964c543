import { describe, expect, it } from 'vitest';
import { readPaneSizes } from './usePaneSizes';

describe('readPaneSizes', () => {
  it('restores saved sizes within bounds and ignores garbage', () => {
    expect(readPaneSizes('{"tools": 300, "side": 5000, "problems": "x"}')).toEqual({ tools: 300, side: 900, problems: 150 });
    expect(readPaneSizes('not json')).toEqual({ tools: 260, side: 340, problems: 150 });
    expect(readPaneSizes(null).tools).toBe(260);
  });
});
