import { describe, expect, it } from 'vitest';
import { editorConfigFor, globMatches } from './editorConfig';

describe('editorConfigFor', () => {
  it('reads the sections that match the file, nearer files and later sections winning', () => {
    const files = [
      { folder: '/p/sub', text: '[*.hocon]\nindent_size = 3\n' },
      { folder: '/p', text: 'root = true\n[*]\nindent_style = tab\n[*.{hocon,conf}]\nhocon_separator = :\nhocon_commas = omit\ninsert_final_newline = false\n' },
      { folder: '/', text: '[*]\nindent_size = 7\n' },
    ];
    expect(editorConfigFor('/p/sub/a.hocon', files)).toEqual({ indent: 'tab', separator: ':', commas: 'omit', finalNewline: false });
    expect(editorConfigFor('/p/sub/a.hocon', [{ folder: '/p/sub', text: '[*.hocon]\nindent_style = space\nindent_size = 3\n' }, ...files.slice(1)])).toMatchObject({ indent: 3 });
  });

  it('reads whether blanks at line ends go, and leaves unset what no file sets', () => {
    expect(editorConfigFor('/p/a.hocon', [{ folder: '/p', text: '[*]\ntrim_trailing_whitespace = true\n' }])).toEqual({ trimTrailingWhitespace: true });
    expect(editorConfigFor('/p/a.hocon', [{ folder: '/p', text: '[*.py]\nindent_size = 4\n' }])).toEqual({});
  });

  it('matches EditorConfig globs', () => {
    expect(globMatches('*.hocon', 'a/b/c.hocon')).toBe(true);
    expect(globMatches('registries/*.hocon', 'registries/x.hocon')).toBe(true);
    expect(globMatches('registries/*.hocon', 'other/registries/x.hocon')).toBe(false);
    expect(globMatches('**/toolbox/*.hocon', 'a/toolbox/t.hocon')).toBe(true);
    expect(globMatches('*.{json,conf}', 'x.hocon')).toBe(false);
  });
});
