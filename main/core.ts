/**
 * Assembles the main process from plain-Node parts: stores, services, IPC handlers and the event bus. The
 * Electron shell and the browser harness both call `createCore`, so the renderer meets the same main in both.
 * Everything that stores data needs the data keys from the OS keychain, so it opens in `start()`; without a
 * keychain those parts answer with the keychain error instead of storing anything in the clear.
 */
import type { SyncState } from '../preload/models';
import { openServices } from './open-services';
import type { CoreDeps } from './core-deps';
import { createConnectionService, type ConnectionService } from './connection/connection-service';
import { AppError } from './errors';
import { composeHandlers } from './ipc/compose-handlers';
import { directoryHandlers } from './ipc/directory-handlers';
import { automationHandlers } from './ipc/automation-handlers';
import { intakeHandlers } from './ipc/intake-handlers';
import { chartHandlers } from './ipc/chart-handlers';
import { officeHubHandlers } from './ipc/office-hub-handlers';
import { documentHandlers } from './ipc/document-handlers';
import { createDispatcher, type Dispatch, type Handlers } from './ipc/dispatcher';
import { createEventBus, type EventBus } from './runtime/event-bus';
import { faxHandlers } from './ipc/fax-handlers';
import type { HandlerContext, Services } from './ipc/services';
import { appHandlers } from './ipc/app-handlers';
import { sessionHandlers } from './ipc/session-handlers';
import { lockGate, rendererEvents } from './ipc/lock-gate';
import { createLockService, type LockService } from './lock/lock-service';
import { createPageRenderer, sourcePageRendererLocation } from './pages/page-renderer';
import { createOpenedFiles, type OpenedFiles } from './compose/opened-files';
import { createAppStatus } from './sync/app-status';
import { createPresence } from './sync/presence';
import { createAppCommands, type AppCommands } from './app-commands';
import { recentProblems } from './log/recent-problems';
import { diagnosticsText } from './support/diagnostics';
import { createCrashRecovery, type CrashRecovery } from './window/crash-recovery';
import path from 'node:path';
import { msg } from '../preload/i18n/translator';
import { chooseMainLanguage, setSystemLanguages } from './i18n/main-locale';
import { createOrganizationPolicies, noPolicySource } from './policy/organization-policies';
import { policedSettings } from './policy/policed-settings';

/** How long a staged file outlives the draft that no longer refers to it. */
const stagedFilesKeptMs = 7 * 24 * 3600 * 1000;

export type { CoreDeps } from './core-deps';

export interface Core {
  handlers: Handlers;
  dispatch: Dispatch;
  events: EventBus;
  /** The events the renderer may receive (held back while the app is locked). */
  rendererEvents: Pick<EventBus, 'subscribe'>;
  connection: ConnectionService;
  lock: LockService;
  /** Files opened with the app: staged now, taken into compose by the window. */
  openedFiles: OpenedFiles;
  /** The commands, menus and updates the shell shows (and the harness drives). */
  commands: AppCommands;
  /** What to do when the window's renderer crashes or hangs. */
  crashRecovery: CrashRecovery;
  /** Opens the encrypted stores, then connects with a stored key, then starts sync and the outbox. */
  start(): Promise<void>;
  /** The services once started (tests and benchmarks). */
  services(): Promise<Services>;
  /** Stops timers and closes files; the core is unusable afterwards. */
  dispose(): Promise<void>;
}

export function createCore(given: CoreDeps): Core {
  const events = createEventBus((error) => given.log.error('events.listener_failed', { error }));
  // The organization's policies first: every service reads the settings as they leave them.
  const policies = createOrganizationPolicies({ source: given.policySource ?? noPolicySource, events, log: given.log, ...(given.timers ? { timers: given.timers } : {}) });
  const deps: CoreDeps = { ...given, settings: policedSettings(given.settings, () => policies.current()) };
  events.on('policiesChanged', () => events.emit('settingsChanged', deps.settings.get()));
  setSystemLanguages(deps.systemLanguages ?? []);
  chooseMainLanguage(deps.settings.get().language);
  events.on('settingsChanged', (settings) => chooseMainLanguage(settings.language));
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
  // Whether someone is looking at the app (the sync cadence follows it); the lock is read when asked.
  let lockedNow = (): boolean => false;
  const presence = createPresence({ events, locked: () => lockedNow() });
  let syncState = (): SyncState | null => null;
  const status = createAppStatus({ events, connection: () => connection.state(), sync: () => syncState(), ...(deps.now ? { now: deps.now } : {}) });

  const pages = createPageRenderer(deps.pageRenderer ?? sourcePageRendererLocation(), deps.log);

  const services = (): Promise<Services> => {
    if (!opening) return Promise.reject(new AppError('internal', msg('core.theAppIsStill')));
    return opening;
  };

  const lock = createLockService({
    secrets: deps.secrets,
    settings: deps.settings,
    events,
    log: deps.log.child('lock'),
    audit: (action) => {
      opening?.then((opened) => opened.cache.audit.record(action)).catch(() => undefined);
    },
    ...(deps.now ? { now: deps.now } : {}),
    ...(deps.timers ? { timers: deps.timers } : {}),
  });
  lockedNow = () => lock.state().locked;
  let lockReady: Promise<void> | null = null;
  // Until the persisted lock has been read, no data request is answered (a relaunch must not open a locked app).
  const ensureLock = (): Promise<void> =>
    (lockReady ??= lock.start().catch((error: unknown) => {
      deps.log.error('core.lock_unavailable', { error });
    }));

  const openedFiles = createOpenedFiles({ staging: async () => (await services()).staging, events });
  const crashRecovery = createCrashRecovery(deps.now);
  const problems = deps.problems ?? recentProblems();
  let opened: Services | null = null;
  const commands = createAppCommands({
    appName: deps.appInfo.name,
    platform: deps.appInfo.platform,
    development: deps.development === true,
    events,
    desktop: deps.desktop,
    log: deps.log,
    connection: () => connection.state(),
    lock: { locked: () => lock.state().locked, lockable: () => lock.state().unlockWith !== 'none', lockNow: () => lock.lockNow() },
    syncNow: async () => (await services()).sync.runOnce(),
    openFiles: (paths) => openedFiles.open(paths),
    logFolder: path.join(deps.dataDir, 'logs'),
    diagnostics: () => {
      const outbox = opened?.outbox.list() ?? [];
      return diagnosticsText({
        appInfo: deps.appInfo,
        connection: connection.state(),
        status: status.current(),
        outbox: {
          waiting: outbox.filter((item) => item.state !== 'accepted' && item.state !== 'failed' && item.state !== 'held').length,
          failed: outbox.filter((item) => item.state === 'failed').length,
          held: outbox.filter((item) => item.state === 'held').length,
        },
        problems: problems.list(),
        now: new Date(deps.now?.() ?? Date.now()),
      });
    },
    uploading: () => opened?.outbox.list().some((item) => item.state === 'uploading') ?? false,
    autoUpdate: () => deps.settings.get().autoUpdate,
    updateFeedUrl: () => policies.current().UpdateFeedUrl ?? null,
    ...(deps.updater ? { updater: deps.updater } : {}),
  });

  const context: HandlerContext = { services, connection, settings: deps.settings, secrets: deps.secrets, events, desktop: deps.desktop, log: deps.log, policies };
  const handlers: Handlers = {
    ...appHandlers({
      appInfo: deps.appInfo,
      desktop: deps.desktop,
      settings: deps.settings,
      connection,
      events,
      status,
      presence,
      openedFiles,
      crashRecovery,
      commands,
      rescheduleSync: async () => {
        if (opening) (await opening).sync.reschedule();
      },
    }),
    ...sessionHandlers({ connection, lock, ensureLock, policies }),
    getPolicies: () => Promise.resolve(policies.view()),
    ...faxHandlers(context),
    ...composeHandlers(context),
    ...directoryHandlers(context),
    ...automationHandlers(context),
    ...intakeHandlers(context),
    ...chartHandlers(context),
    ...officeHubHandlers(context),
    ...documentHandlers(context),
  };

  return {
    handlers,
    dispatch: createDispatcher(handlers, deps.log.child('ipc'), lockGate(lock, ensureLock)),
    events,
    rendererEvents: rendererEvents(events, lock),
    connection,
    lock,
    openedFiles,
    commands,
    crashRecovery,
    services,
    async start() {
      await policies.start();
      await ensureLock();
      opening ??= openServices(deps, {
        connection,
        events,
        presence,
        pages,
        openedFiles,
        onSyncEngine: (sync) => {
          syncState = () => sync.state();
        },
      });
      opening.catch((error: unknown) => deps.log.error('core.stores_unavailable', { error }));
      try {
        opened = await opening;
      } catch {
        opened = null;
      }
      await connection.start();
      commands.updates?.start();
      if (opened) {
        commands.noteUnread(opened.faxes.unreadCount());
        commands.noteNotHandled(opened.faxes.notHandledCount());
        await opened.outbox.start();
        // The office is known before the rules run (a rule in an office asks the hub before it acts); its hub connects
        // in the background (one that cannot be reached holds nothing up).
        await opened.officeHub.start().catch((error: unknown) => deps.log.warn('core.office_hub_failed', { error }));
        await opened.office.start();
        void opened.reports.resume();
        opened.sync.start();
        opened.replies.start();
        opened.recognition?.start();
        // Files staged for a draft that was abandoned a week ago go; those of the draft and of drafts set aside stay.
        await opened.staging.purgeOlderThan(stagedFilesKeptMs, await opened.drafts.fileIdsInUse());
      }
    },
    async dispose() {
      policies.stop();
      commands.updates?.stop();
      lock.dispose();
      connection.dispose();
      await pages.close();
      if (opening) {
        const opened = await opening.catch(() => null);
        if (opened) {
          opened.replies.stop();
          await opened.recognition?.stop();
          await opened.chart.stop();
          opened.reports.stop();
          await opened.office.stop();
          await opened.faxPrinters.stop?.();
          await opened.officeHub.stop();
          await opened.sync.stop();
          await opened.outbox.stop();
          opened.cache.close();
        }
      }
    },
  };
}
