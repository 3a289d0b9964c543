import { plural } from '../../shared/plural';
import { countSeverities, severityCountWords, type Severity } from '../../shared/toolbox/index';

/**
 * The contract check's one-line status. Counted as the Problems list counts (`countSeverities`): a hint is no
 * warning, so the two counts on screen agree; a severity the API does not know is shown as a hint, never as a warning.
 */
export function contractStatusWords(diagnostics: readonly { severity: string }[]): string {
  const counts = countSeverities(diagnostics.map((d) => ({ severity: (d.severity === 'error' || d.severity === 'warning' ? d.severity : 'hint') as Severity })));
  if (counts.errors === 0 && counts.warnings === 0) return counts.hints === 0 ? 'Contract check passed' : `Contract check passed (${plural(counts.hints, 'hint')})`;
  return `Contract check: ${severityCountWords(counts)}`;
}
