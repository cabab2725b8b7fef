/**
 * Assembles the main process from plain-Node parts: stores, services, IPC handlers and the event bus. The
 * Electron shell and the browser harness both call `createCore`, so the renderer meets the same main in both.
 */
import type { AppInfo } from '../preload/models';
import type { SessionOptions, ApiSession } from './connection/api-session';
import { createConnectionService, type ConnectionService } from './connection/connection-service';
import { createDispatcher, type Dispatch, type Handlers } from './ipc/dispatcher';
import { createEventBus, type EventBus } from './ipc/event-bus';
import { updateSettings } from './ipc/settings-handlers';
import type { Logger } from './log/logger';
import type { SecretStore } from './store/secret-store';
import type { SettingsStore } from './store/settings-store';

export interface CoreDeps {
  appInfo: AppInfo;
  dataDir: string;
  settings: SettingsStore;
  secrets: SecretStore;
  log: Logger;
  now?: () => number;
  openSession?: (options: SessionOptions) => ApiSession;
}

export interface Core {
  handlers: Handlers;
  dispatch: Dispatch;
  events: EventBus;
  connection: ConnectionService;
  /** Starts what runs in the background: the connection with a stored key. */
  start(): Promise<void>;
  /** Stops timers and closes files; the core is unusable afterwards. */
  dispose(): Promise<void>;
}

export function createCore(deps: CoreDeps): Core {
  const events = createEventBus((error) => deps.log.error('events.listener_failed', { error }));
  const connection = createConnectionService({
    settings: deps.settings,
    secrets: deps.secrets,
    events,
    log: deps.log,
    dataDir: deps.dataDir,
    userAgent: `FaxDesktop/${deps.appInfo.version}`,
    ...(deps.now ? { now: deps.now } : {}),
    ...(deps.openSession ? { openSession: deps.openSession } : {}),
  });
  const handlers: Handlers = {
    getAppInfo: () => Promise.resolve(deps.appInfo),
    getConnection: () => Promise.resolve(connection.state()),
    getSettings: () => Promise.resolve(deps.settings.get()),
    updateSettings: (patch) => Promise.resolve(updateSettings(patch, { settings: deps.settings, connection, events })),
    connect: (request) => connection.connect(request),
    reconnect: () => connection.reconnect(),
    signOut: () => connection.signOut(),
  };
  return {
    handlers,
    dispatch: createDispatcher(handlers, deps.log.child('ipc')),
    events,
    connection,
    async start() {
      await connection.start();
    },
    dispose() {
      connection.dispose();
      return Promise.resolve();
    },
  };
}
