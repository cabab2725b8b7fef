/**
 * New documents from the pages of received faxes or of PDF and TIFF files in compose (a TIFF's pages made a PDF
 * first): split, turned, thinned or merged (a list of picked pages per document), each staged encrypted like a file
 * added to compose, so it can be saved as a PDF, faxed on its own or put in a compose file's place. The faxes'
 * documents and the compose files are never changed; a document is written to a chosen place through a part file.
 */
import type { SavedFile, StagedFile, PageDocumentRequest, PagePick } from '../../preload/models';
import type { Staging } from '../compose/staging';
import type { Desktop } from '../desktop';
import { AppError } from '../errors';
import type { PdfStore } from '../pdf/pdf-store';
import { assembleDocuments } from '../pages/page-tools';
import { tiffAsPdf } from '../pages/tiff-pdf';
import type { Cache } from '../store/cache/cache';
import { savePdfAs } from '../files/save-pdf-as';
import { msg } from '../../preload/i18n/translator';
import { say } from '../i18n/main-locale';
import { createOneTimer } from '../runtime/one-timer';
import { realTimers, type Timers } from '../runtime/timers';

export interface PageWork {
  /** One staged document per part (in the order given). */
  make(parts: readonly PageDocumentRequest[]): Promise<StagedFile[]>;
  /** A staged document saved where the user chooses (a dialog). */
  save(fileId: string): Promise<SavedFile>;
  /** A compose file's pages as a PDF, as page tools see it (a TIFF's pages converted; a PDF as it is). */
  filePdf(fileId: string): Promise<Uint8Array>;
}

/** One key per source document: a fax, or a staged file of compose. */
function sourceKey(pick: PagePick): string {
  return 'faxId' in pick ? `fax:${pick.faxId}` : `file:${pick.fileId}`;
}

/** How long the PDF made of a TIFF is kept after its last use (a page tools dialog's work). */
export const keepTiffPdfMs = 10 * 60_000;

export function createPageWork(deps: { pdfs: PdfStore; staging: Staging; cache: Cache; desktop: Desktop; timers?: Timers }): PageWork {
  /**
   * The last TIFF made a PDF: the dialog draws it, then cuts it, and every page would be decoded twice. A staged
   * file never changes under its id, so the PDF stays right for as long as the file is staged; it is let go a while
   * after its last use (a scanner's batch makes a PDF of tens of megabytes).
   */
  let lastTiff: { fileId: string; pdf: Promise<Uint8Array> } | null = null;
  const letGo = createOneTimer(deps.timers ?? realTimers);

  function tiffPdf(fileId: string): Promise<Uint8Array> {
    letGo.after(keepTiffPdfMs, () => {
      lastTiff = null;
    });
    if (lastTiff?.fileId !== fileId) {
      const pdf = deps.staging.read(fileId).then((bytes) => tiffAsPdf(new Uint8Array(bytes)));
      const entry = { fileId, pdf };
      lastTiff = entry;
      pdf.catch(() => {
        if (lastTiff === entry) lastTiff = null;
      });
    }
    return lastTiff.pdf;
  }

  async function filePdf(fileId: string): Promise<{ bytes: Uint8Array; name: string }> {
    // Asked first every time: a file taken out of compose is no longer given, even when its PDF is kept.
    const file = await deps.staging.get(fileId);
    if (file.kind !== 'pdf' && file.kind !== 'tiff') throw new AppError('invalid_input', msg('pageWork.onlyPdfFiles'), { code: 'pages_not_pdf' });
    const bytes = file.kind === 'tiff' ? await tiffPdf(fileId) : new Uint8Array(await deps.staging.read(fileId));
    return { bytes, name: file.name.replace(/\.(pdf|tiff?)$/i, '') };
  }

  return {
    async make(parts) {
      const picks = parts.flatMap((part) => part.pages);
      const keys = [...new Set(picks.map(sourceKey))];
      const sources: Uint8Array[] = [];
      const names = new Map<string, string>();
      for (const key of keys) {
        const pick = picks.find((candidate) => sourceKey(candidate) === key);
        if (!pick) continue;
        if ('faxId' in pick) {
          const detail = deps.cache.faxes.detail(pick.faxId);
          if (!detail) throw new AppError('not_found', msg('pageWork.faxNotFound'));
          sources.push(await deps.pdfs.bytes(pick.faxId));
          names.set(key, detail.reference);
        } else {
          const file = await filePdf(pick.fileId);
          sources.push(file.bytes);
          names.set(key, file.name);
        }
      }
      const sourceOf = new Map<string, number>(keys.map((key, index) => [key, index]));
      // Every part is made before any is staged: a bad page list stages nothing.
      const documents = await assembleDocuments(
        sources,
        parts.map((part) => part.pages.map((page) => ({ source: sourceOf.get(sourceKey(page)) ?? -1, index: page.page - 1, turn: page.turn }))),
      );
      const made = documents.map((bytes, index) => ({ bytes, part: parts[index] as PageDocumentRequest }));
      const staged: StagedFile[] = [];
      for (const [index, { bytes, part }] of made.entries()) {
        const first = part.pages[0];
        const base = (first && names.get(sourceKey(first))) ?? 'pages';
        const name = `${base}-${made.length > 1 ? `part-${String(index + 1)}` : 'pages'}.pdf`.replace(/[^\w.-]/g, '_');
        staged.push(await deps.staging.stageBytes(bytes, { name, kind: 'pdf', pages: part.pages.length, pagesEstimated: false }));
      }
      for (const faxId of new Set(picks.flatMap((pick) => ('faxId' in pick ? [pick.faxId] : [])))) deps.cache.audit.record('page_tools', { faxId });
      return staged;
    },

    async save(fileId) {
      const file = await deps.staging.get(fileId);
      return savePdfAs(deps.desktop, { title: say(msg('dialogs.saveFaxAsPdf')), defaultName: file.name }, () => deps.staging.read(fileId));
    },

    filePdf: async (fileId) => (await filePdf(fileId)).bytes,
  };
}
