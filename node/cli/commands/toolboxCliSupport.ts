import { formatDiagnosticLine, type ToolboxDiagnostic } from '../../../shared/toolbox/index';
import type { CliIo } from '../command';

/**
 * For commands that show something made from a toolbox (tools, catalog): the files that could not be read whole
 * (missing, not UTF-8, a syntax error), on stderr as `validate` prints them. Returns how many: what was shown is not
 * the whole story, and the command exits 1.
 */
export function reportUnreadFiles(diagnostics: readonly ToolboxDiagnostic[], io: CliIo): number {
  const unread = diagnostics.filter((d) => d.severity === 'error' && d.rule === 'hocon');
  for (const d of unread) io.stderr(`${formatDiagnosticLine(d)}\n`);
  return unread.length;
}
