/** Faxes over IPC: lists and details from the cache, refresh from the service, PDFs, unread marks, CSV export. */
import fs from 'node:fs';
import type { Handlers } from './dispatcher';
import { FaxApiError, toAppError } from '../api/api-error';
import { AppError } from '../errors';
import { csvRow } from './csv';
import type { HandlerContext } from './services';

type FaxHandlers = Pick<Handlers, 'getSyncState' | 'syncNow' | 'listFaxes' | 'getFax' | 'markRead' | 'getUnreadCount' | 'getFaxPdf' | 'openFaxPdf' | 'readFaxPdf' | 'saveFaxPdf' | 'notePrinted' | 'exportFaxList'>;

/** What the preview gets with the document's size: enough for pdf.js to start (the header, often the first page). */
const pdfHeadBytes = 64 * 1024;

export function faxHandlers(context: HandlerContext): FaxHandlers {
  return {
    async getSyncState() {
      return (await context.services()).sync.state();
    },

    async syncNow() {
      const { sync } = await context.services();
      await sync.runOnce();
      return sync.state();
    },

    async listFaxes(query) {
      return (await context.services()).cache.faxes.list(query);
    },

    async getFax({ id, refresh }) {
      const { cache, pdfs } = await context.services();
      let requestId: string | null = null;
      if ((refresh === true || cache.faxes.detail(id) === null) && context.connection.usable()) {
        try {
          const fetched = await context.connection.client().getFax(id);
          requestId = fetched.requestId;
          const outcome = cache.faxes.upsertMany([fetched.fax], { markNewInboundUnread: false });
          if (outcome.updated.length > 0) context.events.emit('faxesChanged', { added: [], updated: outcome.updated, unreadInbound: cache.faxes.unreadInbound() });
        } catch (error) {
          // Offline or refused: the cached copy is still shown; a fax we never had is an error.
          if (cache.faxes.detail(id) === null) throw error instanceof FaxApiError ? toAppError(error) : error;
        }
      }
      const detail = cache.faxes.detail(id);
      if (!detail) throw new AppError('not_found', 'This fax is not in the app yet. Sync, then try again.');
      cache.audit.record('view', { faxId: id });
      return { ...detail, requestId, pdfCached: pdfs.isCached(id) };
    },

    async markRead({ ids, read }) {
      const { cache } = await context.services();
      cache.faxes.markRead(ids, read);
      const unreadInbound = cache.faxes.unreadInbound();
      context.events.emit('faxesChanged', { added: [], updated: ids, unreadInbound });
      return { unreadInbound };
    },

    async getUnreadCount() {
      return { unreadInbound: (await context.services()).cache.faxes.unreadInbound() };
    },

    async getFaxPdf({ id }) {
      const { pdfs, cache } = await context.services();
      const bytes = await pdfs.bytes(id);
      cache.audit.record('view', { faxId: id });
      return bytes;
    },

    async openFaxPdf({ id }) {
      const { pdfs, cache } = await context.services();
      const opened = await pdfs.open(id, pdfHeadBytes);
      cache.audit.record('view', { faxId: id });
      return opened;
    },

    async readFaxPdf({ id, begin, end }) {
      const { pdfs } = await context.services();
      return pdfs.range(id, begin, end);
    },

    async saveFaxPdf({ id }) {
      const { pdfs, cache } = await context.services();
      const detail = cache.faxes.detail(id);
      const target = await context.desktop.chooseSavePath({
        title: 'Save fax as PDF',
        defaultName: `fax-${detail?.reference ?? id}.pdf`.replace(/[^\w.-]/g, '_'),
        filters: [{ name: 'PDF', extensions: ['pdf'] }],
      });
      if (target === null) return { saved: false };
      await pdfs.saveAs(id, target);
      cache.audit.record('save_pdf', { faxId: id });
      return { saved: true };
    },

    async notePrinted({ id }) {
      (await context.services()).cache.audit.record('print', { faxId: id });
      return null;
    },

    async exportFaxList(filter) {
      const { cache } = await context.services();
      const target = await context.desktop.chooseSavePath({
        title: 'Export list as CSV',
        defaultName: `${filter.direction === 'inbound' ? 'inbox' : 'sent'}-${new Date().toISOString().slice(0, 10)}.csv`,
        filters: [{ name: 'CSV', extensions: ['csv'] }],
      });
      if (target === null) return { saved: false };
      const out = fs.createWriteStream(target, { mode: 0o600 });
      out.write(csvRow(['reference', 'direction', 'status', 'created_at', 'counterpart', 'recipients', 'pages', 'subject', 'sender_name', 'unread']));
      for (const fax of cache.faxes.iterate(filter)) {
        const recipients = fax.recipients.map((recipient) => `${recipient.to} (${recipient.status}${recipient.error ? `: ${recipient.error}` : ''})`).join('; ');
        out.write(csvRow([fax.reference, fax.direction, fax.status, fax.createdAt, fax.counterpart, recipients, fax.pages, fax.subject, fax.senderName, fax.unread ? 'yes' : 'no']));
      }
      await new Promise<void>((resolve, reject) => {
        out.on('error', reject);
        out.end(resolve);
      });
      cache.audit.record('export');
      return { saved: true };
    },
  };
}
