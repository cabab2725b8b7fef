/**
 * The app itself over IPC: what it is, its status and settings, the window's reports (presence, the screen shown),
 * commands, files opened with the app, updates and the crash-recovery notice.
 */
import type { CommandId } from '../../preload/commands';
import type { AppInfo, UpdateView } from '../../preload/models';
import type { CommandOutcome } from '../commands/command-runner';
import type { Desktop } from '../desktop';
import type { ConnectionService } from '../connection/connection-service';
import type { OpenedFiles } from '../compose/opened-files';
import type { EventBus } from '../runtime/event-bus';
import type { SettingsStore } from '../store/settings-store';
import type { AppStatusService } from '../sync/app-status';
import type { Presence } from '../sync/presence';
import type { CrashRecovery } from '../window/crash-recovery';
import type { Handlers } from './dispatcher';
import { updateSettings } from './settings-handlers';

type AppHandlers = Pick<
  Handlers,
  | 'getAppInfo'
  | 'copyText'
  | 'getStatus'
  | 'getSettings'
  | 'updateSettings'
  | 'reportPresence'
  | 'takeOpenedFiles'
  | 'runCommand'
  | 'reportWindow'
  | 'getUpdateState'
  | 'takeRecoveryNotice'
>;

export interface AppHandlerDeps {
  appInfo: AppInfo;
  desktop: Desktop;
  settings: SettingsStore;
  connection: ConnectionService;
  events: EventBus;
  status: AppStatusService;
  presence: Presence;
  openedFiles: OpenedFiles;
  crashRecovery: CrashRecovery;
  /** A new poll interval takes effect at once (when the services are open). */
  rescheduleSync: () => Promise<void>;
  commands: { run(command: CommandId): Promise<CommandOutcome>; reportWindow(report: { screen: string; faxOpen: boolean }): void; updateView(): UpdateView };
}

export function appHandlers(deps: AppHandlerDeps): AppHandlers {
  return {
    getAppInfo: () => Promise.resolve(deps.appInfo),
    copyText: async ({ text }) => {
      await deps.desktop.copyText(text);
      return null;
    },
    getStatus: () => Promise.resolve(deps.status.current()),
    getSettings: () => Promise.resolve(deps.settings.get()),
    updateSettings: async (patch) => {
      const next = updateSettings(patch, { settings: deps.settings, connection: deps.connection, events: deps.events });
      if (patch.pollIntervalSeconds !== undefined) await deps.rescheduleSync();
      return next;
    },
    reportPresence: (window) => {
      deps.presence.report(window);
      return Promise.resolve(null);
    },
    takeOpenedFiles: () => Promise.resolve(deps.openedFiles.take()),
    runCommand: async ({ command }) => ({ outcome: await deps.commands.run(command) }),
    reportWindow: (report) => {
      deps.commands.reportWindow(report);
      return Promise.resolve(null);
    },
    getUpdateState: () => Promise.resolve(deps.commands.updateView()),
    takeRecoveryNotice: () => Promise.resolve({ recovered: deps.crashRecovery.takeRecoveredNotice() }),
  };
}
