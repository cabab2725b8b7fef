// The application, tray and context menus as data: platform roles, accelerators, enabled states.
import { describe, expect, it } from 'vitest';
import { idleCommandContext, type CommandContext } from '../../../preload/commands';
import { appMenu } from '../../../main/commands/app-menu';
import { contextMenu } from '../../../main/commands/context-menu';
import { commandItems, type MenuItemModel } from '../../../main/commands/menu-model';
import { trayMenu, trayTooltip } from '../../../main/commands/tray-menu';

const ready: CommandContext = { ...idleCommandContext, connected: true, lockable: true, views: ['compose', 'inbox', 'outbox', 'contacts', 'numbers', 'account', 'webhooks'], screen: 'inbox' };
const options = { platform: 'linux', development: false, appName: 'Fax Desktop' };

const roles = (items: readonly MenuItemModel[]): string[] =>
  items.flatMap((item) => (item.type === 'role' ? [item.role] : item.type === 'submenu' ? roles(item.items) : []));
const labels = (items: readonly MenuItemModel[]) => items.map((item) => (item.type === 'submenu' ? item.label : item.type));

describe('application menu', () => {
  it('Windows/Linux: File, Edit, View, Window, Help with the standard roles; Quit and Settings in File', () => {
    const menu = appMenu(ready, options);
    expect(labels(menu)).toEqual(['File', 'Edit', 'View', 'Window', 'Help']);
    expect(roles(menu)).toEqual(expect.arrayContaining(['undo', 'redo', 'cut', 'copy', 'paste', 'selectAll', 'zoomIn', 'zoomOut', 'resetZoom', 'togglefullscreen', 'minimize']));
    const file = commandItems([menu[0] as MenuItemModel]).map((item) => item.command);
    expect(file).toEqual(['newFax', 'openFile', 'savePdf', 'print', 'exportCsv', 'syncNow', 'lock', 'showSettings', 'quit']);
    const help = commandItems([menu[4] as MenuItemModel]).map((item) => item.command);
    expect(help).toEqual(['keyboardShortcuts', 'showLogFolder', 'copyDiagnostics', 'about']);
  });

  it('macOS: the app menu first, with About, Settings, Services, Hide and Quit', () => {
    const menu = appMenu(ready, { ...options, platform: 'darwin' });
    expect(labels(menu)).toEqual(['Fax Desktop', 'File', 'Edit', 'View', 'Window', 'Help']);
    const appItems = commandItems([menu[0] as MenuItemModel]).map((item) => item.command);
    expect(appItems).toEqual(['about', 'showSettings', 'quit']);
    expect(roles([menu[0] as MenuItemModel])).toEqual(['services', 'hide', 'hideOthers', 'unhide']);
    expect(commandItems([menu[1] as MenuItemModel]).map((item) => item.command)).not.toContain('quit');
  });

  it('Reload and DevTools only in development', () => {
    expect(roles(appMenu(ready, options))).not.toContain('reload');
    expect(roles(appMenu(ready, options))).not.toContain('toggleDevTools');
    expect(roles(appMenu(ready, { ...options, development: true }))).toEqual(expect.arrayContaining(['reload', 'forceReload', 'toggleDevTools']));
  });

  it('views 1–6 carry their accelerators; items the context does not allow are disabled', () => {
    const items = commandItems(appMenu({ ...ready, views: ['inbox', 'outbox'] }, options));
    const byId = new Map(items.map((item) => [item.command, item]));
    expect(byId.get('showInbox')).toMatchObject({ accelerator: 'CmdOrCtrl+1', enabled: true });
    expect(byId.get('showWebhooks')).toMatchObject({ accelerator: 'CmdOrCtrl+6', enabled: false });
    expect(byId.get('newFax')?.enabled).toBe(false);
    expect(byId.get('savePdf')?.enabled).toBe(false);
    expect(byId.has('restartToUpdate')).toBe(false);
    expect(commandItems(appMenu({ ...ready, updateReady: true }, options)).some((item) => item.command === 'restartToUpdate' && item.enabled)).toBe(true);
  });

  it('never starts or ends a menu with a separator, nor doubles one', () => {
    const check = (items: readonly MenuItemModel[]): void => {
      expect(items[0]?.type).not.toBe('separator');
      expect(items[items.length - 1]?.type).not.toBe('separator');
      items.forEach((item, index) => {
        if (item.type === 'separator') expect(items[index + 1]?.type).not.toBe('separator');
        if (item.type === 'submenu') check(item.items);
      });
    };
    for (const platform of ['linux', 'darwin', 'win32']) check(appMenu(ready, { ...options, platform }));
  });
});

describe('tray menu', () => {
  it('shows the unread count, opens the window, and quits', () => {
    const menu = trayMenu(ready, 3);
    expect(menu[0]).toEqual({ type: 'info', label: '3 unread faxes' });
    expect(commandItems(menu).map((item) => item.command)).toEqual(['showWindow', 'newFax', 'syncNow', 'lock', 'quit']);
    expect(commandItems(menu).every((item) => item.accelerator === undefined)).toBe(true);
    expect(trayMenu(ready, 1)[0]).toEqual({ type: 'info', label: '1 unread fax' });
    expect(trayTooltip(0, 'Fax Desktop')).toBe('Fax Desktop');
    expect(trayTooltip(2, 'Fax Desktop')).toBe('Fax Desktop — 2 unread faxes');
  });

  it('while locked: no count, and only opening the window and quitting work', () => {
    const menu = trayMenu({ ...ready, locked: true }, 5);
    expect(menu.some((item) => item.type === 'info')).toBe(false);
    expect(commandItems(menu).filter((item) => item.enabled).map((item) => item.command)).toEqual(['showWindow', 'quit']);
  });
});

describe('context menu', () => {
  const flags = { canCut: true, canCopy: true, canPaste: true, canSelectAll: true };
  it('in a text field: cut, copy, paste, select all, as the field allows', () => {
    const menu = contextMenu({ isEditable: true, selectionText: '', editFlags: { ...flags, canCut: false, canCopy: false } });
    expect(menu.filter((item) => item.type === 'role')).toEqual([
      { type: 'role', role: 'cut', enabled: false },
      { type: 'role', role: 'copy', enabled: false },
      { type: 'role', role: 'paste', enabled: true },
      { type: 'role', role: 'selectAll', enabled: true },
    ]);
  });

  it('on selected text: copy only; elsewhere: nothing', () => {
    expect(contextMenu({ isEditable: false, selectionText: 'Fax 0042', editFlags: flags })).toEqual([{ type: 'role', role: 'copy' }]);
    expect(contextMenu({ isEditable: false, selectionText: '  ', editFlags: flags })).toEqual([]);
  });
});
