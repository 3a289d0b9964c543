import { describe, expect, it } from 'vitest';
import { specsFromEntries } from './specsFromEntries';

describe('specsFromEntries', () => {
  it('makes a coded spec of an entry with a description, a LangChain spec of any other, in file order', () => {
    const { specs, problems } = specsFromEntries(
      {
        search: { class: 'pkg.mod.Search', args: { k: 2 } },
        add: { class: 'math.Add', description: 'Adds.', parameters: { type: 'object' } },
      },
      'f.json',
    );
    expect(problems).toEqual([]);
    expect(specs).toEqual([
      { name: 'search', kind: 'langchain', className: 'pkg.mod.Search', args: { k: 2 } },
      { name: 'add', kind: 'coded', className: 'math.Add', description: 'Adds.', parameters: { type: 'object' } },
    ]);
  });

  it('reports broken entries in neuro-san\'s words and keeps the others', () => {
    const { specs, problems } = specsFromEntries(
      { a: 3, b: { description: 'x' }, c: { class: '' }, d: { class: 'two.Segments' }, ok: { class: 'm.C', description: '' } },
      'f.json',
    );
    expect(specs.map((s) => s.name)).toEqual(['ok']);
    expect(problems.map((p) => p.message)).toEqual([
      'The value for the a key must be a dictionary.',
      expect.stringMatching(/^Tool 'b' is missing required key: 'class'\./),
      "Value for 'c.class' must be a non-empty string.",
      "Value in 'class' in f.json must be of the form '<package_name>.<module_name>.<ClassName>'",
    ]);
  });
});
