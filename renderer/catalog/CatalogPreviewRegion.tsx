import { RegionPlaceholder } from '../layout/RegionPlaceholder';
import type { WorkspaceStores } from '../state/workspace';

/** The rendered tool catalog (issue: catalog preview and test-run panes). */
export function CatalogPreviewRegion(_props: { stores: WorkspaceStores }) {
  return (
    <RegionPlaceholder title="Catalog preview">
      The tool catalog an LLM is shown (toolbox_catalog.jinja2), rendered exactly as Python Jinja2 renders it.
    </RegionPlaceholder>
  );
}
