import { RegionPlaceholder } from '../layout/RegionPlaceholder';
import type { WorkspaceStores } from '../state/workspace';

/** Every diagnostic of the document (issue: the editor a toolbox author lives in). */
export function ProblemsRegion({ stores }: { stores: WorkspaceStores }) {
  const count = stores.useAnalysis((s) => s.analysis?.diagnostics.length ?? 0);
  return (
    <RegionPlaceholder title="Problems">
      {count ? `${count} problems found. The list with positions is coming.` : 'Every problem neuro-san would find in this file, with its position; select one to jump to it.'}
    </RegionPlaceholder>
  );
}
