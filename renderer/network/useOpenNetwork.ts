import { useMemo } from 'react';
import type { DiagnosticDto } from '../../shared/api/index';
import { toolsOf, useOpenAnalysis } from '../state/openAnalysis';
import type { Workspace } from '../workspace';
import { networkTree, type TreeRow } from './networkTree';
import { problemsByAgent, readOpenNetwork, type OpenNetwork, type ShownAgent } from './openNetwork';

export interface OpenNetworkView {
  network: OpenNetwork;
  rows: TreeRow[];
  /** The analysis' problems inside each agent's `{ ... }`, by name. */
  problems: Map<string, DiagnosticDto[]>;
  /** The agent shown: the one selected, else the front man, else the first. */
  selected: ShownAgent | undefined;
  /** The analysed file's name (its problems' `file`). */
  file: string;
}

/**
 * The open file as an agent network, or null when it is none (a toolbox file keeps the tool list and tool form).
 * Read from the document's text as it is (the form edits it), with the problems of its analysis.
 */
export function useOpenNetwork(stores: Workspace): OpenNetworkView | null {
  const tools = toolsOf(useOpenAnalysis(stores));
  const text = stores.useDocument((s) => s.text);
  const selectedName = stores.useView((s) => s.selectedAgent);
  const isNetwork = tools?.kind === 'network';
  const file = tools?.file ?? '';
  const network = useMemo(() => (isNetwork ? readOpenNetwork(text, file) : null), [isNetwork, text, file]);
  const rows = useMemo(() => (network ? networkTree(network, file) : []), [network, file]);
  const diagnostics = stores.useAnalysis((s) => s.analysis?.diagnostics);
  const problems = useMemo(() => (network ? problemsByAgent(network, diagnostics ?? [], file) : new Map<string, DiagnosticDto[]>()), [network, diagnostics, file]);
  if (!network) return null;
  const byName = (name: string | null | undefined) => network.agents.find((a) => a.agent.name === name);
  const selected = byName(selectedName) ?? byName(network.frontMan) ?? network.agents[0];
  return { network, rows, problems, selected, file };
}
