/**
 * Assembles the main process from plain-Node parts: stores, services, IPC handlers and the event bus. The
 * Electron shell and the browser harness both call `createCore`, so the renderer meets the same main in both.
 * Everything that stores data needs the data keys from the OS keychain, so it opens in `start()`; without a
 * keychain those parts answer with the keychain error instead of storing anything in the clear.
 */
import type { AppInfo, SyncState } from '../preload/models';
import type { ApiSession, SessionOptions } from './connection/api-session';
import { createConnectionService, type ConnectionService } from './connection/connection-service';
import type { Desktop } from './desktop';
import { AppError } from './errors';
import { composeHandlers } from './ipc/compose-handlers';
import { directoryHandlers } from './ipc/directory-handlers';
import { automationHandlers } from './ipc/automation-handlers';
import type { HotFolderDeps } from './office/hotfolders/hot-folders';
import { openOfficeAutomation } from './office/office-automation';
import { createBackgroundProblems, type BackgroundProblems } from './office/background-problems';
import { createFaxPrinters } from './office/fax-printers';
import { createDispatcher, type Dispatch, type Handlers } from './ipc/dispatcher';
import { createEventBus, type EventBus } from './runtime/event-bus';
import { faxHandlers } from './ipc/fax-handlers';
import type { HandlerContext, Services } from './ipc/services';
import { appHandlers } from './ipc/app-handlers';
import { sessionHandlers } from './ipc/session-handlers';
import { lockGate, rendererEvents } from './ipc/lock-gate';
import { createLockService, type LockService } from './lock/lock-service';
import type { Logger } from './log/logger';
import { createDirectoryService } from './directory/directory-service';
import { createFaxDetails } from './faxes/fax-details';
import { createFaxFiles } from './faxes/fax-files';
import { createComposeService } from './outbox/compose-service';
import { createRecipientGuard } from './guard/recipient-guard';
import { createTransmissionReports } from './faxes/transmission-reports';
import { createReplyTracker } from './replies/reply-tracker';
import { createPreflightService } from './preflight/preflight-service';
import { createPageRenderer, sourcePageRendererLocation, type PageRendererLocation } from './pages/page-renderer';
import { createDrafts } from './compose/drafts';
import { createOpenedFiles, type OpenedFiles } from './compose/opened-files';
import { createOutbox } from './outbox/outbox';
import { recordSendOutcomes } from './outbox/send-outcomes';
import type { Checkpoint } from './runtime/checkpoint';
import { createStaging } from './compose/staging';
import { createSubmissionJournal } from './outbox/submission-journal';
import { createPdfStore } from './pdf/pdf-store';
import { openCache } from './store/cache/cache';
import { loadDataKeys } from './store/crypto/data-keys';
import type { SecretStore } from './store/secret-store';
import type { SettingsStore } from './store/settings-store';
import { createAppStatus } from './sync/app-status';
import { createPresence } from './sync/presence';
import { createSyncEngine } from './sync/sync-engine';
import { accountDueNow } from './sync/directory-sync';
import type { Timers } from './runtime/timers';
import { createAppCommands, type AppCommands } from './app-commands';
import { recentProblems, type RecentProblems } from './log/recent-problems';
import { diagnosticsText } from './support/diagnostics';
import type { UpdaterPort } from './desktop-integration/update-controller';
import { createCrashRecovery, type CrashRecovery } from './window/crash-recovery';
import path from 'node:path';
import type { OpenPart } from './runtime/part-file';
import { msg } from '../preload/i18n/translator';
import { chooseMainLanguage, setSystemLanguages } from './i18n/main-locale';

/** How long a staged file outlives the draft that no longer refers to it. */
const stagedFilesKeptMs = 7 * 24 * 3600 * 1000;

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
  /** Where the render worker is (the bundled app says; from source, the repository's TypeScript). */
  pageRenderer?: PageRendererLocation;
  /** The log sink that keeps the last problems for "Copy diagnostics" (the caller adds it to the logger's sinks). */
  problems?: RecentProblems;
  /** The app's self-updater (the packaged Electron app only). */
  updater?: UpdaterPort;
  /** Reload and DevTools in the View menu. */
  development?: boolean;
  /** The computer's preferred languages, most preferred first (for the "system" language choice). */
  systemLanguages?: readonly string[];
  /** How long a hot-folder file must stay unchanged, and how often folders are looked at (tests shorten them). */
  hotFolderTiming?: Pick<HotFolderDeps, 'stableMs' | 'scanMs'>;
  /** Opens the file an inbound rule's copy is written into (tests give one that fails as a full disk does). */
  openRuleOutput?: OpenPart;
  /** Where the "Fax Desktop" printer's scripts are (assets/cups); without it, the app offers no such printer. */
  faxPrinterScripts?: string;
  /** CUPS's configuration folder (the tests run their own cupsd). */
  cupsServerRoot?: string;
}

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

export function createCore(deps: CoreDeps): Core {
  const events = createEventBus((error) => deps.log.error('events.listener_failed', { error }));
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

  async function openServices(): Promise<Services> {
    const keys = await loadDataKeys(deps.secrets);
    const cache = openCache(deps.dataDir, keys.databaseKeyHex, deps.log, deps.now);
    const staging = createStaging({ dataDir: deps.dataDir, fileKey: keys.fileKey, log: deps.log, ...(deps.now ? { now: deps.now } : {}) });
    const journal = createSubmissionJournal(deps.dataDir, keys.fileKey);
    const common = { ...(deps.now ? { now: deps.now } : {}), ...(deps.timers ? { timers: deps.timers } : {}) };
    const sync = createSyncEngine({ cache, connection, events, settings: deps.settings, log: deps.log, presence, ...common });
    syncState = () => sync.state();
    const outbox = createOutbox({
      journal,
      staging,
      connection,
      cache,
      events,
      log: deps.log,
      fileKey: keys.fileKey,
      outcomes: recordSendOutcomes({
        cache,
        events,
        ...(deps.now ? { now: deps.now } : {}),
        // A fax the service just accepted is followed closely until it reaches its final state; and the account is
        // read again at once when it was paused (the service just took a fax, so it is not: the banner goes).
        afterAccepted: () => {
          if (cache.directory.account()?.paused === true) accountDueNow(cache);
          sync.expedite();
        },
        // A 402: the account is read again at once (its usage and pause show in the window).
        afterQuotaRefused: () => {
          accountDueNow(cache);
          sync.expedite();
        },
      }),
      ...common,
      ...(deps.checkpoint ? { checkpoint: deps.checkpoint } : {}),
    });
    const pdfs = createPdfStore({ dataDir: deps.dataDir, fileKey: keys.fileKey, cache, connection, settings: deps.settings, log: deps.log, ...(deps.now ? { now: deps.now } : {}) });
    // The journal is read before anyone can ask for the draft: a draft it has spent must never show again.
    await outbox.load();
    const drafts = createDrafts(deps.dataDir, keys.fileKey, (draftId) => outbox.hasDraft(draftId), deps.checkpoint);
    let problems: BackgroundProblems | null = null;
    const reports = createTransmissionReports({
      cache,
      pdfs,
      pages,
      fileKey: keys.fileKey,
      desktop: deps.desktop,
      settings: deps.settings,
      log: deps.log,
      onPendingChanged: () => problems?.refresh(),
      ...common,
    });
    // A sent fax that has just finished gets its report in the reports folder (when one is set); a new folder
    // gets the reports still waiting at once.
    let reportFolder = deps.settings.get().reportFolder;
    events.on('faxesChanged', (change) => void reports.autosave(change.updated));
    events.on('settingsChanged', (settings) => {
      if (settings.reportFolder === reportFolder) return;
      reportFolder = settings.reportFolder;
      void reports.retry();
    });
    const office = await openOfficeAutomation({
      dataDir: deps.dataDir,
      fileKey: keys.fileKey,
      cache,
      staging,
      outbox,
      pdfs,
      pages,
      openedFiles,
      desktop: deps.desktop,
      events,
      log: deps.log,
      ...common,
      ...(deps.checkpoint ? { checkpoint: deps.checkpoint } : {}),
      ...(deps.hotFolderTiming ? { hotFolderTiming: deps.hotFolderTiming } : {}),
      ...(deps.openRuleOutput ? { openRuleOutput: deps.openRuleOutput } : {}),
    });
    problems = createBackgroundProblems(
      { hotFolders: () => office.hotFolders.status(), rules: () => cache.ruleActions.failing(), reports: () => reports.pending() },
      (list) => events.emit('backgroundProblemsChanged', list),
    );
    const watchProblems = problems;
    events.subscribe((name) => {
      if (name === 'hotFoldersChanged' || name === 'ruleActionsChanged' || name === 'settingsChanged') watchProblems.refresh();
    });
    const compose = createComposeService({ outbox, drafts, staging, pdfs, cache, connection, checkpoint: deps.checkpoint, ...(deps.now ? { now: deps.now } : {}) });
    return {
      cache,
      staging,
      drafts,
      compose,
      outbox,
      pdfs,
      sync,
      faxes: createFaxDetails({ cache, pdfs, connection, events, ...(deps.now ? { now: deps.now } : {}) }),
      files: createFaxFiles({ cache, pdfs, desktop: deps.desktop, ...(deps.now ? { now: deps.now } : {}) }),
      directory: createDirectoryService({ cache, connection, events }),
      guard: createRecipientGuard({ repository: cache.guard, settings: () => deps.settings.get() }),
      reports,
      replies: createReplyTracker({ cache, events, log: deps.log, ...common }),
      preflight: createPreflightService({ staging, pages, fileKey: keys.fileKey }),
      office,
      automation: office.automation,
      hotFolders: office.hotFolders,
      faxPrinters: createFaxPrinters({
        scriptsDir: deps.faxPrinterScripts ?? null,
        automation: () => office.automation.get(),
        log: deps.log,
        ...(deps.cupsServerRoot ? { cupsServerRoot: deps.cupsServerRoot } : {}),
      }),
      rules: office.rules,
      problems,
    };
  }

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
    ...(deps.updater ? { updater: deps.updater } : {}),
  });

  const context: HandlerContext = { services, connection, settings: deps.settings, events, desktop: deps.desktop, log: deps.log };
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
    ...sessionHandlers({ connection, lock, ensureLock }),
    ...faxHandlers(context),
    ...composeHandlers(context),
    ...directoryHandlers(context),
    ...automationHandlers(context),
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
      await ensureLock();
      opening ??= openServices();
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
        await opened.office.start();
        void opened.reports.resume();
        opened.sync.start();
        opened.replies.start();
        // Files staged for a draft that was abandoned a week ago go; those of the draft and of drafts set aside stay.
        await opened.staging.purgeOlderThan(stagedFilesKeptMs, await opened.drafts.fileIdsInUse());
      }
    },
    async dispose() {
      commands.updates?.stop();
      lock.dispose();
      connection.dispose();
      await pages.close();
      if (opening) {
        const opened = await opening.catch(() => null);
        if (opened) {
          opened.replies.stop();
          opened.reports.stop();
          await opened.office.stop();
          await opened.sync.stop();
          await opened.outbox.stop();
          opened.cache.close();
        }
      }
    },
  };
}
