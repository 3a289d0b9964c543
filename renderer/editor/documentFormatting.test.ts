import { describe, expect, it } from 'vitest';
import { applyEdits } from '../../shared/hocon/index';
import { formatDocumentText } from './documentFormatting';

const FOUR = '{\n    "web": {\n        "class": "a.B",\n         "description": "Looks things up."\n    }\n}\n';

const formatted = (text: string, options = {}) => {
  const result = formatDocumentText(text, options, '/p/toolbox.hocon');
  if ('notice' in result) throw new Error(result.notice);
  return applyEdits(text, result.edits);
};

describe("the app's Format Document", () => {
  it("keeps a file's own indentation, re-indenting only the line that strays from it", () => {
    expect(formatted(FOUR)).toBe(FOUR.replace('         "description"', '        "description"'));
    const tabs = '{\n\t"web": {\n\t\t"class": "a.B"\n\t}\n}\n';
    expect(formatted(tabs)).toBe(tabs);
  });

  it("takes the .editorconfig's options over the file's", () => {
    expect(formatted(FOUR, { indent: 2 })).toBe('{\n  "web": {\n    "class": "a.B",\n    "description": "Looks things up."\n  }\n}\n');
  });

  it('says why it did nothing, with where', () => {
    expect(formatDocumentText('a {\n  b = [1, 2\n}\n', {}, '/p/a.hocon')).toEqual({ notice: expect.stringMatching(/^Not formatted: line 3, column 1: Cannot format: /) });
  });
});
