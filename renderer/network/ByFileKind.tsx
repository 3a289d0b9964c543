import type { ReactNode } from 'react';
import { toolsOf, useOpenAnalysis } from '../state/openAnalysis';
import type { Workspace } from '../workspace';

/**
 * `network` while the open file is an agent network, else `toolbox` (a toolbox file, or nothing read yet): the one
 * switch between the tool list and form and the network view and agent form, in its own component so the window
 * does not re-render on every analysis.
 */
export function ByFileKind({ stores, network, toolbox }: { stores: Workspace; network: ReactNode; toolbox: ReactNode }) {
  const isNetwork = toolsOf(useOpenAnalysis(stores))?.kind === 'network';
  return <>{isNetwork ? network : toolbox}</>;
}
