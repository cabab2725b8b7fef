/**
 * Assembles the main process from plain-Node parts: stores, services, IPC handlers and the event bus. The
 * Electron shell and the browser harness both call `createCore`, so the renderer meets the same main in both.
 */
import type { AppInfo } from '../preload/models';
import { createDispatcher, type Dispatch, type Handlers } from './ipc/dispatcher';
import { createEventBus, type EventBus } from './ipc/event-bus';
import type { Logger } from './log/logger';
import type { SecretStore } from './store/secret-store';
import type { SettingsStore } from './store/settings-store';

export interface CoreDeps {
  appInfo: AppInfo;
  dataDir: string;
  settings: SettingsStore;
  secrets: SecretStore;
  log: Logger;
}

export interface Core {
  handlers: Handlers;
  dispatch: Dispatch;
  events: EventBus;
  /** Stops timers and closes files; the core is unusable afterwards. */
  dispose(): Promise<void>;
}

export function createCore(deps: CoreDeps): Core {
  const events = createEventBus((error) => deps.log.error('events.listener_failed', { error }));
  const handlers: Handlers = {
    getAppInfo: () => Promise.resolve(deps.appInfo),
    getConnection: () => Promise.resolve({ status: 'signed_out', baseUrl: deps.settings.get().baseUrl }),
    getSettings: () => Promise.resolve(deps.settings.get()),
  };
  return {
    handlers,
    dispatch: createDispatcher(handlers, deps.log.child('ipc')),
    events,
    dispose: () => Promise.resolve(),
  };
}
