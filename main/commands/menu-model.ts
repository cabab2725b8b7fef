/**
 * Menus as plain data: the application menu, the tray menu and the text-field context menu are built here from
 * the command table and the current context, so they are tested in plain Node; the shell only turns them into
 * Electron menus (main/shell/menus.ts), and the harness reads them to "click" an item.
 */
import { commandEnabled, commands, type CommandContext, type CommandId } from '../../preload/commands';
import { msg, type MessageId } from '../../preload/i18n/translator';
import { say } from '../i18n/main-locale';

/** Electron's built-in roles the menus use (the OS does the work: clipboard, zoom, window management). */
export type MenuRole =
  | 'undo'
  | 'redo'
  | 'cut'
  | 'copy'
  | 'paste'
  | 'selectAll'
  | 'resetZoom'
  | 'zoomIn'
  | 'zoomOut'
  | 'togglefullscreen'
  | 'minimize'
  | 'zoom'
  | 'close'
  | 'front'
  | 'services'
  | 'hide'
  | 'hideOthers'
  | 'unhide'
  | 'reload'
  | 'forceReload'
  | 'toggleDevTools';

export type MenuItemModel =
  | { type: 'separator' }
  | { type: 'role'; role: MenuRole; enabled?: boolean }
  | { type: 'command'; command: CommandId; label: string; accelerator?: string; enabled: boolean }
  | { type: 'info'; label: string }
  | { type: 'submenu'; label: string; role?: 'appMenu' | 'fileMenu' | 'editMenu' | 'viewMenu' | 'windowMenu' | 'help'; items: MenuItemModel[] };

export const separator: MenuItemModel = { type: 'separator' };

export function commandItem(id: CommandId, context: CommandContext, options: { withAccelerator?: boolean } = {}): MenuItemModel {
  const spec: { label: MessageId; accelerator?: string } = commands[id];
  return {
    type: 'command',
    command: id,
    label: say(msg(spec.label)),
    ...(options.withAccelerator !== false && spec.accelerator ? { accelerator: spec.accelerator } : {}),
    enabled: commandEnabled(id, context),
  };
}

/** Every command item of a menu, depth first (the harness finds the item it "clicks" this way). */
export function commandItems(menu: readonly MenuItemModel[]): Array<Extract<MenuItemModel, { type: 'command' }>> {
  return menu.flatMap((item) => (item.type === 'command' ? [item] : item.type === 'submenu' ? commandItems(item.items) : []));
}

/** No separator first, last or twice in a row (items left out by platform or state leave none behind). */
export function tidy(items: MenuItemModel[]): MenuItemModel[] {
  const out: MenuItemModel[] = [];
  for (const item of items) {
    if (item.type === 'separator' && (out.length === 0 || out[out.length - 1]?.type === 'separator')) continue;
    out.push(item);
  }
  while (out[out.length - 1]?.type === 'separator') out.pop();
  return out;
}
