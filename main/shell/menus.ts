/**
 * Turns the menu models (main/commands/) into Electron menus: the application menu, the tray's menu and the
 * right-click menu. A command item's click goes to the one command runner; roles are Electron's own.
 */
import { Menu, type MenuItemConstructorOptions } from 'electron';
import type { CommandId } from '../../preload/commands';
import type { MenuItemModel } from '../commands/menu-model';

export function menuTemplate(items: readonly MenuItemModel[], run: (id: CommandId) => void): MenuItemConstructorOptions[] {
  return items.map((item): MenuItemConstructorOptions => {
    switch (item.type) {
      case 'separator':
        return { type: 'separator' };
      case 'role':
        return { role: item.role, ...(item.enabled === false ? { enabled: false } : {}) };
      case 'info':
        return { label: item.label, enabled: false };
      case 'command':
        return { label: item.label, enabled: item.enabled, ...(item.accelerator ? { accelerator: item.accelerator } : {}), click: () => run(item.command) };
      case 'submenu':
        return { label: item.label, ...(item.role ? { role: item.role } : {}), submenu: menuTemplate(item.items, run) };
    }
  });
}

export function buildMenu(items: readonly MenuItemModel[], run: (id: CommandId) => void) {
  return Menu.buildFromTemplate(menuTemplate(items, run));
}
