/** "Save as searchable PDF": the fax as it arrived plus its recognized text, written where the user chooses. */
import type { SavedFile } from '../../preload/models';
import type { FaxId } from '../../preload/fax-id';
import type { Desktop } from '../desktop';
import { AppError } from '../errors';
import type { PdfStore } from '../pdf/pdf-store';
import type { Cache } from '../store/cache/cache';
import { savePdfAs } from '../files/save-pdf-as';
import { msg } from '../../preload/i18n/translator';
import { say } from '../i18n/main-locale';
import { searchablePdf } from './searchable-pdf';

export async function saveSearchableCopy(deps: { cache: Cache; pdfs: PdfStore; desktop: Desktop }, faxId: FaxId): Promise<SavedFile> {
  const state = deps.cache.faxText.state(faxId);
  if (!state?.done) {
    throw new AppError('file', state?.failure ? msg('recognition.thisFaxCouldNotBeRead') : msg('recognition.notReadYet', { read: state?.pagesRead ?? 0, pages: state?.pageCount ?? deps.cache.faxes.detail(faxId)?.pages ?? 0 }));
  }
  const detail = deps.cache.faxes.detail(faxId);
  const saved = await savePdfAs(
    deps.desktop,
    { title: say(msg('recognition.saveAsSearchablePdf')), defaultName: `fax-${detail?.reference ?? faxId}-searchable.pdf`.replace(/[^\w.-]/g, '_') },
    async () =>
      searchablePdf(await deps.pdfs.bytes(faxId), deps.cache.faxText.pages(faxId)).catch(() => {
        throw new AppError('file', msg('recognition.theCopyCouldNotBeMade'));
      }),
  );
  if (!saved.saved) return saved;
  deps.cache.audit.record('save_pdf', { faxId });
  return { saved: true };
}
