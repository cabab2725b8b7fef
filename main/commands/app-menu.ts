/**
 * The application menu: the platform's standard menus and roles (macOS: the app menu; everywhere: Edit, View,
 * Window, Help) with the app's commands and their accelerators. Reload and DevTools only in development.
 */
import type { CommandContext } from '../../preload/commands';
import { commandItem, separator, tidy, type MenuItemModel } from './menu-model';
import { msg } from '../../preload/i18n/translator';
import { say } from '../i18n/main-locale';

export interface AppMenuOptions {
  platform: string;
  development: boolean;
  appName: string;
}

export function appMenu(context: CommandContext, options: AppMenuOptions): MenuItemModel[] {
  const mac = options.platform === 'darwin';
  const item = (id: Parameters<typeof commandItem>[0]) => commandItem(id, context);
  const menus: MenuItemModel[] = [];
  if (mac) {
    menus.push({
      type: 'submenu',
      label: options.appName,
      role: 'appMenu',
      items: [
        item('about'),
        separator,
        item('showSettings'),
        separator,
        { type: 'role', role: 'services' },
        separator,
        { type: 'role', role: 'hide' },
        { type: 'role', role: 'hideOthers' },
        { type: 'role', role: 'unhide' },
        separator,
        item('quit'),
      ],
    });
  }
  menus.push({
    type: 'submenu',
    label: say(msg('menu.file')),
    role: 'fileMenu',
    items: tidy([
      item('newFax'),
      item('openFile'),
      separator,
      item('savePdf'),
      item('print'),
      item('exportCsv'),
      separator,
      item('syncNow'),
      item('lock'),
      ...(mac ? [] : [separator, item('showSettings'), separator, item('quit')]),
    ]),
  });
  menus.push({
    type: 'submenu',
    label: say(msg('menu.edit')),
    role: 'editMenu',
    items: [
      { type: 'role', role: 'undo' },
      { type: 'role', role: 'redo' },
      separator,
      { type: 'role', role: 'cut' },
      { type: 'role', role: 'copy' },
      { type: 'role', role: 'paste' },
      { type: 'role', role: 'selectAll' },
    ],
  });
  menus.push({
    type: 'submenu',
    label: say(msg('menu.view')),
    role: 'viewMenu',
    items: tidy([
      item('showInbox'),
      item('showOutbox'),
      item('showContacts'),
      item('showNumbers'),
      item('showAccount'),
      item('showWebhooks'),
      separator,
      { type: 'role', role: 'resetZoom' },
      { type: 'role', role: 'zoomIn' },
      { type: 'role', role: 'zoomOut' },
      separator,
      { type: 'role', role: 'togglefullscreen' },
      ...(options.development ? [separator, { type: 'role', role: 'reload' } as const, { type: 'role', role: 'forceReload' } as const, { type: 'role', role: 'toggleDevTools' } as const] : []),
    ]),
  });
  menus.push({
    type: 'submenu',
    label: say(msg('menu.window')),
    role: 'windowMenu',
    items: mac
      ? [{ type: 'role', role: 'minimize' }, { type: 'role', role: 'zoom' }, separator, { type: 'role', role: 'front' }]
      : [{ type: 'role', role: 'minimize' }, { type: 'role', role: 'close' }],
  });
  menus.push({
    type: 'submenu',
    label: say(msg('menu.help')),
    role: 'help',
    items: tidy([
      item('keyboardShortcuts'),
      separator,
      item('showLogFolder'),
      item('copyDiagnostics'),
      ...(context.updateReady ? [separator, item('restartToUpdate')] : []),
      ...(mac ? [] : [separator, item('about')]),
    ]),
  });
  return menus;
}
