/**
 * Opens everything that keeps data, once the data keys are read from the OS keychain: the encrypted cache, the
 * outbox's journal (read before a draft can be asked for), staging, drafts, PDFs and the services built on them.
 */
import type { ConnectionService } from './connection/connection-service';
import { openOfficeAutomation } from './office/office-automation';
import { createBackgroundProblems, type BackgroundProblems } from './office/background-problems';
import { waitingReasons } from './office/rules/rule-waits';
import { createFaxPrinters } from './office/fax-printers';
import { createOfficeService } from './triage/office-service';
import type { EventBus } from './runtime/event-bus';
import type { Services } from './ipc/services';
import { createDirectoryService } from './directory/directory-service';
import { createFaxDetails } from './faxes/fax-details';
import { createFaxFiles } from './faxes/fax-files';
import { createComposeService } from './outbox/compose-service';
import { createRecipientGuard } from './guard/recipient-guard';
import { createTransmissionReports } from './faxes/transmission-reports';
import { createReplyTracker } from './replies/reply-tracker';
import { createPreflightService } from './preflight/preflight-service';
import type { PageRenderer } from './pages/page-renderer';
import { createDrafts } from './compose/drafts';
import type { OpenedFiles } from './compose/opened-files';
import { createOutbox } from './outbox/outbox';
import { recordSendOutcomes } from './outbox/send-outcomes';
import { createStaging } from './compose/staging';
import { createSubmissionJournal } from './outbox/submission-journal';
import { createPdfStore } from './pdf/pdf-store';
import { openCache } from './store/cache/cache';
import { loadDataKeys } from './store/crypto/data-keys';
import type { Presence } from './sync/presence';
import { createSyncEngine, type SyncEngine } from './sync/sync-engine';
import { accountDueNow } from './sync/directory-sync';
import type { CoreDeps } from './core-deps';
import { createRecognizer } from './ocr/recognizer';
import { languageFolder, languagesFor } from './ocr/recognition-languages';
import { createTextRecognition } from './ocr/text-recognition';
import { createIntakeService } from './intake/intake-service';
import { openChart } from './chart/open-chart';
import { createPageWork } from './documents/page-work';
import { createFillSign } from './documents/fill-sign';

/** What the core made before the stores could open, and how it learns of the sync engine. */
export interface SharedParts {
  connection: ConnectionService;
  events: EventBus;
  presence: Presence;
  pages: PageRenderer;
  openedFiles: OpenedFiles;
  onSyncEngine: (sync: SyncEngine) => void;
}

export async function openServices(deps: CoreDeps, shared: SharedParts): Promise<Services> {
  const { connection, events, presence, pages, openedFiles } = shared;
  const keys = await loadDataKeys(deps.secrets);
  const cache = openCache(deps.dataDir, keys.databaseKeyHex, deps.log, deps.now);
  const staging = createStaging({ dataDir: deps.dataDir, fileKey: keys.fileKey, log: deps.log, ...(deps.now ? { now: deps.now } : {}) });
  const journal = createSubmissionJournal(deps.dataDir, keys.fileKey);
  const common = { ...(deps.now ? { now: deps.now } : {}), ...(deps.timers ? { timers: deps.timers } : {}) };
  const sync = createSyncEngine({ cache, connection, events, settings: deps.settings, log: deps.log, presence, ...common });
  shared.onSyncEngine(sync);
  const officeHub = createOfficeService({
    dataDir: deps.dataDir,
    fileKey: keys.fileKey,
    secrets: deps.secrets,
    cache,
    events,
    log: deps.log,
    desktop: deps.desktop,
    ...common,
    ...(deps.checkpoint ? { checkpoint: deps.checkpoint } : {}),
    ...(deps.officeTiming ? { leaseMs: deps.officeTiming.leaseMs } : {}),
    ...(deps.officeTiming?.joinPollMs !== undefined ? { joinPollMs: deps.officeTiming.joinPollMs } : {}),
  });
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
      // In an office, who sent it and the reply it expects are the office's.
      onRecorded: (faxId, replyDue) => officeHub.shareSent(faxId, replyDue),
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
  // Made below (it needs the PDFs); the rules ask only once faxes arrive.
  let recognizing = (): boolean => false;
  const office = await openOfficeAutomation({
    recognizing: () => recognizing(),
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
    ...(deps.officeTiming ? { officeTiming: deps.officeTiming } : {}),
    officeJobs: officeHub.jobs,
    officeTriage: {
      joined: () => officeHub.view().joined,
      addLabel: async (faxId, labelId) => {
        const carried = officeHub.summaries([faxId]).get(faxId)?.labels.map((label) => label.id) ?? [];
        await officeHub.setLabels(faxId, [...carried, labelId]);
      },
      assign: (faxId, login) => officeHub.assign(faxId, login),
    },
  });
  problems = createBackgroundProblems(
    { hotFolders: () => office.hotFolders.status(), rules: () => cache.ruleActions.failing(waitingReasons), reports: () => reports.pending() },
    (list) => events.emit('backgroundProblemsChanged', list),
  );
  const watchProblems = problems;
  events.subscribe((name) => {
    if (name === 'hotFoldersChanged' || name === 'ruleActionsChanged' || name === 'settingsChanged') watchProblems.refresh();
  });
  const faxPrinters = createFaxPrinters({
    scriptsDir: deps.faxPrinterScripts ?? null,
    automation: () => office.automation.get(),
    log: deps.log,
    ...(deps.cupsServerRoot ? { cupsServerRoot: deps.cupsServerRoot } : {}),
  });
  // Windows: the app listens for its printers' jobs while it runs.
  void faxPrinters.start?.().catch((error: unknown) => deps.log.warn('core.fax_printers_failed', { error }));
  // Without its language data (a damaged install) the app runs as before, only without reading faxes.
  const languageDir = deps.recognition
    ? await languageFolder(deps.recognition.appRoot, deps.dataDir).catch((error: unknown) => {
        deps.log.warn('ocr.language_data_unavailable', { error });
        return null;
      })
    : null;
  const intake = createIntakeService({ cache, events, log: deps.log.child('intake'), ...(deps.now ? { now: deps.now } : {}) });
  // Filing into the chart: nothing runs until Settings name a patient source.
  const chart = openChart({ cache, pdfBytes: (faxId) => pdfs.bytes(faxId), settings: deps.settings, secrets: deps.secrets, events, log: deps.log.child('chart'), officeJobs: officeHub.jobs, ...common, ...(deps.checkpoint ? { checkpoint: deps.checkpoint } : {}) });
  void chart.start().catch((error: unknown) => deps.log.error('chart.start_failed', { error }));
  void intake.catchUp().catch((error: unknown) => deps.log.error('intake.catch_up_failed', { error }));
  const recognition = deps.recognition && languageDir !== null
    ? createTextRecognition({
        afterRead: (faxId) => {
          if (intake.read(faxId) !== null) void chart.afterIntake(faxId);
        },
        cache,
        pdfs,
        fileKey: keys.fileKey,
        settings: deps.settings,
        events,
        log: deps.log.child('ocr'),
        recognizer: createRecognizer({
          start: deps.recognition.start,
          settings: {
            languageDir,
            languages: languagesFor,
            standardFontsDir: deps.recognition.standardFontsDir,
            workerPath: deps.recognition.workerPath,
            priority: deps.recognition.priority,
          },
          log: deps.log.child('ocr'),
          ...(deps.timers ? { timers: deps.timers } : {}),
        }),
        ...(deps.timers ? { timers: deps.timers } : {}),
      })
    : null;
  recognizing = () => recognition !== null && deps.settings.get().recognizeText;
  const compose = createComposeService({ outbox, drafts, staging, pdfs, cache, connection, checkpoint: deps.checkpoint, ...(deps.now ? { now: deps.now } : {}) });
  return {
    cache,
    staging,
    drafts,
    compose,
    outbox,
    pdfs,
    sync,
    faxes: createFaxDetails({ cache, pdfs, connection, events, triage: officeHub, ...(deps.now ? { now: deps.now } : {}) }),
    files: createFaxFiles({ cache, pdfs, desktop: deps.desktop, ...(deps.now ? { now: deps.now } : {}) }),
    directory: createDirectoryService({ cache, connection, events }),
    guard: createRecipientGuard({ repository: cache.guard, settings: () => deps.settings.get() }),
    reports,
    replies: createReplyTracker({ cache, events, log: deps.log, onLinkedByHand: (inboundId, outboundId) => officeHub.shareReplyLink(inboundId, outboundId), ...common }),
    preflight: createPreflightService({ staging, pages, fileKey: keys.fileKey }),
    office,
    automation: office.automation,
    hotFolders: office.hotFolders,
    faxPrinters,
    rules: office.rules,
    problems,
    officeHub,
    recognition,
    intake,
    chart,
    pageWork: createPageWork({ pdfs, staging, cache, desktop: deps.desktop }),
    fillSign: createFillSign({ pdfs, staging, cache }),
  };
}

