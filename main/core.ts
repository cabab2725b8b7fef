/**
 * Assembles the main process from plain-Node parts: stores, services, IPC handlers and the event bus. The
 * Electron shell and the browser harness both call `createCore`, so the renderer meets the same main in both.
 * Everything that stores data needs the data keys from the OS keychain, so it opens in `start()`; without a
 * keychain those parts answer with the keychain error instead of storing anything in the clear.
 */
import type { AppInfo } from '../preload/models';
import type { ApiSession, SessionOptions } from './connection/api-session';
import { createConnectionService, type ConnectionService } from './connection/connection-service';
import type { Desktop } from './desktop';
import { AppError } from './errors';
import { composeHandlers } from './ipc/compose-handlers';
import { directoryHandlers } from './ipc/directory-handlers';
import { createDispatcher, type Dispatch, type Handlers } from './ipc/dispatcher';
import { createEventBus, type EventBus } from './ipc/event-bus';
import { faxHandlers } from './ipc/fax-handlers';
import type { HandlerContext, Services } from './ipc/services';
import { updateSettings } from './ipc/settings-handlers';
import type { Logger } from './log/logger';
import { createDrafts } from './outbox/drafts';
import { createOutbox, type Checkpoint } from './outbox/outbox';
import { createStaging } from './outbox/staging';
import { createSubmissionJournal } from './outbox/submission-journal';
import { createPdfStore } from './pdf/pdf-store';
import { openCache } from './store/cache/cache';
import { loadDataKeys } from './store/crypto/data-keys';
import type { SecretStore } from './store/secret-store';
import type { SettingsStore } from './store/settings-store';
import { createSyncEngine } from './sync/sync-engine';
import type { Timers } from './sync/timers';

export interface CoreDeps {
  appInfo: AppInfo;
  dataDir: string;
  settings: SettingsStore;
  secrets: SecretStore;
  log: Logger;
  desktop: Desktop;
  now?: () => number;
  timers?: Timers;
  openSession?: (options: SessionOptions) => ApiSession;
  checkpoint?: Checkpoint;
}

export interface Core {
  handlers: Handlers;
  dispatch: Dispatch;
  events: EventBus;
  connection: ConnectionService;
  /** Opens the encrypted stores, then connects with a stored key, then starts sync and the outbox. */
  start(): Promise<void>;
  /** The services once started (tests and benchmarks). */
  services(): Promise<Services>;
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

  let opening: Promise<Services> | null = null;

  async function openServices(): Promise<Services> {
    const keys = await loadDataKeys(deps.secrets);
    const cache = openCache(deps.dataDir, keys.databaseKeyHex, deps.log, deps.now);
    const staging = createStaging({ dataDir: deps.dataDir, fileKey: keys.fileKey, log: deps.log, ...(deps.now ? { now: deps.now } : {}) });
    const journal = createSubmissionJournal(deps.dataDir, keys.fileKey);
    const common = { ...(deps.now ? { now: deps.now } : {}), ...(deps.timers ? { timers: deps.timers } : {}) };
    const outbox = createOutbox({ journal, staging, connection, cache, events, log: deps.log, fileKey: keys.fileKey, ...common, ...(deps.checkpoint ? { checkpoint: deps.checkpoint } : {}) });
    const sync = createSyncEngine({ cache, connection, events, settings: deps.settings, log: deps.log, ...common });
    const pdfs = createPdfStore({ dataDir: deps.dataDir, fileKey: keys.fileKey, cache, connection, settings: deps.settings, log: deps.log, ...(deps.now ? { now: deps.now } : {}) });
    return { cache, staging, drafts: createDrafts(deps.dataDir, keys.fileKey), outbox, pdfs, sync };
  }

  const services = (): Promise<Services> => {
    if (!opening) return Promise.reject(new AppError('internal', 'The app is still starting. Try again in a moment.'));
    return opening;
  };

  const context: HandlerContext = { services, connection, settings: deps.settings, events, desktop: deps.desktop, log: deps.log };
  const handlers: Handlers = {
    getAppInfo: () => Promise.resolve(deps.appInfo),
    getConnection: () => Promise.resolve(connection.state()),
    getSettings: () => Promise.resolve(deps.settings.get()),
    updateSettings: async (patch) => {
      const next = updateSettings(patch, { settings: deps.settings, connection, events });
      if (patch.pollIntervalSeconds !== undefined && opening) (await opening).sync.reschedule();
      return next;
    },
    connect: (request) => connection.connect(request),
    reconnect: () => connection.reconnect(),
    signOut: () => connection.signOut(),
    ...faxHandlers(context),
    ...composeHandlers(context),
    ...directoryHandlers(context),
  };

  return {
    handlers,
    dispatch: createDispatcher(handlers, deps.log.child('ipc')),
    events,
    connection,
    services,
    async start() {
      opening ??= openServices();
      opening.catch((error: unknown) => deps.log.error('core.stores_unavailable', { error }));
      let opened: Services | null = null;
      try {
        opened = await opening;
      } catch {
        opened = null;
      }
      await connection.start();
      if (opened) {
        await opened.outbox.start();
        opened.sync.start();
      }
    },
    async dispose() {
      connection.dispose();
      if (opening) {
        const opened = await opening.catch(() => null);
        if (opened) {
          await opened.sync.stop();
          await opened.outbox.stop();
          opened.cache.close();
        }
      }
    },
  };
}
