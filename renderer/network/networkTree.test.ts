import { describe, expect, it } from 'vitest';
import { ancestorKeys, hasChildren, visibleRows, type TreeRow } from './networkTree';

/** Rows of a tree written as `depth:name` in depth-first order (keys as networkTree makes them: the path of names). */
function rowsOf(...lines: string[]): TreeRow[] {
  const path: string[] = [];
  return lines.map((line) => {
    const [depth, name] = line.split(':') as [string, string];
    path.length = Number(depth);
    path.push(name);
    return { key: path.join('/'), depth: Number(depth), name, kind: 'llm_agent', agent: undefined, seenAbove: false, unreached: false, offset: undefined } as TreeRow;
  });
}

describe('folding the network tree', () => {
  const rows = rowsOf('0:desk', '1:flights', '2:search', '2:seats', '1:hotels', '2:rooms', '3:beds', '0:loyalty');
  const names = (shown: TreeRow[]) => shown.map((r) => r.name);

  it('hides everything under a folded row, down to the next row at its depth or above', () => {
    expect(names(visibleRows(rows, new Set()))).toEqual(['desk', 'flights', 'search', 'seats', 'hotels', 'rooms', 'beds', 'loyalty']);
    expect(names(visibleRows(rows, new Set(['desk/flights'])))).toEqual(['desk', 'flights', 'hotels', 'rooms', 'beds', 'loyalty']);
    expect(names(visibleRows(rows, new Set(['desk/hotels'])))).toEqual(['desk', 'flights', 'search', 'seats', 'hotels', 'loyalty']);
    // A row folded under a folded row stays folded when its parent unfolds, and hides nothing more meanwhile.
    expect(names(visibleRows(rows, new Set(['desk', 'desk/hotels/rooms'])))).toEqual(['desk', 'loyalty']);
    expect(names(visibleRows(rows, new Set(['desk/hotels/rooms'])))).toEqual(['desk', 'flights', 'search', 'seats', 'hotels', 'rooms', 'loyalty']);
  });

  it('knows which rows have calls under them and which rows hold a row', () => {
    expect(rows.map((_, i) => hasChildren(rows, i))).toEqual([true, true, false, false, true, true, false, false]);
    expect(ancestorKeys(rows, 6)).toEqual(['desk/hotels/rooms', 'desk/hotels', 'desk']);
    expect(ancestorKeys(rows, 3)).toEqual(['desk/flights', 'desk']);
    expect(ancestorKeys(rows, 7)).toEqual([]);
  });
});
