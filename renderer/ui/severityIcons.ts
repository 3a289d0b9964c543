import type { DiagnosticDto } from '../../shared/api/index';

/** The mark beside a problem of each severity (its word is the mark's label): a hint is advice, not a problem. */
export const SEVERITY_ICONS: Record<DiagnosticDto['severity'], string> = { error: '✕', warning: '⚠', hint: 'ℹ' };
