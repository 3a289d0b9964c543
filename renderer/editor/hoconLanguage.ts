import type * as Monaco from 'monaco-editor/editor/editor.api';

export const HOCON_LANGUAGE_ID = 'hocon';

/**
 * Syntax colouring for HOCON: comments (# and //), triple-quoted and quoted strings, substitutions ${x} and ${?x},
 * include directives, numbers, booleans and null, and unquoted keys. Structure-aware features (diagnostics, folding
 * by entry, completions) come from the HOCON module, not from this tokenizer.
 */
export function registerHoconLanguage(monaco: typeof Monaco): void {
  if (monaco.languages.getLanguages().some((l) => l.id === HOCON_LANGUAGE_ID)) return;
  monaco.languages.register({ id: HOCON_LANGUAGE_ID, extensions: ['.hocon', '.conf'], aliases: ['HOCON'] });
  monaco.languages.setLanguageConfiguration(HOCON_LANGUAGE_ID, {
    comments: { lineComment: '#' },
    brackets: [
      ['{', '}'],
      ['[', ']'],
    ],
    autoClosingPairs: [
      { open: '{', close: '}' },
      { open: '[', close: ']' },
      { open: '"', close: '"', notIn: ['string', 'comment'] },
    ],
    surroundingPairs: [
      { open: '{', close: '}' },
      { open: '[', close: ']' },
      { open: '"', close: '"' },
    ],
  });
  monaco.languages.setMonarchTokensProvider(HOCON_LANGUAGE_ID, {
    defaultToken: '',
    tokenizer: {
      root: [
        [/#.*$/, 'comment'],
        [/\/\/.*$/, 'comment'],
        [/"""/, { token: 'string', next: '@tripleString' }],
        // A quoted key: a quoted string followed by a separator or an object.
        [/"(?:[^"\\\n]|\\.)*"(?=\s*(?:[:=]|\+=|\{))/, 'key'],
        [/"/, { token: 'string', next: '@string' }],
        [/\$\{\??/, { token: 'variable', next: '@substitution' }],
        [/\binclude(?=\s+(?:"|required\(|file\(|url\(|classpath\())/, 'keyword'],
        [/\b(required|file|url|classpath)(?=\()/, 'keyword'],
        [/\b(true|false|null|yes|no|on|off)\b/, 'keyword'],
        [/-?\d+(\.\d+)?([eE][+-]?\d+)?\b/, 'number'],
        [/[{}[\]]/, '@brackets'],
        [/[=:,]|\+=/, 'delimiter'],
        [/[A-Za-z_][\w.-]*(?=\s*(=|:|\{|\+=))/, 'key'],
        [/[^\s"#{}[\],:=$]+/, 'string.unquoted'],
      ],
      string: [
        [/[^\\"]+/, 'string'],
        [/\\./, 'string.escape'],
        [/"/, { token: 'string', next: '@pop' }],
      ],
      // Triple-quoted strings span lines and contain single quotes; they end at the last of 3+ quotes.
      tripleString: [
        [/[^"]+/, 'string'],
        [/"""(?!")/, { token: 'string', next: '@pop' }],
        [/"/, 'string'],
      ],
      substitution: [
        [/\}/, { token: 'variable', next: '@pop' }],
        [/[^}]+/, 'variable'],
      ],
    },
  });
}
