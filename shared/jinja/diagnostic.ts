/** A problem found in a template or its output; every engine error becomes one, never a thrown exception. */
export interface TemplateDiagnostic {
  /** The app's severities (shared/toolbox/toolboxDiagnostic.ts); no template rule gives style advice ('hint') yet. */
  severity: 'error' | 'warning' | 'hint';
  /** A stable identifier: `jinja-syntax`, `jinja-undefined`, `catalog-prefix`, ... */
  rule: string;
  message: string;
  /** 1-based line in the template (or in the rendered text, for rules about the output). */
  line?: number;
  /** 1-based column, in UTF-16 units. */
  column?: number;
  /** What line/column point into: the template source (default) or the rendered text. */
  location?: 'template' | 'output';
  /** The toolbox entry it comes from (a catalog value of that tool), when it is about one: its place is the entry's. */
  tool?: string;
}
