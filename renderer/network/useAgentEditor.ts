import { useMemo } from 'react';
import { renameKey, type TextEdit } from '../../shared/hocon/index';
import type { FieldNode } from '../../shared/hocon/index';
import { applyDocumentEdits } from '../form/applyDocumentEdits';
import type { EntryEditor } from '../form/useEntryEditor';
import type { Workspace } from '../workspace';
import { agentObject, removeAgentValue, setAgentValue } from './agentEdits';

/** The key the agent's `function` object is written under when the parameters table edits it alone (see below). */
const FUNCTION_KEY = '__agent_function__';

/**
 * Edits of one agent, applied to the window's one Monaco model (one undo step each, the text editor's stack), as the
 * toolbox form's useEntryEditor does; a refused edit says why in a notice.
 */
export function useAgentEditor(stores: Workspace, agentName: string) {
  return useMemo(() => {
    const apply = (compute: (text: string) => TextEdit[]): boolean => applyDocumentEdits(stores, agentName, compute);
    /**
     * The agent's `function` as the toolbox form's entry editor (its parameters table edits `parameters` under a
     * tool): the `function` object's text is read as `__agent_function__ = { ... }`, edited by the same parameter
     * edits, and the splices placed back in the file.
     */
    const inFunction = (compute: (text: string, key: string) => TextEdit[]) => (text: string) => {
      const object = agentObject(text, agentName);
      const fn = object.entries.find((e): e is FieldNode => e.kind === 'field' && e.key.segments.length === 1 && e.key.segments[0]?.name === 'function');
      if (fn?.value.kind !== 'object') throw new Error(`${agentName} has no \`function\` object written here: give it a description first`);
      const prefix = `${FUNCTION_KEY} = `;
      const wrapped = prefix + text.slice(fn.value.start, fn.value.end);
      const edits = compute(wrapped, FUNCTION_KEY);
      if (edits.some((e) => e.offset < prefix.length)) throw new Error('that edit reaches outside the agent\u2019s `function`');
      return edits.map((e) => ({ ...e, offset: e.offset - prefix.length + fn.value.start }));
    };
    const functionEditor: EntryEditor = {
      toolName: agentName,
      sourceOf: () => undefined,
      unsetKeysUnder: () => [],
      text: () => stores.useDocument.getState().text,
      set: (path, valueText) => apply((text) => (valueText === null ? removeAgentValue(text, agentName, ['function', ...path]) : setAgentValue(text, agentName, ['function', ...path], valueText))),
      remove: (path) => apply((text) => removeAgentValue(text, agentName, ['function', ...path])),
      rename: (path, newName) => apply(inFunction((text, key) => renameKey(text, [key, ...path], newName))),
      edit: (compute) => apply(inFunction((text, key) => compute(text, key))),
    };
    return {
      agentName,
      apply,
      /** Sets `path` under the agent to HOCON value text, or removes it when null. */
      set: (path: string[], valueText: string | null) =>
        apply((text) => (valueText === null ? removeAgentValue(text, agentName, path) : setAgentValue(text, agentName, path, valueText))),
      functionEditor,
    };
  }, [stores, agentName]);
}

export type AgentEditor = ReturnType<typeof useAgentEditor>;

/** How a field of the agent is written: a plain string (editable as text) or something else (a substitution...). */
export function writtenString(text: string, agentName: string, path: readonly string[]): { kind: 'absent' } | { kind: 'string'; value: string } | { kind: 'other'; written: string } {
  let object;
  try {
    object = agentObject(text, agentName);
  } catch {
    return { kind: 'other', written: '' };
  }
  let node = object as import('../../shared/hocon/index').ValueNode;
  for (const key of path) {
    if (node.kind !== 'object') return { kind: 'absent' };
    const field: FieldNode | undefined = [...node.entries].reverse().find((e): e is FieldNode => e.kind === 'field' && e.key.segments.length === 1 && e.key.segments[0]?.name === key);
    if (!field) return { kind: 'absent' };
    node = field.value;
  }
  const raw = text.slice(node.start, node.end);
  if (node.kind !== 'string') return { kind: 'other', written: raw };
  if (node.style === 'triple') return { kind: 'string', value: raw.slice(3, -3) };
  if (node.style === 'quoted') {
    try {
      return { kind: 'string', value: JSON.parse(raw) as string };
    } catch {
      return { kind: 'other', written: raw };
    }
  }
  return { kind: 'string', value: raw };
}


