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
import type { SettingsStore } from '../store/settings-store';
import { buildReportPdf, type ReportInput } from './report-document';
import { msg } from '../../preload/i18n/translator';

export interface TransmissionReports {
  /** The report's PDF bytes (Print). */
  build(faxId: number): Promise<Uint8Array>;
  /** Saves the report where the user chooses. */
  save(faxId: number): Promise<SavedFile>;
  /** Saves reports of these faxes into the reports folder when they have just finished (after a sync). */
  autosave(updatedFaxIds: readonly number[]): Promise<void>;
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
  now?: () => number;
  timeZone?: string;
}

/** Report image width in fax dots: a third of the page, as fax machines print their reports. */
const imageWidth = 576;

function fileNameFor(reference: string, epochMs: number): string {
  return `Fax report ${reference} ${new Date(epochMs).toISOString().slice(0, 10)}.pdf`.replace(/[^\w .()-]/g, '_');
}

export function createTransmissionReports(deps: TransmissionReportsDeps): TransmissionReports {
  const now = deps.now ?? Date.now;
  const timeZone = deps.timeZone ?? Intl.DateTimeFormat().resolvedOptions().timeZone;
  const log = deps.log.child('reports');

  function outboundFax(faxId: number): FaxDetail & { sendRequestId: string | null } {
    const detail = deps.cache.faxes.detail(faxId);
    if (!detail || detail.direction !== 'outbound') throw new AppError('not_found', msg('transmissionReports.aTransmissionReportExists'));
    return { ...detail, requestId: null, pdfCached: deps.pdfs.isCached(faxId) };
  }

  async function firstPage(faxId: number): Promise<ReportInput['firstPage']> {
    try {
      // The worker reads and decrypts the cached document itself: main stays free for the window and uploads.
      const sealedPath = await deps.pdfs.ensure(faxId);
      const { png, width, height } = await deps.pages.renderPagePng('pdf', { sealedPath, fileKey: deps.fileKey, cacheKey: `fax-${String(faxId)}` }, 1, { maxWidth: imageWidth });
      return { png, width, height };
    } catch (error) {
      return { missing: isAppError(error) ? `the fax’s document could not be read. ${error.message}` : 'the fax’s document could not be read.' };
    }
  }

  let autosaving: Promise<void> = Promise.resolve();

  async function build(faxId: number): Promise<Uint8Array> {
    const fax = outboundFax(faxId);
    return buildReportPdf({ fax, requestId: fax.sendRequestId, generatedAtMs: now(), timeZone, firstPage: await firstPage(faxId) });
  }

  async function autosaveNow(updatedFaxIds: readonly number[]): Promise<void> {
    const folder = deps.settings.get().reportFolder;
    if (folder === null) return;
    for (const faxId of updatedFaxIds) {
      const detail = deps.cache.faxes.detail(faxId);
      if (!detail || detail.direction !== 'outbound' || statusGroup('outbound', detail.status) === 'in_progress' || statusGroup('outbound', detail.status) === 'other') continue;
      if (deps.cache.reports.wasSaved(faxId)) continue;
      try {
        const bytes = await build(faxId);
        await fsp.mkdir(folder, { recursive: true });
        const target = await freeName(folder, fileNameFor(detail.reference, now()));
        // Written beside, then renamed: the folder never shows a half-written report.
        await writeThroughPart(path.join(folder, target), (out) => pipeline(Readable.from([bytes]), out));
        deps.cache.reports.markSaved(faxId, now());
        deps.cache.audit.record('save_report', { faxId });
      } catch (error) {
        log.warn('reports.autosave_failed', { faxId, code: (error as NodeJS.ErrnoException).code ?? 'unknown' });
      }
    }
  }

  return {
    build,

    async save(faxId) {
      const fax = outboundFax(faxId);
      const bytes = await build(faxId);
      const target = await deps.desktop.chooseSavePath({ title: 'Save transmission report', defaultName: fileNameFor(fax.reference, now()), filters: [{ name: 'PDF', extensions: ['pdf'] }] });
      if (target === null) return { saved: false };
      await fsp.writeFile(target, bytes, { mode: 0o600 }).catch(() => {
        throw new AppError('file', msg('transmissionReports.theReportCouldNot'));
      });
      deps.cache.audit.record('save_report', { faxId });
      return { saved: true };
    },

    autosave(updatedFaxIds) {
      // One after another: two syncs in quick succession never save the same report twice.
      autosaving = autosaving.then(() => autosaveNow(updatedFaxIds));
      return autosaving;
    },
  };

}
