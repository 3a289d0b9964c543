import { describe, expect, it } from 'vitest';
import { EditRefusedError, removeKeyChecked, setDefinitionChecked, setValueChecked } from './checkedEdits';
import { resolveHocon } from './resolve';
import { applyEdits } from './textEdits';
import { toJson } from './toJson';
import type { ResolveOptions } from './resolve';

const json = (text: string, options?: ResolveOptions) => toJson(resolveHocon(text, options).value);
const set = (text: string, path: string, value: string, options?: ResolveOptions) => applyEdits(text, setValueChecked(text, path, value, { resolve: options }));
const unset = (text: string, path: string, options?: ResolveOptions) => applyEdits(text, removeKeyChecked(text, path, { resolve: options }));
function refusal(run: () => unknown): string {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(EditRefusedError);
    return (error as Error).message;
  }
  throw new Error('the edit was accepted');
}

describe('edits checked against what the text resolves to', () => {
  it('an ordinary edit goes through untouched: only the value changes', () => {
    const text = '# tools\n{\n  t { description = "old", args { k = 1 } }  // keep\n}\n';
    expect(set(text, 't.description', '"new"')).toBe(text.replace('"old"', '"new"'));
    expect(set(text, 't.args.j', '2')).toContain('k = 1, j = 2');
    expect(unset(text, 't.args')).toBe('# tools\n{\n  t { description = "old" }  // keep\n}\n');
  });

  it('a key set again after a non-object: the new value goes into the definition that counts', () => {
    const text = 'a { x = 1 }\na = 5\na { y = 2 }\n';
    const edited = set(text, 'a.x', '7');
    expect(json(edited)).toEqual({ a: { y: 2, x: 7 } });
    expect(edited.startsWith('a { x = 1 }\na = 5\n')).toBe(true);
  });

  it('a key written with += is set with =', () => {
    expect(set('a += 1\n', 'a', '[5]')).toBe('a = [5]\n');
    expect(json(set('a = [1]\na += 2\n', 'a', '[5]'))).toEqual({ a: [5] });
  });

  it('refuses an object value that other definitions would merge into, and names their lines', () => {
    const message = refusal(() => set('a { x = 1 }\na { y = 2 }\n', 'a', '{z:1}'));
    expect(message).toContain(`setting 'a' there would not give the file that value alone`);
    expect(message).toContain(`'a.x' would still be 1`);
    expect(message).toContain('defined 2 times here (lines 1, 2)');
    expect(refusal(() => set('a.b.c = 1\n', 'a.b', '{z:1}'))).toContain(`'a.b.c' would still be 1`);
    expect(refusal(() => set('t { args { k = 1, j = 2 } }\nt.args.k = 3\n', 't.args', '{m:1}'))).toContain(`'t.args.k' would still be 3`);
  });

  it('refuses a path into a list or a scalar before anything is written', () => {
    expect(refusal(() => set('a = [ {x = 1}, {x = 2} ]\n', 'a.1.x', '5'))).toBe(
      `Not changed: 'a' is a list (line 1), not an object, so 'a.1.x' cannot be set inside it; a list is set whole: set 'a' to the list you want.`,
    );
    expect(refusal(() => set('a { x = 1 }\na = 5\n', 'a.x', '7'))).toContain(`'a' is a number (5) (line 2), not an object`);
  });

  it('refuses a removal that leaves the key set by something else, or breaks a substitution', () => {
    expect(refusal(() => unset('a { x = 1 }\nb = ${a}\nb.x = 2\n', 'b.x'))).toBe(
      "Not changed: removing 'b.x' from this text would not remove it alone — 'b.x' would still be 1. ${a} (line 2) copies values to or from it.",
    );
    expect(refusal(() => unset('x = 1\ny = ${x}\n', 'x'))).toMatch(/^Not changed: removing 'x' would leave the file with an error — line 2: .*\$\{x\}/);
    const host: ResolveOptions = { fileName: '/p/tb.hocon', host: { readFile: (p) => (p === '/p/inc.conf' ? 'a = 1\n' : undefined) } };
    expect(refusal(() => unset('a = 2\ninclude "inc.conf"\n', 'a', host))).toContain('The include at line 2 may set it too.');
  });

  it('a value with a substitution is checked for what else it changes, not for its own text', () => {
    expect(json(set('a = 1\nb = 2\n', 'b', '${a}'))).toEqual({ a: 1, b: 1 });
  });
});

describe('setting one definition of a key set several times', () => {
  const text = 'n = 5\nn = ${?N}  # override\n';

  it('the base under a set override: the file resolves as before, else refused', () => {
    const env = { env: { N: '3' } };
    expect(applyEdits(text, setDefinitionChecked(text, 'n', '10', { index: 0, wins: false }, { resolve: env }))).toBe('n = 10\nn = ${?N}  # override\n');
    // Unset, the base is what wins: "does not win" is then not true, and the edit says so.
    expect(refusal(() => setDefinitionChecked(text, 'n', '10', { index: 0, wins: false }))).toMatch(/would change what the file resolves to now/);
  });

  it('replacing both: one definition with the value', () => {
    expect(applyEdits(text, setDefinitionChecked(text, 'n', '10', { index: 0, remove: [1], wins: true }, { resolve: { env: { N: '3' } } }))).toBe('n = 10\n');
  });
});
