import { DiagnosticSeverity, type Diagnostic } from 'vscode-languageserver/node';
import type { TextDocument } from 'vscode-languageserver-textdocument';
import type { ToolboxDiagnostic } from '../../shared/toolbox/index';

/**
 * What the language server publishes of a project's reading (languageServer.ts `publish`), at every reading: its
 * diagnostics by file, as LSP diagnostics. A toolbox of 10,000 entries has tens of thousands of diagnostics, nearly
 * all in one file: each step is one pass over them (a file's list grown by copying it per diagnostic took the server
 * 90 s for 50,000, answering nothing meanwhile).
 */

/** The diagnostics by the absolute path of their file, each file's in their order; each file name resolved once. */
export function groupByFile(diagnostics: readonly ToolboxDiagnostic[], absolute: (file: string) => string): Map<string, ToolboxDiagnostic[]> {
  const byFile = new Map<string, ToolboxDiagnostic[]>();
  const byName = new Map<string, ToolboxDiagnostic[]>();
  for (const d of diagnostics) {
    let list = byName.get(d.file);
    if (list === undefined) {
      const file = absolute(d.file);
      list = byFile.get(file);
      if (list === undefined) byFile.set(file, (list = []));
      byName.set(d.file, list);
    }
    list.push(d);
  }
  return byFile;
}

/** One diagnostic as LSP says it, placed in `doc` (its line offsets computed once, each position found by halving). */
export function toLspDiagnostic(d: ToolboxDiagnostic, doc: TextDocument): Diagnostic {
  const start = doc.positionAt(d.range.start.offset);
  const end = doc.positionAt(Math.max(d.range.end.offset, d.range.start.offset));
  return {
    range: { start, end },
    severity: d.severity === 'error' ? DiagnosticSeverity.Error : d.severity === 'warning' ? DiagnosticSeverity.Warning : DiagnosticSeverity.Information,
    code: d.rule,
    source: 'toolbox',
    message: d.fix ? `${d.message} (quick fix: ${d.fix.title})` : d.message,
  };
}
