import type { MenuCommand } from '../../shared/api/index';

/** The desktop app's native menu items as the registry's commands (Open Recent, with its path, opens directly). */
export const MENU_COMMANDS: Record<Exclude<MenuCommand, 'openPath'>, string> = {
  new: 'file.new',
  open: 'file.open',
  save: 'file.save',
  saveAs: 'file.saveAs',
  close: 'file.close',
  undo: 'edit.undo',
  redo: 'edit.redo',
  format: 'edit.format',
  palette: 'view.palette',
};
