import type { OfferDto } from '../../shared/api/index';
import { plural } from '../../shared/plural';
import { useDocumentRequest } from '../catalog/useDocumentRequest';
import type { Workspace } from '../workspace';

const FROM_LABEL: Record<OfferDto['from'], string> = { agent: 'agent', toolbox: 'toolbox', coded: 'coded tool', network: 'network', mcp: 'MCP server' };

/**
 * What the selected agent's LLM is offered, as neuro-san builds it from the agent's `tools` (shared/network/offers.ts,
 * the `network.agentOffers` API, the same as `toolbox-editor agents FILE --agent NAME`): each function's name,
 * where it comes from, its description and parameter names; what gives it nothing and why; tokens; pairs it could
 * confuse. Asked again once the text is analysed (not on every keystroke).
 */
export function AgentOffers({ stores, agent }: { stores: Workspace; agent: string }) {
  const analyzedText = stores.useAnalysis((s) => s.analyzedText);
  const { value, error, busy } = useDocumentRequest(stores, `${agent}\u0000${analyzedText ?? ''}`, (fields) => stores.api.invoke('network.agentOffers', { ...fields, agent }));
  return (
    <section className="field agent-offers" aria-label="Offered to this agent's LLM" aria-busy={busy}>
      <span>Offered to this agent&apos;s LLM</span>
      {error !== null && (
        <p className="pane-error" role="alert">
          {error}
        </p>
      )}
      {value && (
        <>
          <p className="hint">
            {plural(value.offered.length, 'function')} · {value.tokens.partial ? 'at least ' : ''}
            {value.tokens.count} tokens ({value.tokens.estimated ? 'estimated, ' : ''}
            {value.tokens.tokenizer})
          </p>
          {value.offered.length > 0 && (
            <table className="review-table" aria-label={`Functions offered to ${agent}`}>
              <thead>
                <tr>
                  <th>Name</th>
                  <th>From</th>
                  <th>Description</th>
                  <th>Parameters</th>
                </tr>
              </thead>
              <tbody>
                {value.offered.map((o, i) => (
                  <tr key={`${o.name}\u0000${i}`}>
                    <td>
                      <code>{o.name}</code>
                    </td>
                    <td>{FROM_LABEL[o.from]}</td>
                    <td>
                      {o.description ?? <em>unknown</em>}
                      {o.note !== undefined && <div className="hint">{o.note}</div>}
                    </td>
                    <td>{parameterNames(o)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
          {value.notOffered.length > 0 && (
            <ul aria-label="Listed but not offered">
              {value.notOffered.map((n, i) => (
                <li key={`${n.listedAs}\u0000${i}`}>
                  <code>{n.listedAs}</code> (line {n.at.line}): {n.why}
                </li>
              ))}
            </ul>
          )}
          {value.confusable.filter((p) => p.warn).length > 0 && (
            <ul aria-label="Offers this agent's LLM could confuse">
              {value.confusable
                .filter((p) => p.warn)
                .map((p) => (
                  <li key={`${p.a}\u0000${p.b}`}>
                    <code>{p.a}</code> and <code>{p.b}</code> read alike ({p.score.toFixed(2)}: {p.shared.slice(0, 5).join(', ')})
                  </li>
                ))}
            </ul>
          )}
        </>
      )}
    </section>
  );
}

function parameterNames(offer: OfferDto): string {
  if (offer.parameters === null) return '—';
  const properties = offer.parameters.properties;
  const names = properties !== null && typeof properties === 'object' && !Array.isArray(properties) ? Object.keys(properties) : [];
  return names.length === 0 ? 'none' : names.join(', ');
}
