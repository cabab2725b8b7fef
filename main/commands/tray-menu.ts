/** The tray (menu-bar) icon's menu and tooltip: the unread count, the window, the everyday commands, Quit. */
import type { CommandContext } from '../../preload/commands';
import { commandItem, separator, tidy, type MenuItemModel } from './menu-model';
import { msg } from '../../preload/i18n/translator';
import { say } from '../i18n/main-locale';

export function unreadLine(unread: number): string {
  return say(msg('menu.unread', { unread }));
}

export function trayTooltip(unread: number, appName: string): string {
  return unread === 0 ? appName : `${appName} — ${unreadLine(unread)}`;
}

export function trayMenu(context: CommandContext, unread: number, notHandled = 0): MenuItemModel[] {
  // Accelerators are not shown in a tray menu (they do not apply there).
  const item = (id: Parameters<typeof commandItem>[0]) => commandItem(id, context, { withAccelerator: false });
  return tidy([
    ...(context.locked ? [] : [{ type: 'info', label: unreadLine(unread) } as const]),
    ...(context.locked || notHandled === 0 ? [] : [{ type: 'info', label: say(msg('menu.notHandled', { notHandled })) } as const]),
    separator,
    item('showWindow'),
    item('newFax'),
    item('syncNow'),
    separator,
    item('lock'),
    ...(context.updateReady ? [item('restartToUpdate')] : []),
    separator,
    item('quit'),
  ]);
}
