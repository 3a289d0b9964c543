import type { DiagnosticDto, ToolboxAnalysis } from '../../shared/api/index';

/**
 * Why neuro-san cannot read the open file's text, or null when it can: its first `hocon` error in the file itself
 * (a syntax error, often half typed, or a substitution with no value). Such a text gives no tools of its own — only
 * the default toolbox's — so a keystroke that makes one (a `#` before a key) must not empty the tool list, move the
 * selection or say what its missing tools break (openAnalysis.ts keeps the last analysis of a text that read).
 */
export function unreadTextError(analysis: Pick<ToolboxAnalysis, 'file' | 'diagnostics'>): DiagnosticDto | null {
  return analysis.diagnostics.find((d) => d.severity === 'error' && d.rule === 'hocon' && d.file === analysis.file) ?? null;
}

/**
 * The tool list's word for it: `not parsed` for a syntax error (pyhocon's ParseException, named in neuro-san's
 * message), else `not read` (a substitution that finds nothing parses, and still fails neuro-san's load).
 */
export function unreadWords(error: Pick<DiagnosticDto, 'message' | 'line'>): string {
  return `${/\bParseException\b/.test(error.message) ? 'not parsed' : 'not read'}: line ${error.line}`;
}
