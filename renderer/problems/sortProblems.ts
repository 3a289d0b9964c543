import type { DiagnosticDto } from '../../shared/api/index';

/**
 * The order of the Problems panel: errors first, then warnings, then hints, each by position — the open file's first,
 * then other files (included, the default toolbox) by name — so an error never sits below a screenful of warnings, nor
 * a warning below a screenful of style advice.
 */
const RANK: Record<DiagnosticDto['severity'], number> = { error: 0, warning: 1, hint: 2 };

export function sortProblems(diagnostics: readonly DiagnosticDto[], file: string | undefined): DiagnosticDto[] {
  const rank = (d: DiagnosticDto) => RANK[d.severity];
  return [...diagnostics].sort(
    (a, b) =>
      rank(a) - rank(b) ||
      Number(a.file !== file) - Number(b.file !== file) ||
      (a.file < b.file ? -1 : a.file > b.file ? 1 : 0) ||
      a.range.start.offset - b.range.start.offset,
  );
}
