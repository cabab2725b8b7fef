/**
 * The office automation, assembled: the sealed settings, the hot folders, the inbound rules, the count of faxes
 * not handled (for the tray and the status bar) and the daily reminder. Core opens it with the stores and starts
 * and stops it with the rest of main.
 */
import type { OpenPart } from '../runtime/part-file';
import type { EventBus } from '../runtime/event-bus';
import { createDisposables } from '../runtime/disposables';
import type { Cache } from '../store/cache/cache';
import type { Desktop } from '../desktop';
import type { Logger } from '../log/logger';
import type { Outbox } from '../outbox/outbox';
import type { Checkpoint } from '../runtime/checkpoint';
import type { OpenedFiles } from '../compose/opened-files';
import type { Staging } from '../compose/staging';
import type { PageRenderer } from '../pages/page-renderer';
import type { PdfStore } from '../pdf/pdf-store';
import type { Timers } from '../runtime/timers';
import type { Message } from '../../preload/i18n/translator';
import { say } from '../i18n/main-locale';
import { createDailyReminder, type DailyReminder } from './daily-reminder';
import { createClaimJournal } from './hotfolders/claims';
import { createHotFolders, type HotFolderDeps, type HotFolders } from './hotfolders/hot-folders';
import { createInboundRules, type InboundRules, type OfficeTiming, type OfficeTriageActions } from './rules/inbound-rules';
import { isBuiltInKind } from '../../preload/intake';
import { msg } from '../../preload/i18n/translator';
import { openAutomationStore, type AutomationStore } from './automation-store';
import type { OfficeJobs } from './office-jobs';

export interface OfficeAutomationDeps {
  /** Whether faxes are being read on this desk (rules that look for words need it). */
  recognizing?: () => boolean;
  dataDir: string;
  fileKey: Buffer;
  cache: Cache;
  staging: Staging;
  outbox: Outbox;
  pdfs: PdfStore;
  pages: PageRenderer;
  openedFiles: OpenedFiles;
  desktop: Desktop;
  events: EventBus;
  log: Logger;
  now?: () => number;
  timers?: Timers;
  checkpoint?: Checkpoint;
  hotFolderTiming?: Pick<HotFolderDeps, 'stableMs' | 'scanMs'>;
  /** Opens the file a rule's copy is written into (tests give one that fails as a full disk does). */
  openRuleOutput?: OpenPart;
  officeTiming?: OfficeTiming;
  /** In an office: rules and the reminder act once for the office (leases on the hub). */
  officeJobs?: OfficeJobs;
  /** In an office: what the label and assign rules do on the hub. */
  officeTriage?: OfficeTriageActions;
}

export interface OfficeAutomation {
  automation: AutomationStore;
  hotFolders: HotFolders;
  rules: InboundRules;
  reminder: DailyReminder;
  start(): Promise<void>;
  stop(): Promise<void>;
}

export async function openOfficeAutomation(deps: OfficeAutomationDeps): Promise<OfficeAutomation> {
  const { cache, events } = deps;
  const common = { ...(deps.now ? { now: deps.now } : {}), ...(deps.timers ? { timers: deps.timers } : {}), ...(deps.checkpoint ? { checkpoint: deps.checkpoint } : {}) };
  const notify = (title: Message, body: Message): void => events.emit('notice', { title: say(title), body: say(body) });
  const automation = await openAutomationStore({ dataDir: deps.dataDir, fileKey: deps.fileKey, events, ...(deps.now ? { now: deps.now } : {}) });
  const hotFolders = createHotFolders({
    dataDir: deps.dataDir,
    claims: createClaimJournal(deps.dataDir, deps.fileKey),
    staging: deps.staging,
    outbox: deps.outbox,
    events,
    log: deps.log,
    automation: () => automation.get(),
    openInCompose: (result) => {
      deps.openedFiles.give(result);
      deps.desktop.showWindow();
    },
    notify,
    ...common,
    ...deps.hotFolderTiming,
  });
  const rules = createInboundRules({
    cache,
    pdfs: deps.pdfs,
    pages: deps.pages,
    fileKey: deps.fileKey,
    printer: deps.desktop,
    automation: () => automation.get(),
    events,
    log: deps.log,
    notify,
    ...common,
    ...(deps.openRuleOutput ? { openOutput: deps.openRuleOutput } : {}),
    ...(deps.officeTiming ? { officeTiming: deps.officeTiming } : {}),
    ...(deps.officeJobs ? { officeJobs: deps.officeJobs } : {}),
    ...(deps.recognizing ? { recognizing: deps.recognizing } : {}),
    ...(deps.officeTriage ? { officeTriage: deps.officeTriage } : {}),
    kindName: (kind) => (isBuiltInKind(kind) ? say(msg(`intake.kind.${kind}`)) : kind),
  });
  const reminder = createDailyReminder({
    at: () => automation.get().reminderAt,
    counts: (sinceMs) => ({ arrived: cache.handling.arrivedSince(sinceMs), notHandled: cache.handling.notHandled(sinceMs) }),
    notify,
    ...common,
    ...(deps.officeJobs ? { officeJobs: deps.officeJobs } : {}),
  });

  const listening = createDisposables();
  return {
    automation,
    hotFolders,
    rules,
    reminder,
    async start() {
      // New faxes change how many are not handled: the tray and the status bar hear of it.
      let notHandled = cache.handling.notHandled();
      listening.add(events.on('handlingChanged', (handling) => (notHandled = handling.notHandled)));
      listening.add(events.on('automationChanged', () => reminder.schedule()));
      listening.add(
        events.on('faxesChanged', () => {
          const next = cache.handling.notHandled();
          if (next === notHandled) return;
          notHandled = next;
          events.emit('handlingChanged', { notHandled, faxIds: [] });
        }),
      );
      await hotFolders.start();
      await rules.start();
      reminder.schedule();
    },
    async stop() {
      listening.dispose();
      await hotFolders.stop();
      await rules.stop();
      reminder.stop();
    },
  };
}
