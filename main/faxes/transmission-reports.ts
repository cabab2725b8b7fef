/**
 * Transmission reports (proof of sending): made on request for Save and Print in the fax detail, and saved on
 * their own into the reports folder (Settings) when a fax this app watched reaches its final state — once per
 * fax. The first page is drawn by the render worker from the fax's own document, as the recipient printed it.
 */
import fsp from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { statusGroup } from '../../preload/fax-status';
import type { FaxDetail, SavedFile } from '../../preload/models';
import type { Desktop } from '../desktop';
import { freeName } from '../runtime/free-name';
import { writeThroughPart } from '../runtime/part-file';
import { AppError, isAppError } from '../errors';
import type { Logger } from '../log/logger';
import type { PageRenderer } from '../pages/page-renderer';
import type { PdfStore } from '../pdf/pdf-store';
import type { Cache } from '../store/cache/cache';
import type { PendingReport } from '../store/cache/report-log';
import type { SettingsStore } from '../store/settings-store';
import { buildReportPdf, type ReportInput } from './report-document';
import { msg, type Message } from '../../preload/i18n/translator';
import { writeProblem } from '../files/write-problem';
import { createJobRunner } from '../runtime/job-runner';
import type { Timers } from '../runtime/timers';
import type { FaxId } from '../../preload/fax-id';
import { say } from '../i18n/main-locale';

export interface TransmissionReports {
  /** The report's PDF bytes (Print). */
  build(faxId: FaxId): Promise<Uint8Array>;
  /** Saves the report where the user chooses. */
  save(faxId: FaxId): Promise<SavedFile>;
  /** Journals and saves reports of these faxes into the reports folder when they have just finished (after a sync). */
  autosave(updatedFaxIds: readonly FaxId[]): Promise<void>;
  /** Saves the reports still waiting (after a restart). */
  resume(): Promise<void>;
  /** Tries every report still waiting now (the user asked, or chose another folder). */
  retry(): Promise<void>;
  /** Reports that could not be saved yet: how many, why, and when the next try is. */
  pending(): ReportsPending;
  stop(): void;
}

export interface ReportsPending {
  count: number;
  problem: Message | null;
  nextTryMs: number | null;
}

export interface TransmissionReportsDeps {
  cache: Cache;
  pdfs: PdfStore;
  pages: PageRenderer;
  /** The key of sealed files (the render worker opens the cached document with it). */
  fileKey: Buffer;
  desktop: Desktop;
  settings: SettingsStore;
  log: Logger;
  /** The reports still waiting changed (one saved, one failed): the status bar is told. */
  onPendingChanged?: () => void;
  now?: () => number;
  timers?: Timers;
  timeZone?: string;
}

/** Report image width in fax dots: a third of the page, as fax machines print their reports. */
const imageWidth = 576;
const batch = 50;

function fileNameFor(reference: string, epochMs: number): string {
  return `Fax report ${reference} ${new Date(epochMs).toISOString().slice(0, 10)}.pdf`.replace(/[^\w .()-]/g, '_');
}

export function createTransmissionReports(deps: TransmissionReportsDeps): TransmissionReports {
  const now = deps.now ?? Date.now;
  // Asked when a report is made, not when the app starts: the zone the computer is in then (a laptop that
  // travelled), and no ICU start for an app that makes no report.
  const timeZone = (): string => deps.timeZone ?? Intl.DateTimeFormat().resolvedOptions().timeZone;
  const log = deps.log.child('reports');

  function outboundFax(faxId: FaxId): FaxDetail & { sendRequestId: string | null } {
    const detail = deps.cache.faxes.detail(faxId);
    if (!detail || detail.direction !== 'outbound') throw new AppError('not_found', msg('transmissionReports.aTransmissionReportExists'));
    return { ...detail, requestId: null, pdfCached: deps.pdfs.isCached(faxId) };
  }

  async function firstPage(faxId: FaxId): Promise<ReportInput['firstPage']> {
    try {
      // The worker reads and decrypts the cached document itself: main stays free for the window and uploads.
      const sealedPath = await deps.pdfs.ensure(faxId);
      const { png, width, height } = await deps.pages.renderPagePng('pdf', { sealedPath, fileKey: deps.fileKey, cacheKey: `fax-${faxId}` }, 1, { maxWidth: imageWidth });
      return { png, width, height };
    } catch (error) {
      return { missing: isAppError(error) ? `the fax’s document could not be read. ${error.message}` : 'the fax’s document could not be read.' };
    }
  }


  async function build(faxId: FaxId): Promise<Uint8Array> {
    const fax = outboundFax(faxId);
    return buildReportPdf({ fax, requestId: fax.sendRequestId, generatedAtMs: now(), timeZone: timeZone(), firstPage: await firstPage(faxId) });
  }

  function finished(faxId: FaxId): { reference: string } | null {
    const detail = deps.cache.faxes.detail(faxId);
    if (!detail || detail.direction !== 'outbound') return null;
    const group = statusGroup('outbound', detail.status);
    return group === 'in_progress' || group === 'other' ? null : detail;
  }

  async function saveOne(folder: string, faxId: FaxId): Promise<void> {
    const detail = finished(faxId);
    // No longer a finished sent fax of this account (the cache was emptied): there is no report to save.
    if (!detail) {
      deps.cache.reports.drop(faxId);
      return;
    }
    const bytes = await build(faxId);
    await fsp.mkdir(folder, { recursive: true });
    const target = await freeName(folder, fileNameFor(detail.reference, now()));
    // Written beside, then renamed: the folder never shows a half-written report.
    await writeThroughPart(path.join(folder, target), (out) => pipeline(Readable.from([bytes]), out));
    deps.cache.reports.markSaved(faxId, now());
    deps.cache.audit.record('save_report', { faxId });
  }

  // Saves what is due, one pass at a time (two syncs in quick succession never save a report twice); a failure
  // keeps the report journaled with its reason and a later try.
  const runner = createJobRunner<PendingReport>({
    name: 'reports',
    due: (atMs, limit) => deps.cache.reports.due(atMs, limit),
    nextDue: () => deps.cache.reports.nextDue(),
    key: (report) => report.faxId,
    attempts: (report) => report.attempts,
    active: () => deps.settings.get().reportFolder !== null,
    async perform(report) {
      const folder = deps.settings.get().reportFolder;
      if (folder === null) return false;
      await saveOne(folder, report.faxId);
      return report.problem !== null;
    },
    failed(report, error, nextTryMs) {
      deps.cache.reports.failed(report.faxId, writeProblem(error), nextTryMs);
      log.warn('reports.autosave_failed', { attempts: report.attempts + 1, code: (error as NodeJS.ErrnoException | null)?.code ?? 'unknown' });
    },
    afterPass: () => deps.onPendingChanged?.(),
    batch,
    now,
    ...(deps.timers ? { timers: deps.timers } : {}),
    log,
  });

  return {
    build,

    async save(faxId) {
      const fax = outboundFax(faxId);
      const bytes = await build(faxId);
      const target = await deps.desktop.chooseSavePath({ title: say(msg('dialogs.saveTransmissionReport')), defaultName: fileNameFor(fax.reference, now()), filters: [{ name: 'PDF', extensions: ['pdf'] }] });
      if (target === null) return { saved: false };
      await writeThroughPart(target, (out) => pipeline(Readable.from([bytes]), out)).catch((error: unknown) => {
        throw new AppError('file', writeProblem(error));
      });
      deps.cache.audit.record('save_report', { faxId });
      return { saved: true };
    },

    autosave(updatedFaxIds) {
      if (deps.settings.get().reportFolder === null) return Promise.resolve();
      for (const faxId of updatedFaxIds) if (finished(faxId) && !deps.cache.reports.wasSaved(faxId)) deps.cache.reports.enqueue(faxId);
      return runner.run();
    },

    resume: () => runner.start(),

    retry() {
      deps.cache.reports.retryNow();
      return runner.run();
    },

    pending: () => deps.cache.reports.pending(),

    stop() {
      void runner.stop();
    },
  };

}
