/**
 * Files the user asks for: a plain copy of a fax's PDF, and the list the filters show as CSV — written where the
 * user chooses (a dialog in Electron), the export streamed row by row with back-pressure, so 50,000 faxes never
 * sit in memory at once.
 */
import fs from 'node:fs';
import { once } from 'node:events';
import type { Writable } from 'node:stream';
import type { FaxListQuery, SavedFile } from '../../preload/models';
import type { Desktop } from '../desktop';
import { AppError } from '../errors';
import type { PdfStore } from '../pdf/pdf-store';
import type { Cache } from '../store/cache/cache';
import { csvRow, spreadsheetSeparator } from '../files/csv';
import { systemRegion } from '../i18n/main-locale';
import { msg } from '../../preload/i18n/translator';
import type { FaxId } from '../../preload/fax-id';
import { say } from '../i18n/main-locale';

export type ListFilter = Omit<FaxListQuery, 'offset' | 'limit'>;

export interface FaxFiles {
  savePdf(id: FaxId): Promise<SavedFile>;
  exportList(filter: ListFilter): Promise<SavedFile>;
}

/** `id` is the service's fax id, exactly as it gave it (a 64-bit id keeps every digit). */
const csvHeader = ['reference', 'id', 'direction', 'status', 'created_at', 'counterpart', 'recipients', 'pages', 'subject', 'sender_name', 'unread'];

export interface FaxFilesDeps {
  cache: Cache;
  pdfs: PdfStore;
  desktop: Desktop;
  now?: () => number;
  /** Opens the file being written (tests give a slow or failing stream). */
  openOutput?: (target: string) => Writable;
  /** The computer's region, which says the spreadsheet's separator (default: the system's). */
  region?: () => string;
}

export function createFaxFiles(deps: FaxFilesDeps): FaxFiles {
  const now = deps.now ?? Date.now;
  const openOutput = deps.openOutput ?? ((target: string) => fs.createWriteStream(target, { mode: 0o600 }));
  return {
    async savePdf(id) {
      const detail = deps.cache.faxes.detail(id);
      const target = await deps.desktop.chooseSavePath({
        title: say(msg('dialogs.saveFaxAsPdf')),
        defaultName: `fax-${detail?.reference ?? id}.pdf`.replace(/[^\w.-]/g, '_'),
        filters: [{ name: 'PDF', extensions: ['pdf'] }],
      });
      if (target === null) return { saved: false };
      await deps.pdfs.saveAs(id, target);
      deps.cache.audit.record('save_pdf', { faxId: id });
      return { saved: true };
    },

    async exportList(filter) {
      const target = await deps.desktop.chooseSavePath({
        title: say(msg('dialogs.exportListAsCsv')),
        defaultName: `${filter.direction === 'inbound' ? 'inbox' : 'sent'}-${new Date(now()).toISOString().slice(0, 10)}.csv`,
        filters: [{ name: 'CSV', extensions: ['csv'] }],
      });
      if (target === null) return { saved: false };
      const out = openOutput(target);
      const failed = once(out, 'error').then(([error]: unknown[]) => {
        throw error;
      });
      failed.catch(() => undefined);
      // Waits for the disk whenever the stream's buffer is full, instead of queueing every row in memory.
      const write = async (line: string) => {
        if (!out.write(line)) await Promise.race([once(out, 'drain'), failed]);
      };
      const separator = spreadsheetSeparator(deps.region?.() ?? systemRegion());
      try {
        // A byte-order mark: spreadsheets then read the file as UTF-8 (names with umlauts stay whole).
        await write(`\uFEFF${csvRow(csvHeader, separator)}`);
        for (const fax of deps.cache.faxes.iterate(filter)) {
          const recipients = fax.recipients.map((recipient) => `${recipient.to} (${recipient.status}${recipient.error ? `: ${recipient.error}` : ''})`).join('; ');
          await write(csvRow([fax.reference, fax.id, fax.direction, fax.status, fax.createdAt, fax.counterpart, recipients, fax.pages, fax.subject, fax.senderName, fax.unread ? 'yes' : 'no'], separator));
        }
        out.end();
        await Promise.race([once(out, 'finish'), failed]);
      } catch {
        out.destroy();
        throw new AppError('file', msg('faxFiles.theListCouldNot'));
      }
      deps.cache.audit.record('export');
      return { saved: true };
    },
  };
}
