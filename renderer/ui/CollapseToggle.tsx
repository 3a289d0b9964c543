import { Icon } from './icons';

/** Folds a pane to its title row and back; named for the pane ("Collapse the tool list"). */
export function CollapseToggle({ pane, collapsed, onToggle }: { pane: string; collapsed: boolean; onToggle(): void }) {
  return (
    <button className="icon-button collapse-toggle" aria-expanded={!collapsed} aria-label={`${collapsed ? 'Expand' : 'Collapse'} the ${pane}`} title={`${collapsed ? 'Expand' : 'Collapse'} the ${pane}`} onClick={onToggle}>
      <Icon name={collapsed ? 'chevronRight' : 'chevronDown'} />
    </button>
  );
}
