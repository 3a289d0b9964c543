import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { expect, it } from 'vitest';
import { describeWithShared } from '../testSupport/sharedData';
import { applyEdits, removeKey, resolveHocon, setValue, toJson, type JsonValue } from '../../shared/hocon/index';

/** Edits on the real neuro-san toolboxes in ../shared/reference: nothing but the intended bytes may change. */

const resolveJson = (text: string) => {
  const result = resolveHocon(text);
  expect(result.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
  return toJson(result.value) as Record<string, JsonValue>;
};

/** The common prefix and suffix of two texts: what an edit left alone. */
function changedRegion(before: string, after: string) {
  let prefix = 0;
  while (prefix < before.length && prefix < after.length && before[prefix] === after[prefix]) prefix++;
  let suffix = 0;
  while (suffix < before.length - prefix && suffix < after.length - prefix && before[before.length - 1 - suffix] === after[after.length - 1 - suffix]) suffix++;
  return { start: prefix, beforeEnd: before.length - suffix, afterEnd: after.length - suffix };
}

describeWithShared('reference/neuro-san/toolboxes', 'edits on the reference toolboxes', (dir) => {
  const files = readdirSync(dir).filter((f) => f.endsWith('.hocon'));
  for (const file of files) {
    const text = readFileSync(path.join(dir, file), 'utf8');
    const original = resolveJson(text);
    const tools = Object.keys(original).filter((key) => typeof original[key] === 'object' && original[key] !== null && !Array.isArray(original[key]));

    it(`${file}: setting each tool's description changes only that value's lines`, () => {
      let checked = 0;
      for (const tool of tools) {
        const entry = original[tool] as Record<string, JsonValue>;
        if (typeof entry.description !== 'string') continue;
        const edited = applyEdits(text, setValue(text, [tool, 'description'], '"A new description"'));
        const region = changedRegion(text, edited);
        const firstLine = text.lastIndexOf('\n', region.start - 1) + 1;
        const lastLineEnd = text.indexOf('\n', region.beforeEnd);
        // Everything outside the lines of the old value is byte-identical.
        expect(edited.slice(0, firstLine)).toBe(text.slice(0, firstLine));
        expect(edited.slice(edited.length - (text.length - (lastLineEnd < 0 ? text.length : lastLineEnd)))).toBe(text.slice(lastLineEnd < 0 ? text.length : lastLineEnd));
        expect(resolveJson(edited)).toEqual({ ...original, [tool]: { ...entry, description: 'A new description' } });
        checked++;
      }
      expect(checked).toBeGreaterThan(0);
    });

    it(`${file}: removing each tool removes one contiguous block and nothing else`, () => {
      for (const tool of tools) {
        const edits = removeKey(text, [tool]);
        expect(edits).toHaveLength(1);
        const edit = edits[0]!;
        expect(edit.newText).toBe('');
        const edited = applyEdits(text, edits);
        expect(edited).toBe(text.slice(0, edit.offset) + text.slice(edit.offset + edit.length));
        expect(text.slice(edit.offset, edit.offset + edit.length)).toContain(tool);
        const expected = { ...original };
        delete expected[tool];
        expect(resolveJson(edited)).toEqual(expected);
      }
    });
  }
});
