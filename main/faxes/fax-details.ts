/**
 * One fax as the detail pane and the preview see it: from the cache at once, from the Fax Service when asked
 * (a fax never held is an error; offline, the cached copy stands), unread marks, and its document — each view
 * recorded in the audit log.
 */
import type { FaxDetail } from '../../preload/models';
import type { ConnectionService } from '../connection/connection-service';
import { AppError } from '../errors';
import type { PdfStore } from '../pdf/pdf-store';
import type { EventBus } from '../runtime/event-bus';
import type { Cache } from '../store/cache/cache';

/** What the preview gets with the document's size: enough for pdf.js to start (the header, often the first page). */
const pdfHeadBytes = 64 * 1024;

export interface FaxDetails {
  detail(id: number, refresh: boolean): Promise<FaxDetail>;
  markRead(ids: readonly number[], read: boolean): { unreadInbound: number };
  unreadCount(): number;
  /**
   * The document opened for the preview or for printing: its size and first bytes; the rest is read by range. A
   * preview is a view in the audit log; printing is recorded once, as a print (notePrinted).
   */
  openDocument(id: number, purpose: 'preview' | 'print'): Promise<{ size: number; head: Uint8Array }>;
  readDocument(id: number, begin: number, end: number): Promise<Uint8Array>;
  notePrinted(id: number): void;
}

export function createFaxDetails(deps: { cache: Cache; pdfs: PdfStore; connection: ConnectionService; events: EventBus }): FaxDetails {
  const { cache, pdfs, connection, events } = deps;
  return {
    async detail(id, refresh) {
      let requestId: string | null = null;
      if ((refresh || cache.faxes.detail(id) === null) && connection.usable()) {
        try {
          const fetched = await connection.client().getFax(id);
          requestId = fetched.requestId;
          const outcome = cache.faxes.upsertMany([fetched.fax], { markNewInboundUnread: false });
          if (outcome.updated.length > 0) events.emit('faxesChanged', { added: [], updated: outcome.updated, unreadInbound: cache.faxes.unreadInbound() });
        } catch (error) {
          // Offline or refused: the cached copy is still shown; a fax we never had is an error.
          if (cache.faxes.detail(id) === null) throw error;
        }
      }
      const detail = cache.faxes.detail(id);
      if (!detail) throw new AppError('not_found', 'This fax is not in the app yet. Sync, then try again.');
      cache.audit.record('view', { faxId: id });
      return { ...detail, requestId, pdfCached: pdfs.isCached(id) };
    },

    markRead(ids, read) {
      cache.faxes.markRead(ids, read);
      const unreadInbound = cache.faxes.unreadInbound();
      events.emit('faxesChanged', { added: [], updated: [...ids], unreadInbound });
      return { unreadInbound };
    },

    unreadCount: () => cache.faxes.unreadInbound(),

    async openDocument(id, purpose) {
      const opened = await pdfs.open(id, pdfHeadBytes);
      if (purpose === 'preview') cache.audit.record('view', { faxId: id });
      return opened;
    },

    readDocument: (id, begin, end) => pdfs.range(id, begin, end),

    notePrinted(id) {
      cache.audit.record('print', { faxId: id });
    },
  };
}
