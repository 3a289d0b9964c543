import { RegionPlaceholder } from '../layout/RegionPlaceholder';
import type { WorkspaceStores } from '../state/workspace';

/** The tool list (issue: the editor a toolbox author lives in). */
export function ToolListRegion({ stores }: { stores: WorkspaceStores }) {
  const analysis = stores.useAnalysis((s) => s.analysis);
  return (
    <RegionPlaceholder title="Tools">
      {analysis
        ? `${analysis.tools.length} tools in the effective toolbox. The list with kinds, origins and problems is coming.`
        : 'Every tool of the effective toolbox will be listed here, with its kind (coded, LangChain, toolkit), where it comes from and its problems.'}
    </RegionPlaceholder>
  );
}
