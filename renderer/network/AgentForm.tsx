import { useId, useMemo, useState } from 'react';
import type { DiagnosticDto } from '../../shared/api/index';
import { parseHocon, type FieldNode } from '../../shared/hocon/index';
import { modelNameSuggestions, parameterTypeSuggestions } from '../../shared/neurosan/versions/index';
import { applyFix } from '../editor/applyFix';
import { CommitInput, DocumentVersion } from '../form/CommitInput';
import { ParametersTable } from '../form/ParametersTable';
import { FieldMessages, type FieldMessage } from '../form/ToolForm';
import { descriptionText, withIndent, withoutIndent } from '../form/valueText';
import { toolsOf, useOpenAnalysis } from '../state/openAnalysis';
import type { Workspace } from '../workspace';
import { addAgent, addAgentTool, agentObject, removeAgentTool } from './agentEdits';
import { AGENT_KIND_LABEL, CALL_KIND_LABEL } from './kindLabels';
import type { ShownAgent } from './openNetwork';
import { useAgentEditor, writtenString } from './useAgentEditor';
import { useOpenNetwork } from './useOpenNetwork';
import { RemoveAgentDialog } from './RemoveAgentDialog';
import { AgentOffers } from './AgentOffers';

/** The fields the form places an agent's problems under (the rest go to its header). */
const PLACED_FIELDS = ['instructions', 'function', 'tools', 'llm_config', 'class', 'toolbox', 'allow', 'sly_data'] as const;

/** The selected agent of the open network as a form: every change a minimal splice of its `{ ... }` (agentEdits.ts). */
export function AgentForm({ stores }: { stores: Workspace }) {
  const view = useOpenNetwork(stores);
  if (!view) return null;
  const agent = view.selected;
  if (!agent) return <p className="placeholder">This network has no agents yet: add one in the Agents pane.</p>;
  return <AgentFields key={agent.agent.name} stores={stores} agent={agent} problems={view.problems.get(agent.agent.name) ?? []} agentNames={view.network.agents.map((a) => a.agent.name)} />;
}

function AgentFields({ stores, agent, problems, agentNames }: { stores: Workspace; agent: ShownAgent; problems: DiagnosticDto[]; agentNames: string[] }) {
  const name = agent.agent.name;
  const editor = useAgentEditor(stores, name);
  const text = stores.useDocument((s) => s.text);
  const analyzedText = stores.useAnalysis((s) => s.analyzedText);
  const analysis = toolsOf(useOpenAnalysis(stores));
  // The project as the store holds it (a selector must not build a new value each call: zustand would loop).
  const project = stores.useProject((s) => s.project);
  const [removing, setRemoving] = useState(false);
  const [newTool, setNewTool] = useState('');
  const toolListId = `agent-tools-${useId()}`;
  const modelListId = `agent-models-${useId()}`;
  const editable = agent.span !== undefined;
  const disabled = !editable;

  // Each problem under the field its position falls in (positions are the analysed text's: exact when it is this one).
  const byField = useMemo(() => {
    const map = new Map<string, FieldMessage[]>();
    let fields: FieldNode[] = [];
    if (editable && analyzedText === text) {
      try {
        fields = agentObject(text, name).entries.filter((e): e is FieldNode => e.kind === 'field');
      } catch {
        fields = [];
      }
    }
    for (const d of problems) {
      const offset = d.range.start.offset;
      const field = fields.find((f) => f.start <= offset && offset < Math.max(f.end, f.comma + 1));
      const key = field?.key.segments[0]?.name;
      const place = key !== undefined && (PLACED_FIELDS as readonly string[]).includes(key) ? key : '';
      map.set(place, [...(map.get(place) ?? []), { diagnostic: d, parameter: undefined }]);
    }
    return map;
  }, [problems, text, analyzedText, editable, name]);
  const messages = (field: string) => <FieldMessages id={`agent-msg-${field || 'entry'}`} list={byField.get(field)} onFix={editable ? (d) => applyFix(stores, d) : undefined} />;
  const described = (field: string) => (byField.get(field) ? `agent-msg-${field}` : undefined);

  const reveal = () => {
    if (!agent.span) return;
    stores.useView.getState().setTab('hocon');
    const { start, end } = agent.span;
    requestAnimationFrame(() => stores.documentModel.reveal(start, end));
  };

  const instructions = writtenString(text, name, ['instructions']);
  const description = writtenString(text, name, ['function', 'description']);
  const modelName = writtenString(text, name, ['llm_config', 'model_name']);
  const json = agent.json;
  // What an agent without its own model gets: the network's llm_config (as written at the root of the file).
  const networkModel = useMemo(() => rootModelName(text), [text]);
  const fn = json['function'];
  const parameters = fn !== null && typeof fn === 'object' && !Array.isArray(fn) ? fn['parameters'] : undefined;
  const suggestions = useMemo(() => {
    const own = agentNames.filter((n) => n !== name).map((n) => ({ value: n, label: 'agent of this network' }));
    const toolbox = (analysis?.tools ?? []).map((t) => ({ value: t.name, label: 'toolbox tool (an agent for it is added)' }));
    const served = project?.manifests.filter((m) => m.inUse).flatMap((m) => m.served) ?? [];
    const networks = served.map((s) => ({ value: `/${s.replace(/\.(hocon|json)$/, '')}`, label: 'network the project serves' }));
    return [...own, ...networks, ...toolbox];
  }, [agentNames, name, analysis, project]);
  const addTool = (tool: string) => {
    const value = tool.trim();
    if (value === '') return;
    // A toolbox tool is called through an agent that is it: one is added with the name, in the same undo step.
    const throughAgent = !agentNames.includes(value) && (analysis?.tools ?? []).some((t) => t.name === value);
    if (editor.apply((t) => [...addAgentTool(t, name, value), ...(throughAgent ? addAgent(t, value, value) : [])])) setNewTool('');
  };

  return (
    <DocumentVersion.Provider value={text}>
      <div role="form" className="tool-form agent-form" aria-label={`Agent ${name}`} data-tool={name}>
        <header className="tool-form-header">
          <h2>{name}</h2>
          <span className={`badge agent-kind-${agent.agent.kind}`}>{AGENT_KIND_LABEL[agent.agent.kind]}</span>
          {agent.agent.frontMan && <span className="badge">front man</span>}
          {agent.span ? (
            <button className="link" onClick={reveal} title="Show the agent in the HOCON tab">
              line {agent.span.line}
            </button>
          ) : (
            <span className="hint">Comes from an include or a substitution: read-only here.</span>
          )}
          <span className="status-spacer" />
          <button disabled={disabled} onClick={() => setRemoving(true)} title="Remove the agent from the network (asks first, saying what names it)">
            Remove agent
          </button>
        </header>
        {messages('')}

        {agent.agent.kind === 'coded' && <StringField label="Class" field="class" written={writtenString(text, name, ['class'])} disabled={disabled} oneLine onCommit={(v) => editor.set(['class'], v)} />}
        {messages('class')}
        {agent.agent.kind === 'toolbox' && <StringField label="Toolbox tool" field="toolbox" written={writtenString(text, name, ['toolbox'])} disabled={disabled} oneLine onCommit={(v) => editor.set(['toolbox'], v)} />}
        {messages('toolbox')}

        {agent.agent.kind === 'llm' && (
          <StringField label="Instructions" field="instructions" written={instructions} disabled={disabled} describedBy={described('instructions')} onCommit={(v) => editor.set(['instructions'], v)} />
        )}
        {messages('instructions')}

        <StringField label="Description (function)" field="function.description" written={description} disabled={disabled} describedBy={described('function')} onCommit={(v) => editor.set(['function', 'description'], v)} />
        <fieldset className="field" data-field="parameters">
          <legend>Parameters (function)</legend>
          <ParametersTable parameters={parameters} editor={editor.functionEditor} disabled={disabled || fn === undefined} typeNames={parameterTypeSuggestions(analysis?.neuroSan)} />
        </fieldset>
        {messages('function')}

        <fieldset className="field agent-tools" data-field="tools">
          <legend>Tools ({agent.agent.calls.length})</legend>
          <ul aria-label={`Tools of ${name}`}>
            {agent.agent.calls.map((call, i) => (
              <li key={`${i}:${call.name}`}>
                <span className="tool-name">{call.name}</span> <span className={`badge call-kind-${call.kind}`}>{CALL_KIND_LABEL[call.kind]}</span>{' '}
                <button className="icon" aria-label={`Remove ${call.name} from the tools`} title="Takes it out of this agent's tools (the agent it names stays)" disabled={disabled} onClick={() => editor.apply((t) => removeAgentTool(t, name, call.name))}>
                  ×
                </button>
              </li>
            ))}
          </ul>
          <div className="field-row">
            <input
              aria-label="Add a tool"
              placeholder="An agent, /network or toolbox tool"
              list={toolListId}
              value={newTool}
              disabled={disabled}
              onChange={(e) => setNewTool(e.target.value)}
              onKeyDown={(e) => {
                if (e.key === 'Enter') {
                  e.preventDefault();
                  addTool(newTool);
                }
              }}
            />
            <datalist id={toolListId}>
              {suggestions.map((s) => (
                <option key={`${s.label}:${s.value}`} value={s.value} label={s.label} />
              ))}
            </datalist>
            <button disabled={disabled || newTool.trim() === ''} onClick={() => addTool(newTool)}>
              Add tool
            </button>
          </div>
        </fieldset>
        {messages('tools')}

        <StringField
          label="Model (llm_config.model_name)"
          field="llm_config.model_name"
          written={modelName}
          disabled={disabled}
          oneLine
          placeholder={networkModel ? `the network's: ${networkModel}` : 'not set'}
          list={modelListId}
          hint="Suggested: the models neuro-san's own llm_info file defines at the project's release. Any other name may be typed: a project can add models through an llm_info file of its own."
          onCommit={(v) => editor.set(['llm_config', 'model_name'], v === '' ? null : v)} />
        <datalist id={modelListId}>
          {modelNameSuggestions(analysis?.neuroSan).map((m) => (
            <option key={m} value={m} />
          ))}
        </datalist>
        {messages('llm_config')}

        <RawField label="allow (HOCON)" field="allow" stores={stores} agentName={name} disabled={disabled} onCommit={(v) => editor.set(['allow'], v)} />
        {messages('allow')}
        <RawField label="sly_data (HOCON)" field="sly_data" stores={stores} agentName={name} disabled={disabled} onCommit={(v) => editor.set(['sly_data'], v)} />
        {messages('sly_data')}

        <AgentOffers stores={stores} agent={name} />
      </div>
      {removing && <RemoveAgentDialog stores={stores} name={name} onClose={() => setRemoving(false)} />}
    </DocumentVersion.Provider>
  );
}

type Written = ReturnType<typeof writtenString>;

/**
 * A string of the agent: editable when written as a plain string (or absent); a substitution or a concatenation is
 * shown as written and left to the HOCON tab (writing text over it would lose what it refers to).
 */
function StringField({
  label,
  field,
  written,
  disabled,
  describedBy,
  oneLine,
  placeholder,
  list,
  hint,
  onCommit,
}: {
  label: string;
  field: string;
  written: Written;
  disabled: boolean;
  describedBy?: string;
  oneLine?: boolean;
  placeholder?: string;
  /** The id of a <datalist> of suggestions (a one-line field only). */
  list?: string;
  /** A line under the field. */
  hint?: string;
  onCommit(valueText: string | null): boolean;
}) {
  if (written.kind === 'other') {
    return (
      <div className="field">
        <span>{label}</span>
        <code className="written-value">{written.written}</code>
        <span className="hint">Not a plain string (a substitution or a concatenation): edit it in the HOCON tab.</span>
      </div>
    );
  }
  const value = written.kind === 'string' ? written.value : '';
  const shown = withoutIndent(value);
  return (
    <label className="field">
      <span>{label}</span>
      <CommitInput
        label={label}
        field={field}
        multiline={!oneLine}
        value={shown.shown}
        disabled={disabled}
        describedBy={describedBy}
        placeholder={placeholder}
        list={oneLine ? list : undefined}
        onCommit={(v) => (oneLine ? onCommit(v === '' ? null : JSON.stringify(v)) : onCommit(descriptionText(withIndent(v, shown.indent))))}
      />
      {hint && <span className="hint">{hint}</span>}
    </label>
  );
}

/** A field written as HOCON text (allow, sly_data): what is typed is written as it is, once it reads as a value. */
function RawField({ label, field, stores, agentName, disabled, onCommit }: { label: string; field: string; stores: Workspace; agentName: string; disabled: boolean; onCommit(valueText: string | null): boolean }) {
  const text = stores.useDocument((s) => s.text);
  const written = writtenString(text, agentName, [field]);
  const value = written.kind === 'absent' ? '' : written.kind === 'other' ? written.written : JSON.stringify(written.value);
  return (
    <label className="field">
      <span>{label}</span>
      <CommitInput
        label={label}
        field={field}
        multiline
        value={value}
        disabled={disabled}
        placeholder="not set"
        validate={(v) => {
          if (v.trim() === '') return null;
          const problem = parseHocon(`x = ${v}`).diagnostics[0];
          return problem ? `Not a HOCON value yet (nothing is written meanwhile): ${problem.message}` : null;
        }}
        onCommit={(v) => onCommit(v.trim() === '' ? null : v)}
      />
    </label>
  );
}

/** The model name the file's root `llm_config` writes as a plain string, if it does. */
function rootModelName(text: string): string | undefined {
  const root = parseHocon(text).root;
  if (root.kind !== 'object') return undefined;
  const config = [...root.entries].reverse().find((e): e is FieldNode => e.kind === 'field' && e.key.segments.length === 1 && e.key.segments[0]?.name === 'llm_config');
  if (config?.value.kind !== 'object') return undefined;
  const model = config.value.entries.find((e): e is FieldNode => e.kind === 'field' && e.key.segments[0]?.name === 'model_name');
  if (model?.value.kind !== 'string') return undefined;
  const raw = text.slice(model.value.start, model.value.end);
  return model.value.style === 'unquoted' ? raw : raw.replace(/^"+|"+$/g, '');
}
