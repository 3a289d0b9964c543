import type { OfferDto } from '../../shared/api/index';
import { offeredTools } from '../../shared/mcp/index';
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
                      {o.from === 'mcp' ? <McpTools stores={stores} url={o.listedAs} agent={agent} /> : (o.description ?? <em>unknown</em>)}
                      {o.note !== undefined && o.from !== 'mcp' && <div className="hint">{o.note}</div>}
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

/**
 * An MCP server's tools are what it lists when the agent starts, kept to the agent's filter (the network's, else the
 * info file's) and renamed as neuro-san offers them (shared/mcp/mcpToolNames.ts): shown from the project's kept
 * listing (the project view's "List tools" asks the same), else a button that asks the server now. Nothing is asked
 * unless clicked.
 */
function McpTools({ stores, url, agent }: { stores: Workspace; url: string; agent: string }) {
  const listing = stores.useProject((s) => s.project?.mcpListings.find((l) => l.url === url));
  const user = stores.useProject((s) => s.project?.mcp.servers.find((server) => server.url === url)?.users.find((u) => u.agent === agent));
  const asking = stores.useProject((s) => s.asking.includes(url));
  const inProject = stores.useProject((s) => s.project !== null);
  if (listing?.ok) {
    const tools = offeredTools(
      listing.tools.map((t) => t.name),
      user?.filter ?? null,
    );
    const description = (name: string) => listing.tools.find((t) => t.name === name)?.description;
    return (
      <>
        {tools.length === 0 ? (
          <em>none of the server&apos;s tools</em>
        ) : (
          <ul aria-label={`MCP tools offered to ${agent}`}>
            {tools.map((t) => (
              <li key={t.original}>
                <code>{t.offered}</code>
                {t.skipped ? ` (left out: ${t.skipped})` : description(t.original) ? `: ${description(t.original)}` : ''}
              </li>
            ))}
          </ul>
        )}
        <div className="hint">
          as the server listed them at {new Date(listing.readAt).toLocaleTimeString()}
          {user?.filter ? `, kept to ${user.filter.join(', ')} (filter from the ${user.filterFrom === 'network' ? 'network' : 'info file'})` : ''}
        </div>
      </>
    );
  }
  return (
    <>
      {listing && !listing.ok && <div className="hint">The server did not answer: {listing.error}</div>}
      <em>the tools the server lists when the agent starts</em>{' '}
      {inProject ? (
        <button type="button" disabled={asking} onClick={() => void stores.useProject.getState().listMcpTools(url)}>
          {asking ? 'Asking…' : 'List its tools'}
        </button>
      ) : (
        <span className="hint">(open the project to ask the server)</span>
      )}
    </>
  );
}

function parameterNames(offer: OfferDto): string {
  if (offer.parameters === null) return '—';
  const properties = offer.parameters.properties;
  const names = properties !== null && typeof properties === 'object' && !Array.isArray(properties) ? Object.keys(properties) : [];
  return names.length === 0 ? 'none' : names.join(', ');
}
