/**
 * New documents from the pages of received faxes: split, turned, thinned or merged (a list of picked pages per
 * document), each staged encrypted like a file added to compose, so it can be saved as a PDF or faxed on its own.
 * The faxes' own documents are never changed; a document is written to a chosen place through a part file.
 */
import type { SavedFile, StagedFile, PageDocumentRequest } from '../../preload/models';
import type { FaxId } from '../../preload/fax-id';
import type { Staging } from '../compose/staging';
import type { Desktop } from '../desktop';
import { AppError } from '../errors';
import type { PdfStore } from '../pdf/pdf-store';
import { assemblePages } from '../pages/page-tools';
import type { Cache } from '../store/cache/cache';
import { savePdfAs } from '../files/save-pdf-as';
import { msg } from '../../preload/i18n/translator';
import { say } from '../i18n/main-locale';

export interface PageWork {
  /** One staged document per part (in the order given). */
  make(parts: readonly PageDocumentRequest[]): Promise<StagedFile[]>;
  /** A staged document saved where the user chooses (a dialog). */
  save(fileId: string): Promise<SavedFile>;
}

export function createPageWork(deps: { pdfs: PdfStore; staging: Staging; cache: Cache; desktop: Desktop }): PageWork {
  return {
    async make(parts) {
      const faxIds = [...new Set(parts.flatMap((part) => part.pages.map((page) => page.faxId)))];
      const sources: Uint8Array[] = [];
      for (const faxId of faxIds) {
        if (!deps.cache.faxes.detail(faxId)) throw new AppError('not_found', msg('pageWork.faxNotFound'));
        sources.push(await deps.pdfs.bytes(faxId));
      }
      const sourceOf = new Map<FaxId, number>(faxIds.map((faxId, index) => [faxId, index]));
      // Every part is made before any is staged: a bad page list stages nothing.
      const made: Array<{ bytes: Uint8Array; part: PageDocumentRequest }> = [];
      for (const part of parts) {
        const bytes = await assemblePages(
          sources,
          part.pages.map((page) => ({ source: sourceOf.get(page.faxId) ?? -1, index: page.page - 1, turn: page.turn })),
        );
        made.push({ bytes, part });
      }
      const staged: StagedFile[] = [];
      for (const { bytes, part } of made) {
        const first = part.pages[0];
        const reference = first ? (deps.cache.faxes.detail(first.faxId)?.reference ?? first.faxId) : 'pages';
        const name = `${reference}-pages.pdf`.replace(/[^\w.-]/g, '_');
        staged.push(await deps.staging.stageBytes(bytes, { name, kind: 'pdf', pages: part.pages.length, pagesEstimated: false }));
      }
      for (const faxId of faxIds) deps.cache.audit.record('page_tools', { faxId });
      return staged;
    },

    async save(fileId) {
      const file = await deps.staging.get(fileId);
      return savePdfAs(deps.desktop, { title: say(msg('dialogs.saveFaxAsPdf')), defaultName: file.name }, () => deps.staging.read(fileId));
    },
  };
}
