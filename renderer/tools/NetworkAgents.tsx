import type { Workspace } from '../workspace';
import { toolsOf, useOpenAnalysis } from '../state/openAnalysis';

/** For an agent network file: its agents that are toolbox tools, beside the effective toolbox they call into. */
export function NetworkAgents({ stores }: { stores: Workspace }) {
  // While the text does not parse, the agents of the last text that did.
  const network = toolsOf(useOpenAnalysis(stores))?.network ?? null;
  if (!network) return null;
  return (
    <section className="network-agents" aria-label="Toolbox agents">
      <h3 className="region-title">Toolbox agents ({network.agents.length})</h3>
      {network.toolboxFile && <p className="hint">Toolbox: {network.toolboxFile.path}</p>}
      <ul>
        {network.agents.map((agent) => (
          <li key={agent.name}>
            <button className="link" onClick={() => agent.defined && stores.useAnalysis.getState().select(agent.toolName)} title={`line ${agent.line}`}>
              {agent.name} → {agent.toolName}
            </button>
            {!agent.defined && <span className="count-error"> not in the toolbox</span>}
          </li>
        ))}
      </ul>
    </section>
  );
}
