import { describe, expect, it } from 'vitest';
import { foldingRegions } from './outline';

/** Each region as the text it spans, so a wrong offset shows as the wrong text. */
function spans(text: string): Array<[string, string]> {
  return foldingRegions(text).map((r) => [r.kind, text.slice(r.start, r.end)]);
}

describe('foldingRegions', () => {
  it('folds objects, lists and """ strings written over several lines, and runs of comment-only lines', () => {
    const text = [
      '# one',
      '// two',
      'tool {',
      '  class = "m.C"  # beside a value: not a comment line',
      '  # alone',
      '  description = """Line one',
      'line two"""',
      '  list = [',
      '    1',
      '  ]',
      '  inline { a = 1 }',
      '}',
      '# three',
      '# four',
      '',
    ].join('\n');
    expect(spans(text)).toEqual([
      ['comment', '# one\n// two'],
      ['region', text.slice(text.indexOf('{'), text.indexOf('}\n# three') + 1)],
      ['region', '"""Line one\nline two"""'],
      ['region', '[\n    1\n  ]'],
      ['comment', '# three\n# four'],
    ]);
  });

  it('does not fold a single comment line, nor comments split by a line with a value', () => {
    expect(spans('# alone\na = 1\n# one\nb = 2 # beside\n# two\n')).toEqual([]);
  });
});
