/** Work on received documents over IPC: reading them (OCR) — its status, a fax's matches for the preview, a searchable copy. */
import type { Handlers } from './dispatcher';
import type { HandlerContext } from './services';
import { saveSearchableCopy } from '../ocr/searchable-copy';
import { updateSettings } from './settings-handlers';

type DocumentHandlers = Pick<Handlers, 'getRecognitionStatus' | 'forgetRecognizedText' | 'getFaxTextHits' | 'saveSearchablePdf' | 'makePageDocuments' | 'readFileAsPdf' | 'savePageDocument' | 'getSavedSignature' | 'saveSignature' | 'forgetSignature' | 'getSavedStamp' | 'saveStamp' | 'forgetStamp' | 'fillAndSign'>;

export function documentHandlers(context: HandlerContext): DocumentHandlers {
  const services = context.services;
  return {
    getRecognitionStatus: async () => (await services()).recognition?.status() ?? { enabled: false, read: 0, failed: 0, reading: false },
    forgetRecognizedText: async () => {
      // Off first: forgetting while reading stays on would only start reading every fax again.
      updateSettings({ recognizeText: false }, { settings: context.settings, connection: context.connection, events: context.events });
      const opened = await services();
      return { forgotten: opened.recognition ? await opened.recognition.forget() : opened.cache.faxText.forgetAll() };
    },
    getFaxTextHits: async ({ id, search }) => (await services()).cache.faxText.pageHits(id, search),
    makePageDocuments: async ({ parts }) => (await services()).pageWork.make(parts),
    readFileAsPdf: async ({ fileId }) => (await services()).pageWork.filePdf(fileId),
    getSavedSignature: async () => (await services()).fillSign.savedSignature(),
    saveSignature: async (ink) => {
      (await services()).fillSign.saveSignature(ink);
      return null;
    },
    forgetSignature: async () => {
      (await services()).fillSign.forgetSignature();
      return null;
    },
    getSavedStamp: async () => (await services()).fillSign.savedStamp(),
    saveStamp: async ({ bytes }) => (await services()).fillSign.saveStamp(bytes),
    forgetStamp: async () => {
      (await services()).fillSign.forgetStamp();
      return null;
    },
    fillAndSign: async ({ faxId, items }) => (await services()).fillSign.fill(faxId, items),
    savePageDocument: async ({ fileId }) => {
      context.policies.require('savePdf');
      return (await services()).pageWork.save(fileId);
    },
    saveSearchablePdf: async ({ id }) => {
      context.policies.require('savePdf');
      const opened = await services();
      return saveSearchableCopy({ cache: opened.cache, pdfs: opened.pdfs, desktop: context.desktop }, id);
    },
  };
}
