import type { CatalogRenderResult } from '../../shared/api/index';
import { contractStatusWords } from './contractStatus';

/** The catalog's contract check: the template's expected_format and the catalog rules, as the render reported them. */
export function ContractResults({ result }: { result: CatalogRenderResult }) {
  const { diagnostics } = result;
  const errors = diagnostics.filter((d) => d.severity === 'error').length;
  return (
    <section className="contract" aria-label="Contract check">
      {/* One line (the expected_format in full in its title): the catalog below keeps the room. */}
      <div className={errors ? 'contract-status failed' : 'contract-status passed'} title={result.expectedFormat !== null ? `expected_format: ${result.expectedFormat}` : undefined}>
        {contractStatusWords(diagnostics)}
        {result.expectedFormat !== null && (
          <span className="hint">
            {' '}
            expected_format: <code>{result.expectedFormat}</code>
          </span>
        )}
      </div>
      {diagnostics.length > 0 && (
        <ul className="contract-list">
          {diagnostics.map((d, i) => (
            <li key={i} className={`severity-${d.severity}`}>
              <strong>{d.severity}</strong> <code>{d.rule}</code> {d.message}
              {d.line !== undefined && (
                <span className="hint">
                  {' '}
                  ({d.location === 'output' ? 'output' : 'template'} {d.line}:{d.column ?? 1})
                </span>
              )}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
