/** Faxes over IPC: sync, lists and details from the cache, unread marks, documents, saving and exporting. */
import { numberKey } from '../../preload/fax-number';
import { AppError } from '../errors';
import type { Handlers } from './dispatcher';
import type { HandlerContext } from './services';
import { msg } from '../../preload/i18n/translator';

type FaxHandlers = Pick<
  Handlers,
  'getSyncState' | 'syncNow' | 'markHandled' | 'setFaxNote' | 'getNotHandledCount' | 'listFaxes' | 'getFax' | 'markRead' | 'getUnreadCount' | 'openFaxPdf' | 'readFaxPdf' | 'saveFaxPdf' | 'notePrinted' | 'noteFaxOpened' | 'exportFaxList' | 'saveTransmissionReport' | 'getTransmissionReport' | 'linkReply' | 'listAwaitingReplies' | 'listFaxesOfNumber'
>;

export function faxHandlers(context: HandlerContext): FaxHandlers {
  const services = context.services;
  return {
    getSyncState: async () => (await services()).sync.state(),
    syncNow: async () => {
      const { sync } = await services();
      await sync.runOnce();
      return sync.state();
    },
    listFaxes: async (query) => (await services()).faxes.list(query),
    getFax: async ({ id, refresh }) => (await services()).faxes.detail(id, refresh === true),
    markRead: async ({ ids, read }) => (await services()).faxes.markRead(ids, read),
    markHandled: async ({ ids, handled }) => {
      const opened = await services();
      // In an office the mark is the office's (through the hub); on a desk of its own, this desk's.
      if (await opened.officeHub.markHandled(ids, handled)) return { notHandled: opened.faxes.notHandledCount() };
      return opened.faxes.markHandled(ids, handled);
    },
    setFaxNote: async ({ id, note }) => {
      (await services()).faxes.setNote(id, note);
      return null;
    },
    getNotHandledCount: async () => ({ notHandled: (await services()).faxes.notHandledCount() }),
    getUnreadCount: async () => ({ unreadInbound: (await services()).faxes.unreadCount() }),
    openFaxPdf: async ({ id, purpose }) => (await services()).faxes.openDocument(id, purpose ?? 'preview'),
    readFaxPdf: async ({ id, begin, end }) => (await services()).faxes.readDocument(id, begin, end),
    saveFaxPdf: async ({ id }) => {
      context.policies.require('savePdf');
      return (await services()).files.savePdf(id);
    },
    noteFaxOpened: async ({ id }) => {
      (await services()).faxes.noteOpened(id);
      return null;
    },
    notePrinted: async ({ id }) => {
      (await services()).faxes.notePrinted(id);
      return null;
    },
    exportFaxList: async (filter) => {
      context.policies.require('csvExport');
      return (await services()).files.exportList(filter);
    },
    linkReply: async ({ inboundId, outboundId }) => {
      (await services()).replies.linkByHand(inboundId, outboundId);
      return null;
    },
    listAwaitingReplies: async () => (await services()).replies.awaiting(50),
    listFaxesOfNumber: async ({ number, offset, limit }) => {
      const key = numberKey(number);
      if (key === null) throw new AppError('invalid_input', msg('faxHandlers.thisIsNotA'));
      return (await services()).faxes.withNumber(key, offset, limit);
    },
    // A report holds the fax's first page: saving it is saving the fax.
    saveTransmissionReport: async ({ id }) => {
      context.policies.require('savePdf');
      return (await services()).reports.save(id);
    },
    getTransmissionReport: async ({ id }) => {
      const opened = await services();
      const bytes = await opened.reports.build(id);
      opened.cache.audit.record('print_report', { faxId: id });
      return bytes;
    },
  };
}
