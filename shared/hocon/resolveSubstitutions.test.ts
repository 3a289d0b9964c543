import { describe, expect, it } from 'vitest';
import { getField, resolveHocon, toJson } from './index';

/** The resolved value and the messages of the problems found, with their lines. */
function resolve(text: string): { value: unknown; errors: string[] } {
  const result = resolveHocon(text);
  return { value: toJson(result.value), errors: result.diagnostics.map((d) => `${d.line}: ${d.message}`) };
}

function value(text: string): unknown {
  const result = resolve(text);
  expect(result.errors).toEqual([]);
  return result.value;
}

/**
 * Self-references inside an object that came from a substitution (issue #3, conformance case lb-concat__239).
 * HOCON.md: a self-referential field (its value is a substitution, or a concatenation holding one, whose path starts
 * with the field's path; `a += x` is `a = ${?a} [x]`) sees the value its path had before this definition, wherever
 * that value came from. "Lightbend" below is Lightbend Config 1.3.1 (the conformance reference), checked by hand:
 * it fails on most of these with "was part of a cycle of substitutions", and for `+=` or `${?x}` (where a cycle
 * counts as undefined) it drops the earlier value. We follow the spec.
 */
describe('self-references into a copied object', () => {
  it('sees the copied value (Lightbend: cycle error)', () => {
    const copied = 'd = { x = "a" }\nc = ${d}\n';
    expect(value(copied + 'c.x = ${c.x} "b"\n')).toEqual({ d: { x: 'a' }, c: { x: 'a b' } });
    expect(value(copied + 'c { x = ${c.x} "b" }\n')).toEqual({ d: { x: 'a' }, c: { x: 'a b' } });
    expect(value(copied + 'c.x = ${c.x}\n')).toEqual({ d: { x: 'a' }, c: { x: 'a' } });
    // Two in a row: each sees the one before.
    expect(value(copied + 'c.x = ${c.x} "b"\nc.x = ${c.x} "c"\n')).toEqual({ d: { x: 'a' }, c: { x: 'a b c' } });
    // The copy is of d's final value, changed after the self-reference.
    expect(value(copied + 'c.x = ${c.x} "b"\nd.x = "z"\n')).toEqual({ d: { x: 'z' }, c: { x: 'z b' } });
    // A copy merged with an object (`${d} { y = 1 }`).
    expect(value('d = { x = "a" }\nc = ${d} { y = 1 }\nc.x = ${c.x} "b"\n')).toEqual({ d: { x: 'a' }, c: { x: 'a b', y: 1 } });
  });

  it('the conformance case: lists appended inside an object being substituted (as Lightbend)', () => {
    const text = '{ r: { d.x=[] }, q: ${r}, q : { d { x = [] }, c : ${q.d}, c { x : ${q.c.x}[1], x : ${q.c.x}[2] } } }';
    expect(value(text)).toEqual({ r: { d: { x: [] } }, q: { d: { x: [] }, c: { x: [1, 2] } } });
    // The same without the outer copy (Lightbend: cycle error).
    expect(value('q = { d { x = [] } }\nq { c : ${q.d}, c { x : ${q.c.x} [1] } }\n')).toEqual({ q: { d: { x: [] }, c: { x: [1] } } });
  });

  it('+= on a list of a copied object appends to it (Lightbend drops the copied elements)', () => {
    expect(value('d = { x = [1] }\nc = ${d}\nc.x += 2\n')).toEqual({ d: { x: [1] }, c: { x: [1, 2] } });
    expect(value('d = { x = [1] }\nc = ${d}\nc.x += 2\nc.x += 3\n')).toEqual({ d: { x: [1] }, c: { x: [1, 2, 3] } });
    expect(value('d = { x = [1] }\nc = ${d}\nc { x += 2 }\n')).toEqual({ d: { x: [1] }, c: { x: [1, 2] } });
    expect(value('d = { x = [1] }\nc = ${d} { y = 2 }\nc.x += 3\n')).toEqual({ d: { x: [1] }, c: { x: [1, 3], y: 2 } });
    // Lightbend agrees when both += are in one object.
    expect(value('d = { l = [1] }\nc = ${d}\nc { l += 2, l += 3 }\n')).toEqual({ d: { l: [1] }, c: { l: [1, 2, 3] } });
  });

  it('+= on a copied value that is not a list is an error, as on any other earlier value (Lightbend: the list alone)', () => {
    const copied = resolve('b = { a = 1 }\nc = ${b}\nc.a += 4\n');
    expect(copied.errors).toEqual(['3: Cannot concatenate object or list with a non-object-or-list: 1 and a list are not compatible']);
    // What Lightbend also says when it sees the earlier value.
    expect(resolve('c = { a = 1 }\nc.a += 4\n').errors).toEqual([
      '2: Cannot concatenate object or list with a non-object-or-list: 1 and a list are not compatible',
    ]);
  });

  it('nested paths', () => {
    expect(value('d = { e { x = "a" } }\nc = ${d}\nc.e.x = ${c.e.x} "b"\n')).toEqual({ d: { e: { x: 'a' } }, c: { e: { x: 'a b' } } });
    expect(value('d = { e { f { x = "a" } } }\nc = ${d}\nc.e.f.x = ${c.e.f.x} "b"\n')).toEqual({
      d: { e: { f: { x: 'a' } } },
      c: { e: { f: { x: 'a b' } } },
    });
    // The self-reference sees every older layer of the object, merged (Lightbend: cycle error).
    expect(value('d = { e = { y = 1 } }\nc = ${d}\nc.e.z = 2\nc.e = ${c.e} { w = 3 }\n')).toEqual({
      d: { e: { y: 1 } },
      c: { e: { y: 1, z: 2, w: 3 } },
    });
    // A self-reference in an older layer, reached from a newer one, still sees only what was before it.
    expect(value('d = { x = { p = 1 } }\nc = ${d}\nc.x = ${c.x} { q = 2 }\nc.x.r = ${c.x.p}\n')).toEqual({
      d: { x: { p: 1 } },
      c: { x: { p: 1, q: 2, r: 1 } },
    });
  });

  it('a copy of a copy', () => {
    expect(value('d = { x = "a" }\nc = ${d}\nb = ${c}\nb.x = ${b.x} "b"\n')).toEqual({ d: { x: 'a' }, c: { x: 'a' }, b: { x: 'a b' } });
    // b copies c's final value, itself changed by a self-reference.
    expect(value('d = { x = "a" }\nc = ${d}\nb = ${c}\nb.x = ${b.x} "b"\nc.x = ${c.x} "c"\n')).toEqual({
      d: { x: 'a' },
      c: { x: 'a c' },
      b: { x: 'a c b' },
    });
    expect(value('base { a = [1] }\nmid = ${base}\ntop = ${mid}\ntop.a += 2\nmid.a += 3\n')).toEqual({
      base: { a: [1] },
      mid: { a: [1, 3] },
      top: { a: [1, 3, 2] },
    });
    expect(value('a = { x = 1 }\na = ${a}\na.x = ${a.x} 2\n')).toEqual({ a: { x: '1 2' } });
  });

  it('what the path was before: an earlier definition, undefined, or hidden by a non-object', () => {
    const copied = 'd = { x = "a" }\nc = ${d}\n';
    expect(value(copied + 'c.x = 5\nc.x = ${c.x} "b"\n')).toEqual({ d: { x: 'a' }, c: { x: '5 b' } });
    // An undefined `${?x}` sets nothing: the copied x shows through.
    expect(value(copied + 'c.x = ${?nothing}\nc.x = ${c.x} "b"\n')).toEqual({ d: { x: 'a' }, c: { x: 'a b' } });
    // Optional self-reference (Lightbend: " b").
    expect(value(copied + 'c.x = ${?c.x} "b"\n')).toEqual({ d: { x: 'a' }, c: { x: 'a b' } });
    // A non-object between hides the copy (as Lightbend).
    expect(value(copied + 'c = 5\nc = { x = ${?c.x} "b" }\n')).toEqual({ d: { x: 'a' }, c: { x: ' b' } });
    // Nothing before at all: optional vanishes, required is an error (as Lightbend).
    expect(value('d = { y = "a" }\nc = ${d}\nc.x = ${?c.x} "b"\n')).toEqual({ d: { y: 'a' }, c: { y: 'a', x: ' b' } });
    expect(resolve('a = ${a}\n').errors).toEqual(['1: Could not resolve substitution to a value: cycle of substitutions involving ${a}']);
  });

  it('other substitutions in a copied object see the final value (as Lightbend)', () => {
    expect(value('d = { x = "a" }\nc = ${d}\nc.x = ${c.x} "b"\nc = { y = ${c.x} }\n')).toEqual({ d: { x: 'a' }, c: { x: 'a b', y: 'a b' } });
    // Looking forward from an object layer.
    expect(value('d = { x = 1 }\nc = ${d}\nc.y = ${c.z}\nc.z = 5\n')).toEqual({ d: { x: 1 }, c: { x: 1, y: 5, z: 5 } });
    // An object found in several layers is their merge.
    expect(value('d { x = { p = 1 } }\nc = ${d}\nc.x.q = 2\nc.y = ${c.x}\n')).toEqual({
      d: { x: { p: 1 } },
      c: { x: { p: 1, q: 2 }, y: { p: 1, q: 2 } },
    });
    // The spec's example: a field beside the self-reference sees its final value (Lightbend: cycle error).
    expect(value('x { a = 1 }\ny = ${x}\ny { a = ${y.a} 2, b = ${y.a} }\n')).toEqual({ x: { a: 1 }, y: { a: '1 2', b: '1 2' } });
  });

  it("resolving a substitution layer looks back, as Lightbend's delayed merge does (conformance lb-subst__272)", () => {
    const text = 'item1.b.c = 100\ndefaults { a = ${item1.b.c}, b = 2 }\nitem1 = ${defaults}\nitem1.b = { c : 43 }\nitem2.b = ${item1.b}\n';
    expect(value(text)).toEqual({ item1: { a: 100, b: { c: 43 } }, defaults: { a: 100, b: 2 }, item2: { b: { c: 43 } } });
  });
});

/**
 * A substitution whose target encloses the field it is the value of (`a.a.b = ${a}`) would make a value that
 * contains itself. Met from the enclosing object's side the resolver always saw the cycle; met first from elsewhere
 * (`x = ${a.a}` resolving a.a, whose `${a}` resolves a, which holds a.a) it walked through the object being
 * resolved and built a cyclic value with no error, on which toJson overflowed the stack. Lightbend 1.3.1 (checked
 * by hand) reports each required case as "${a} was part of a cycle of substitutions", at the same line.
 */
describe('a substitution reaching an object that encloses it', () => {
  const cycleAtA = (line: number) => `${line}: Could not resolve substitution to a value: cycle of substitutions involving \${a}`;

  it('is a cycle, whichever side it is met from first (as Lightbend)', () => {
    // The colleague's case: b.a.a (resolved first) looks up a.a.
    expect(resolve('b.c.b = 7\na.a.b = ${a}\nb.a.a = ${?a.a}\n')).toEqual({ value: { b: { c: { b: 7 }, a: {} }, a: { a: {} } }, errors: [cycleAtA(2)] });
    expect(resolve('b = ${?a.a}\na.a.b = ${a}\n')).toEqual({ value: { a: { a: {} } }, errors: [cycleAtA(2)] });
    // Required: one error (the field b fails for the same cycle).
    expect(resolve('b = ${a.a}\na.a.b = ${a}\n')).toEqual({ value: { a: { a: {} } }, errors: [cycleAtA(2)] });
    expect(resolve('x = ${a}\na.a.b = ${a}\n')).toEqual({ value: { a: { a: {} } }, errors: [cycleAtA(2)] });
    // Met from the enclosing side first (this always was an error).
    expect(resolve('a.a.b = ${a}\nb = ${?a.a}\n')).toEqual({ value: { a: { a: {} }, b: {} }, errors: [cycleAtA(1)] });
    expect(resolve('b.c.b = 7\na.a.b = ${a.a}\nb.a.a = ${?a.a}\n').errors).toEqual([
      '2: Could not resolve substitution to a value: cycle of substitutions involving ${a.a}',
    ]);
  });

  it('inside a list, an object or a concatenation (as Lightbend)', () => {
    expect(resolve('x = ${a.a}\na.a.b = [${a}]\n')).toEqual({ value: { a: { a: {} } }, errors: [cycleAtA(2)] });
    expect(resolve('x = ${a.a.b}\na.a.b = { c = ${a} }\n')).toEqual({ value: { a: { a: { b: {} } } }, errors: [cycleAtA(2)] });
    expect(resolve('x = ${a.b} { y = 1 }\na.b.c = ${a}\n')).toEqual({ value: { a: { b: {} } }, errors: [cycleAtA(2)] });
    // `+=` from inside the object it appends to: `${?c}` meets the cycle and is undefined.
    expect(value('a.b.b = ${c.c}\nc.b = []\nc.c.c += ${?c}\n')).toEqual({ a: { b: { b: { c: [] } } }, c: { b: [], c: { c: [] } } });
  });

  it('an optional one is undefined (as Lightbend)', () => {
    expect(value('x = ${a.b}\na { b { c = ${?a} }, d = 1 }\n')).toEqual({ x: {}, a: { b: {}, d: 1 } });
    expect(value('b.c.b = 7\na.a.b = ${?a}\nb.a.a = ${?a.a}\n')).toEqual({ b: { c: { b: 7 }, a: { a: {} } }, a: { a: {} } });
  });

  it('an object left by an error is resolved again, not left holding unresolved values', () => {
    // y is first resolved for x; its failure reaches x; y itself is then resolved (and reported) once.
    const text = 'x = ${y}\ny { a = ${nope} }\n';
    expect(resolve(text)).toEqual({ value: { y: {} }, errors: ['2: Could not resolve substitution to a value: ${nope}'] });
    // (toJson writes nothing for a substitution left in place: look at the value itself.)
    expect(getField(resolveHocon(text).value, ['y'])?.value).toMatchObject({ kind: 'object', fields: { size: 0 } });
    expect(resolve('x = ${y}\nz = ${y}\ny = ${nope}\n')).toEqual({ value: {}, errors: ['3: Could not resolve substitution to a value: ${nope}'] });
  });
});
