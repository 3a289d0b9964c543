import { describe, expect, it } from 'vitest';
import { diskName, renamesInEffect, savedRenames, topLevelKeys, withRename } from './unsavedRenames';

describe('tools renamed since the last save', () => {
  it('chain into one rename, and a rename back is none', () => {
    expect(withRename([], 'a', 'b')).toEqual([{ from: 'a', to: 'b' }]);
    expect(withRename([{ from: 'a', to: 'b' }], 'b', 'c')).toEqual([{ from: 'a', to: 'c' }]);
    expect(withRename([{ from: 'a', to: 'b' }], 'b', 'a')).toEqual([]);
    // After an undo the old name is back: a new rename of it is another one.
    expect(withRename([{ from: 'a', to: 'b' }], 'a', 'c')).toEqual([
      { from: 'a', to: 'b' },
      { from: 'a', to: 'c' },
    ]);
  });

  it('hold while the text has the new name and not the old one (an undo brings the old one back)', () => {
    const renames = [{ from: 'my_tool', to: 'finder' }];
    expect(renamesInEffect(renames, ['get_current_date_time', 'finder'])).toEqual(new Map([['my_tool', 'finder']]));
    expect(renamesInEffect(renames, ['get_current_date_time', 'my_tool'])).toEqual(new Map());
    expect(diskName(new Map([['my_tool', 'finder']]), 'finder')).toBe('my_tool');
    expect(diskName(new Map([['my_tool', 'finder']]), 'other')).toBe('other');
  });

  it('are made real by a save that writes the new name where the old one was, and only by that', () => {
    const renames = [{ from: 'my_tool', to: 'finder' }];
    const old = 'my_tool { class = "m.T" }\nother { class = "m.O" }\n';
    const renamed = 'finder { class = "m.T" }\nother { class = "m.O" }\n';
    expect(savedRenames(renames, old, renamed)).toEqual({ saved: renames, pending: [] });
    // Undone before the save: the file still has my_tool.
    expect(savedRenames(renames, old, old)).toEqual({ saved: [], pending: renames });
    // Saved, then redone after an undo: the next save makes it real.
    expect(savedRenames(renames, renamed, old).saved).toEqual([]);
  });

  it('of a tool the saved file never had give its cases its name now, and its first save carries its runs', () => {
    // Added as new_coded_tool, renamed to accountant, run and saved as a case, all before the toolbox was saved.
    const renames = [{ from: 'new_coded_tool', to: 'accountant' }];
    const savedBefore = 'other { class = "m.O" }\n';
    const inEffect = renamesInEffect(renames, ['other', 'accountant'], () => topLevelKeys(savedBefore));
    expect(diskName(inEffect, 'accountant')).toBe('accountant');
    // The saved file has the old name: the case keeps it until the save (as before).
    const savedWithOld = 'new_coded_tool { class = "m.T" }\nother { class = "m.O" }\n';
    expect(diskName(renamesInEffect(renames, ['other', 'accountant'], () => topLevelKeys(savedWithOld)), 'accountant')).toBe('new_coded_tool');
    // The first save writes accountant: what was kept under new_coded_tool (runs made before the rename) follows.
    expect(savedRenames(renames, savedBefore, 'accountant { class = "m.T" }\nother { class = "m.O" }\n')).toEqual({ saved: renames, pending: [] });
  });

  it('read the top-level keys of braced, unbraced and JSON files; nothing of a file that is not an object', () => {
    expect(topLevelKeys('a { x = 1 }\n"b.c" { }\nd.e = 2')).toEqual(new Set(['a', 'b.c', 'd']));
    expect(topLevelKeys('{ "x": {}, "y": {} }')).toEqual(new Set(['x', 'y']));
    expect(topLevelKeys('[1, 2]')).toEqual(new Set());
  });
});
