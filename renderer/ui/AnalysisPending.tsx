import type { ReactNode } from 'react';
import type { OpenAnalysis } from '../state/openAnalysis';

/**
 * What a pane built from the open file's analysis shows while it has none: the same words in every pane, the status
 * bar's and Problems', so a file just opened never shows the previous file's tools meanwhile. `idle` is the pane's
 * own line for when no file is open.
 */
export function AnalysisPending({ open, idle }: { open: Exclude<OpenAnalysis, { kind: 'ready' }>; idle: ReactNode }) {
  if (open.kind === 'none') return <p className="placeholder">{idle}</p>;
  if (open.kind === 'failed') return <p className="placeholder">Not checked: {open.why}</p>;
  return (
    <p className="placeholder analysis-pending" role="status" aria-busy="true">
      Checking this file…
    </p>
  );
}
