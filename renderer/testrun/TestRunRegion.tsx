import { RegionPlaceholder } from '../layout/RegionPlaceholder';
import type { WorkspaceStores } from '../state/workspace';

/** Running the selected tool (issue: catalog preview and test-run panes). */
export function TestRunRegion(_props: { stores: WorkspaceStores }) {
  return (
    <RegionPlaceholder title="Test run">
      Run the selected tool with your own arguments and sly_data, and see its result, output and errors.
    </RegionPlaceholder>
  );
}
