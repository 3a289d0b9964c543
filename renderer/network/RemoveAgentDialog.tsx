import { ModalForm } from '../ui/ModalForm';
import type { Workspace } from '../workspace';
import { removeAgent } from './agentEdits';
import { useOpenNetwork } from './useOpenNetwork';

/**
 * Asks before an agent is removed, listing the agents whose `tools` name it (they would call an agent that is gone):
 * the user removes it knowing what breaks, or keeps it. One undo step brings it back.
 */
export function RemoveAgentDialog({ stores, name, onClose }: { stores: Workspace; name: string; onClose(): void }) {
  const view = useOpenNetwork(stores);
  const callers = view?.network.agents.filter((a) => a.agent.name !== name && a.agent.calls.some((c) => c.name === name)).map((a) => a.agent.name) ?? [];
  const frontMan = view?.network.frontMan === name;
  const remove = () => {
    try {
      stores.documentModel.applyEdits(removeAgent(stores.useDocument.getState().text, name));
      stores.useView.getState().selectAgent(null);
    } catch (error) {
      stores.useDocument.getState().setNotice({ kind: 'error', message: `Could not remove ${name}: ${(error as Error).message}` });
    }
    onClose();
  };
  return (
    <ModalForm title={`Remove ${name}`} onSubmit={remove} onCancel={onClose}>
      {callers.length > 0 ? (
        <div className="hint field-warning" role="alert">
          <p>
            {callers.length === 1 ? 'This agent names' : 'These agents name'} {name} in their tools, and would call an agent that is gone (their
            lists are left as they are):
          </p>
          <ul aria-label="Agents that name it">
            {callers.map((c) => (
              <li key={c}>{c}</li>
            ))}
          </ul>
        </div>
      ) : (
        <p className="hint">No agent of this network names {name} in its tools.</p>
      )}
      {frontMan && <p className="hint field-warning">{name} is the front man: the next agent in the file becomes the one neuro-san starts from.</p>}
      <div className="modal-buttons">
        <button type="button" onClick={onClose}>
          Cancel
        </button>
        <button type="submit" className="primary">
          Remove {name}
        </button>
      </div>
    </ModalForm>
  );
}
