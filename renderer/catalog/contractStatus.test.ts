import { describe, expect, it } from 'vitest';
import { countSeverities, severityCountWords } from '../../shared/toolbox/index';
import { contractStatusWords } from './contractStatus';

describe('the contract check status line', () => {
  it('counts a hint apart from the warnings, as the Problems list does', () => {
    const diagnostics = [{ severity: 'error' }, { severity: 'warning' }, { severity: 'warning' }, { severity: 'hint' }] as const;
    expect(contractStatusWords(diagnostics)).toBe('Contract check: 1 error, 2 warnings, 1 hint');
    // The Problems list's own words for the same diagnostics.
    expect(contractStatusWords(diagnostics)).toBe(`Contract check: ${severityCountWords(countSeverities(diagnostics))}`);
  });

  it('passes with hints only, and says how many', () => {
    expect(contractStatusWords([])).toBe('Contract check passed');
    expect(contractStatusWords([{ severity: 'hint' }, { severity: 'hint' }])).toBe('Contract check passed (2 hints)');
  });

  it('never counts a severity it does not know as a warning', () => {
    expect(contractStatusWords([{ severity: 'warning' }, { severity: 'info' }])).toBe('Contract check: 0 errors, 1 warning, 1 hint');
  });
});
