/**
 * Faxes: the change signal lists refetch on, the unread count, one fax's detail, and what can be done with a fax
 * (mark read, save or print its PDF, export a list, resend to failed recipients, forward).
 */
import type { DraftRecipient, FaxDetail, FaxesChanged, FaxSummary, PageDocumentRequest, RecognitionStatus, StagedFile, TextPageHits } from '../../../preload/models';
import { printDocument } from '../pdf/print';
import { openPdf } from '../pdf/pdf-engine';
import { openFaxDocument } from './fax-document';
import { faxApi, type IpcError, type IpcResult } from './ipc';
import { showOutbox, type ListQuery } from './list-filters';
import { createStore } from './store';
import { actionToast, toast, toastError } from './toasts';
import { t } from '../i18n';
import type { FaxId } from '../../../preload/fax-id';

/** Bumped whenever faxes change, so lists know to refetch their window. */
export const faxesVersionStore = createStore<{ version: number; last: FaxesChanged | null }>({ version: 0, last: null });
export const unreadStore = createStore<number>(0);

export function applyFaxesChanged(change: FaxesChanged | null): void {
  if (change) unreadStore.set(change.unreadInbound);
  faxesVersionStore.set((current) => ({ version: current.version + 1, last: change }));
}

export async function loadUnreadCount(): Promise<void> {
  const result = await faxApi().getUnreadCount();
  if (result.ok) unreadStore.set(result.value.unreadInbound);
}

export function loadFax(id: FaxId, refresh: boolean): Promise<IpcResult<FaxDetail>> {
  return faxApi().getFax({ id, refresh });
}

/** The person opened this fax (one view in the audit log; reading it again is not one). */
export async function noteFaxOpened(id: FaxId): Promise<void> {
  await faxApi().noteFaxOpened({ id });
}

export async function markRead(ids: FaxId[], read: boolean): Promise<void> {
  const result = await faxApi().markRead({ ids, read });
  if (result.ok) unreadStore.set(result.value.unreadInbound);
}

export async function saveFaxPdf(id: FaxId): Promise<void> {
  const result = await faxApi().saveFaxPdf({ id });
  if (result.ok) toast(result.value.saved ? 'success' : 'info', result.value.saved ? t('faxes.thePdfWasSaved') : t('faxes.notSaved'));
  else toastError(result.error);
}

/** The fax with its recognized text as an invisible layer, where the user chooses. */
export async function saveSearchablePdf(id: FaxId): Promise<void> {
  const result = await faxApi().saveSearchablePdf({ id });
  if (result.ok) toast(result.value.saved ? 'success' : 'info', result.value.saved ? t('faxes.thePdfWasSaved') : t('faxes.notSaved'));
  else toastError(result.error);
}

/** The words on each page a search matches (none when nothing was recognized or the search is empty). */
export async function loadTextHits(id: FaxId, search: string): Promise<TextPageHits[]> {
  if (search.trim() === '') return [];
  const result = await faxApi().getFaxTextHits({ id, search: search.slice(0, 200) });
  return result.ok ? result.value : [];
}

/** New documents of pages of received faxes (page tools), staged for saving or faxing. */
export function makePageDocuments(parts: PageDocumentRequest[]): Promise<IpcResult<StagedFile[]>> {
  return faxApi().makePageDocuments({ parts });
}

/** A compose file as page tools see it: a PDF (a TIFF's pages made one by main). */
export async function readFileAsPdf(fileId: string): Promise<{ bytes: Uint8Array } | { error: IpcError }> {
  const result = await faxApi().readFileAsPdf({ fileId });
  return result.ok ? { bytes: result.value } : { error: result.error };
}

/** A document the page tools made, saved where the user chooses. */
/** Says whether it was saved (not when the person cancelled the choice of where, or it failed). */
export async function savePageDocument(fileId: string): Promise<boolean> {
  const result = await faxApi().savePageDocument({ fileId });
  if (result.ok) toast(result.value.saved ? 'success' : 'info', result.value.saved ? t('faxes.thePdfWasSaved') : t('faxes.notSaved'));
  else toastError(result.error);
  return result.ok && result.value.saved;
}

/** The most recent received faxes (to add pages of another one). */
export async function recentReceivedFaxes(): Promise<FaxSummary[]> {
  const result = await faxApi().listFaxes({ direction: 'inbound', offset: 0, limit: 30 });
  return result.ok ? result.value.items : [];
}

/** Reading faxes on this computer: on or off, and how far it got (null when main cannot say). */
export async function loadRecognitionStatus(): Promise<RecognitionStatus | null> {
  const result = await faxApi().getRecognitionStatus();
  return result.ok ? result.value : null;
}

/** Turns reading off and forgets all text read on this computer: how many faxes had some, or main's reason. */
export function forgetRecognizedText(): Promise<IpcResult<{ forgotten: number }>> {
  return faxApi().forgetRecognizedText({ confirmed: true });
}

/** Prints a fax's document, reading it by range from main's cache; reports progress page by page. */
export async function printFax(id: FaxId, onProgress?: (done: number, total: number) => void): Promise<void> {
  try {
    await printDocument({ open: () => openFaxDocument(id, 'print') }, onProgress);
  } catch (error) {
    toast('error', error instanceof Error && error.message ? error.message : t('faxes.theFaxCouldNot'));
    return;
  }
  await faxApi().notePrinted({ id });
}

/** Saves the sent fax's transmission report where the user chooses. */
export async function saveTransmissionReport(id: FaxId): Promise<void> {
  const result = await faxApi().saveTransmissionReport({ id });
  if (result.ok) toast(result.value.saved ? 'success' : 'info', result.value.saved ? t('faxes.theTransmissionReportWas') : t('faxes.notSaved'));
  else toastError(result.error);
}

/** Prints the sent fax's transmission report (main makes the PDF; it is printed like a fax). */
export async function printTransmissionReport(id: FaxId): Promise<void> {
  const result = await faxApi().getTransmissionReport({ id });
  if (!result.ok) {
    toastError(result.error);
    return;
  }
  const bytes = result.value;
  try {
    // Each batch opens its own copy: pdf.js may take over the buffer it is given.
    await printDocument({ open: () => openPdf(bytes.slice()) });
  } catch (error) {
    toast('error', error instanceof Error && error.message ? error.message : t('faxes.theReportCouldNot'));
  }
}

export async function exportList(query: ListQuery): Promise<void> {
  const result = await faxApi().exportFaxList(query);
  if (result.ok) toast(result.value.saved ? 'success' : 'info', result.value.saved ? t('faxes.theListWasExported') : t('faxes.exportCancelled'));
  else toastError(result.error);
}

export async function resendFailed(faxId: FaxId, failedCount: number): Promise<void> {
  const result = await faxApi().resendFailed({ faxId });
  if (!result.ok) {
    toastError(result.error);
    return;
  }
  // The person stays where they were (the fax they looked at still open); the outbox is one click away.
  actionToast('success', t('faxes.queuedAgainForRecipient', { failedCount }), { label: t('faxes.showInOutbox'), run: showOutbox });
}

/** Forwards a fax's document; on success the person stays where they were, the outbox one click away. */
export async function forwardFax(request: { faxId: FaxId; recipients: DraftRecipient[]; subject?: string; fileId?: string; answer?: boolean }): Promise<IpcError | null> {
  const result = await faxApi().forwardFax(request);
  if (!result.ok) return result.error;
  // Said as it was done: a signed copy faxed back, pages the tools made faxed, or the fax forwarded.
  actionToast('success', t(request.answer ? 'faxes.faxedBack' : request.fileId ? 'faxes.pagesFaxed' : 'faxes.forwardedTheFaxIs'), { label: t('faxes.showInOutbox'), run: showOutbox });
  return null;
}
