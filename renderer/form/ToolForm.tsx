import { unreadWords } from '../state/unreadText';
import { useMemo } from 'react';
import { DISPLAY_AS_VALUES } from '../../shared/toolbox/index';
import type { DiagnosticDto, ToolDetail, ToolSummary } from '../../shared/api/index';
import { FIELD_DOCS } from '../../shared/language/fieldDocs';
import { KIND_LABEL, ORIGIN_LABEL } from '../tools/toolFilter';
import { isEditable } from '../tools/toolCommands';
import { useToolActions } from '../tools/useToolActions';
import type { Workspace } from '../workspace';
import { ArgsTree } from './ArgsTree';
import { CommitInput, DocumentVersion } from './CommitInput';
import { entryFieldRanges, fieldAt, parameterRanges } from './fieldRanges';
import { applyFix } from '../editor/applyFix';
import { SEVERITY_ICONS } from '../ui/severityIcons';
import { ParametersTable } from './ParametersTable';
import { parameterTypeSuggestions } from '../../shared/neurosan/versions/index';
import { useEntryEditor } from './useEntryEditor';
import { ClassActions } from '../preflight/ClassActions';
import { descriptionText, withIndent, withoutIndent } from './valueText';
import { useSourcedField } from './FieldSource';
import { useOpenAnalysis } from '../state/openAnalysis';
import { AnalysisPending } from '../ui/AnalysisPending';

/** The selected tool as a form, per kind. Every change is a HOCON module edit of the entry (see useEntryEditor). */
export function ToolForm({ stores }: { stores: Workspace }) {
  // Never a tool of the previous file (its analysis is held until this one's first answer): it is not in this one.
  const open = useOpenAnalysis(stores);
  const selected = stores.useAnalysis((s) => s.selectedTool);
  if (open.kind !== 'ready') return <AnalysisPending open={open} idle="Open a toolbox file to edit its tools as a form." />;
  // While the text does not parse: the tool as the last text that did had it, read-only (no edit is computed from a
  // text that does not parse, nor placed by positions of another).
  const { tools: analysis, unread } = open;
  const tool = analysis.tools.find((t) => t.name === selected);
  if (!tool) return <p className="placeholder">Select a tool in the list, or add one.</p>;
  // The description, parameters and args come with the answer that named this tool (see analysisStore).
  if (analysis.detail?.name !== tool.name) {
    // The detail comes with an answer about a text that reads: none comes while this one does not parse.
    if (unread !== null) return <p className="placeholder">{tool.name} is shown once the text parses again ({unreadWords(unread)}).</p>;
    return <p className="placeholder">Reading {tool.name}…</p>;
  }
  return (
    <ToolFields
      key={tool.name}
      stores={stores}
      tool={tool}
      detail={analysis.detail}
      editable={isEditable(analysis, tool) && unread === null}
      unread={unread}
      // A default tool can be overridden from a toolbox file (a network names its toolbox instead).
      canOverride={tool.origin === 'default' && analysis.kind === 'toolbox'}
      diagnostics={analysis.diagnostics}
      typeNames={parameterTypeSuggestions(analysis.neuroSan)}
    />
  );
}

function ToolFields({
  stores,
  tool,
  detail,
  editable,
  canOverride,
  diagnostics,
  unread,
  typeNames,
}: {
  stores: Workspace;
  /** The parameter type names neuro-san reads at the file's version (the Type cell's suggestions). */
  typeNames: readonly string[];
  tool: ToolSummary;
  detail: ToolDetail;
  editable: boolean;
  canOverride: boolean;
  diagnostics: DiagnosticDto[];
  /** Why the text does not parse (the form then shows the last text that did, read-only), or null. */
  unread: DiagnosticDto | null;
}) {
  const editor = useEntryEditor(stores, tool.name);
  const toolActions = useToolActions(stores);
  const text = stores.useDocument((s) => s.text);
  const analyzedText = stores.useAnalysis((s) => s.analyzedText);
  // Messages go next to the field their range falls in; the rest to the entry's header. Ranges are only exact when
  // the analysis was made from this text.
  // A message about one parameter says which (the table has no room beside each cell).
  const byField = useMemo(() => {
    const mine = diagnostics.filter((d) => d.tool === tool.name);
    const map = new Map<string, FieldMessage[]>();
    const exact = editable && unread === null && analyzedText === text;
    const ranges = exact ? entryFieldRanges(text, tool.valueRange.start.offset, tool.valueRange.end.offset) : new Map();
    const parameters = exact ? parameterRanges(text, tool.valueRange.start.offset, tool.valueRange.end.offset) : new Map();
    for (const d of mine) {
      const field = d.file === tool.file ? (fieldAt(ranges, d.range.start.offset) ?? '') : '';
      const parameter = field === 'parameters' && d.file === tool.file ? fieldAt(parameters, d.range.start.offset) : undefined;
      map.set(field, [...(map.get(field) ?? []), { diagnostic: d, parameter }]);
    }
    return map;
  }, [diagnostics, tool, text, analyzedText, editable, unread]);
  const fix = (d: DiagnosticDto) => applyFix(stores, d);
  const messages = (field: string) => <FieldMessages id={`msg-${field || 'entry'}`} list={byField.get(field)} onFix={editable ? fix : undefined} />;
  const described = (field: string) => (byField.get(field) ? `msg-${field}` : undefined);
  const disabled = !editable;
  const coded = tool.kind === 'coded';
  // Fields set more than once, or from a substitution or another file, say so and ask which definition an edit changes.
  const className = useSourcedField(editor, ['class'], 'class', { field: 'class' });
  const description = useSourcedField(editor, ['description'], 'description', { field: 'description' });
  // A triple-quoted description keeps the file's indentation in its value: shown without it (valueText.ts).
  const descriptionShown = withoutIndent(String(description.shown(detail.description ?? '')));
  const displayAs = useSourcedField(editor, ['display_as'], 'display_as', { field: 'display_as' });
  const toolInfoUrl = useSourcedField(editor, ['base_tool_info_url'], 'base_tool_info_url', { field: 'base_tool_info_url' });

  return (
    <DocumentVersion.Provider value={unread === null && analyzedText === text ? analyzedText : null}>
      <div role="form" className="tool-form" aria-label={`Tool ${tool.name}`} data-tool={tool.name}>
        <header className="tool-form-header">
          <h2>{tool.name}</h2>
          <span className={`badge kind-${tool.kind}`}>{KIND_LABEL[tool.kind]}</span>
          <span className={`badge origin-${tool.origin}`}>{ORIGIN_LABEL[tool.origin]}</span>
          {unread ? (
            <span className="hint">The text does not parse (line {unread.line}): read-only until it does.</span>
          ) : (
            disabled && <span className="hint">Defined in {tool.file}: read-only here.</span>
          )}
          {canOverride && unread === null && (
            <button onClick={() => toolActions.override(tool)} title="Adds an entry for this tool to your file; each field you then set replaces the default's">
              Override in this file
            </button>
          )}
        </header>
        {messages('')}

        <label className="field" title={FIELD_DOCS.class}>
          <span>Class</span>
          <CommitInput label="Class" field="class" value={String(className.shown(tool.className ?? ''))} disabled={disabled || className.waiting} describedBy={described('class')} onCommit={(v) => className.commit(JSON.stringify(v))} />
        </label>
        {className.note}
        <ClassActions stores={stores} tool={tool} editable={editable} />
        {messages('class')}

        {(coded || detail.description !== null) && (
          <>
            <label className="field">
              <span>Description</span>
              <CommitInput label="Description" field="description" multiline value={descriptionShown.shown} disabled={disabled || description.waiting} describedBy={described('description')} onCommit={(v) => description.commit(descriptionText(withIndent(v, descriptionShown.indent)))} />
            </label>
            {description.note}
            {messages('description')}
          </>
        )}

        <label className="field">
          <span>Display as</span>
          <select
            aria-label="Display as"
            data-field="display_as"
            disabled={disabled || displayAs.waiting}
            value={String(displayAs.shown(tool.displayAsInferred ? '' : tool.displayAs))}
            onChange={(e) => displayAs.commit(e.target.value === '' ? null : JSON.stringify(e.target.value))}
          >
            <option value="">{tool.displayAsInferred ? `${tool.displayAs} (inferred)` : 'not set (inferred)'}</option>
            {DISPLAY_AS_VALUES.map((v) => (
              <option key={v} value={v}>
                {v}
              </option>
            ))}
            {!tool.displayAsInferred && !(DISPLAY_AS_VALUES as readonly string[]).includes(tool.displayAs) && <option value={tool.displayAs}>{tool.displayAs} (invalid)</option>}
          </select>
        </label>
        {displayAs.note}
        {messages('display_as')}

        {!coded && (
          <>
            <div className="field">
              <span>Tool info URL</span>
              <div className="field-row">
                <CommitInput
                  label="Tool info URL"
                  field="base_tool_info_url"
                  value={String(toolInfoUrl.shown(tool.baseToolInfoUrl ?? ''))}
                  disabled={disabled || toolInfoUrl.waiting}
                  placeholder="https://python.langchain.com/docs/…"
                  onCommit={(v) => toolInfoUrl.commit(v ? JSON.stringify(v) : null)}
                />
                <button type="button" disabled={!/^https?:\/\//.test(tool.baseToolInfoUrl ?? '')} onClick={() => window.open(tool.baseToolInfoUrl ?? '', '_blank', 'noopener')}>
                  Open
                </button>
              </div>
            </div>
            {toolInfoUrl.note}
            {messages('base_tool_info_url')}
            <fieldset className="field" data-field="args">
              <legend>Arguments (args)</legend>
              <ArgsTree args={detail.args} editor={editor} disabled={disabled} />
            </fieldset>
            {messages('args')}
          </>
        )}

        {coded && (
          <fieldset className="field" data-field="parameters">
            <legend>Parameters</legend>
            <ParametersTable parameters={detail.parameters} editor={editor} disabled={disabled} typeNames={typeNames} />
            {messages('parameters')}
          </fieldset>
        )}
      </div>
    </DocumentVersion.Provider>
  );
}

export interface FieldMessage {
  diagnostic: DiagnosticDto;
  /** The parameter a message inside `parameters.properties` is about. */
  parameter: string | undefined;
}

/** A field's messages, each with its quick fix as a button (the same fix Ctrl+. offers in the HOCON tab). */
export function FieldMessages({ id, list, onFix }: { id: string; list: FieldMessage[] | undefined; onFix: ((d: DiagnosticDto) => void) | undefined }) {
  if (!list?.length) return null;
  return (
    <ul className="field-messages" id={id}>
      {list.map(({ diagnostic: d, parameter }, i) => (
        <li key={i} className={`field-${d.severity}`}>
          {SEVERITY_ICONS[d.severity]} {parameter !== undefined && <strong className="message-subject">Parameter {parameter}: </strong>}
          {d.message}
          {d.fix && onFix && (
            <>
              {' '}
              <button className="quick-fix" onClick={() => onFix(d)} title="Quick fix">
                {d.fix.title}
              </button>
            </>
          )}
        </li>
      ))}
    </ul>
  );
}
