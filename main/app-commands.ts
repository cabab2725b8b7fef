/**
 * The app's commands assembled from the core's parts: the context that enables them (lock, connection, the
 * window's screen, a downloaded update), the one runner that menus, the tray and shortcuts share, the menus as
 * data, and the updater's schedule. The shell renders the menus; the harness "clicks" them the same way.
 */
import { allowedViews, idleCommandContext, type CommandContext, type CommandId } from '../preload/commands';
import type { ConnectionState, UpdateView } from '../preload/models';
import { appMenu } from './commands/app-menu';
import { createCommandRunner, type CommandOutcome, type MainCommandActions } from './commands/command-runner';
import { commandItems, type MenuItemModel } from './commands/menu-model';
import { trayMenu, trayTooltip } from './commands/tray-menu';
import type { Desktop } from './desktop';
import type { Logger } from './log/logger';
import type { EventBus } from './runtime/event-bus';
import { createUpdateController, type UpdateController, type UpdaterPort } from './desktop-integration/update-controller';
import { onMainLocaleChange, say } from './i18n/main-locale';
import { msg } from '../preload/i18n/translator';

export interface AppCommands {
  run(id: CommandId): Promise<CommandOutcome>;
  /** The window says what it shows (the screen, and whether a fax is open in it). */
  reportWindow(report: { screen: string; faxOpen: boolean }): void;
  context(): CommandContext;
  appMenu(): MenuItemModel[];
  trayMenu(): MenuItemModel[];
  trayTooltip(): string;
  unread(): number;
  /** The unread count known at start (later ones come with each `faxesChanged`). */
  noteUnread(count: number): void;
  /** The count of received faxes not marked handled, known at start (later ones come with `handlingChanged`). */
  noteNotHandled(count: number): void;
  /** Runs the command behind a menu item, as a click on it does: refused when the item is disabled. */
  clickMenuItem(menu: 'app' | 'tray', id: CommandId): Promise<CommandOutcome | 'absent'>;
  updates: UpdateController | null;
  updateView(): UpdateView;
  /** Called with nothing when anything a menu shows may have changed (the shell rebuilds its menus). */
  onChange(listener: () => void): () => void;
}

export interface AppCommandsDeps {
  appName: string;
  platform: string;
  development: boolean;
  events: EventBus;
  desktop: Desktop;
  log: Logger;
  connection(): ConnectionState;
  lock: { locked(): boolean; lockable(): boolean; lockNow(): Promise<unknown> };
  syncNow(): Promise<unknown>;
  openFiles(paths: string[]): Promise<unknown>;
  logFolder: string;
  diagnostics(): string;
  uploading(): boolean;
  autoUpdate(): boolean;
  /** The update feed an organization's policy names, or null. */
  updateFeedUrl?: () => string | null;
  updater?: UpdaterPort;
}

export function createAppCommands(deps: AppCommandsDeps): AppCommands {
  const listeners = new Set<() => void>();
  const changed = (): void => {
    for (const listener of [...listeners]) listener();
  };
  let windowReport = { screen: null as string | null, faxOpen: false };
  let unread = 0;
  let notHandled = 0;

  const updates = deps.updater
    ? createUpdateController({
        port: deps.updater,
        enabled: () => deps.autoUpdate(),
        ...(deps.updateFeedUrl ? { feedUrl: deps.updateFeedUrl } : {}),
        uploading: () => deps.uploading(),
        log: deps.log.child('update'),
        onChange: (view) => {
          deps.events.emit('updateChanged', view);
          changed();
        },
      })
    : null;
  const updateView = (): UpdateView => updates?.view() ?? { status: 'unavailable' };

  const context = (): CommandContext => {
    const connection = deps.connection();
    return {
      ...idleCommandContext,
      locked: deps.lock.locked(),
      lockable: deps.lock.lockable(),
      connected: connection.status === 'connected',
      views: allowedViews(connection),
      screen: windowReport.screen,
      faxOpen: windowReport.faxOpen,
      updateReady: updateView().status === 'ready',
    };
  };

  const actions: MainCommandActions = {
    openFile: async () => {
      const paths = await deps.desktop.chooseOpenPaths({
        title: say(msg('dialogs.openDocumentToFax')),
        filters: [{ name: say(msg('dialogs.documents')), extensions: ['pdf', 'docx', 'jpg', 'jpeg', 'png', 'tif', 'tiff'] }],
      });
      if (paths.length > 0) await deps.openFiles(paths);
    },
    syncNow: async () => {
      await deps.syncNow();
    },
    lock: async () => {
      await deps.lock.lockNow();
    },
    showLogFolder: () => deps.desktop.openFolder(deps.logFolder),
    copyDiagnostics: () => deps.desktop.copyText(deps.diagnostics()),
    showWindow: () => deps.desktop.showWindow(),
    restartToUpdate: () => updates?.restartToUpdate(),
    quit: () => deps.desktop.quit(),
  };
  const runner = createCommandRunner({ context, actions, showWindow: () => deps.desktop.showWindow(), events: deps.events, log: deps.log.child('command') });

  deps.events.on('faxesChanged', ({ unreadInbound }) => {
    if (unreadInbound === unread) return;
    unread = unreadInbound;
    changed();
  });
  deps.events.on('handlingChanged', (handling) => {
    if (handling.notHandled === notHandled) return;
    notHandled = handling.notHandled;
    changed();
  });
  deps.events.on('outboxChanged', () => updates?.uploadsChanged());
  deps.events.on('connectionChanged', changed);
  deps.events.on('lockChanged', changed);
  onMainLocaleChange(() => changed());

  const menus = {
    app: () => appMenu(context(), { platform: deps.platform, development: deps.development, appName: deps.appName }),
    tray: () => trayMenu(context(), unread, notHandled),
  };

  return {
    run: (id) => runner.run(id),
    reportWindow(report) {
      if (report.screen === windowReport.screen && report.faxOpen === windowReport.faxOpen) return;
      windowReport = report;
      changed();
    },
    context,
    appMenu: menus.app,
    trayMenu: menus.tray,
    trayTooltip: () => trayTooltip(unread, deps.appName),
    unread: () => unread,
    noteUnread(count) {
      if (count === unread) return;
      unread = count;
      changed();
    },
    noteNotHandled(count) {
      if (count === notHandled) return;
      notHandled = count;
      changed();
    },
    async clickMenuItem(menu, id) {
      const item = commandItems(menus[menu]()).find((candidate) => candidate.command === id);
      if (!item) return 'absent';
      return item.enabled ? runner.run(id) : 'disabled';
    },
    updates,
    updateView,
    onChange(listener) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
  };
}
