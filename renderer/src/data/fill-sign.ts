/** Fill & sign: the signature and stamp image kept on this desk, and filled copies of received faxes (made by main). */
import type { FillItem, PreflightPage, SignatureInk, StagedFile, StampImage } from '../../../preload/models';
import type { FaxId } from '../../../preload/fax-id';
import { faxApi, type IpcResult } from './ipc';

export async function loadSavedSignature(): Promise<SignatureInk | null> {
  const result = await faxApi().getSavedSignature();
  return result.ok ? result.value : null;
}

export async function saveSignature(ink: SignatureInk): Promise<IpcResult<null>> {
  return faxApi().saveSignature(ink);
}

export async function forgetSignature(): Promise<void> {
  await faxApi().forgetSignature();
}

export async function forgetStamp(): Promise<void> {
  await faxApi().forgetStamp();
}

export async function loadSavedStamp(): Promise<StampImage | null> {
  const result = await faxApi().getSavedStamp();
  return result.ok ? result.value : null;
}

/** Main checks the image (PNG or JPEG, not damaged, not huge) and keeps it encrypted; refused with the reason. */
export function saveStamp(bytes: Uint8Array<ArrayBuffer>): Promise<IpcResult<StampImage>> {
  return faxApi().saveStamp({ bytes });
}

/** The image's type for showing it (main accepted only PNG and JPEG). */
export function stampMimeType(bytes: Uint8Array): string {
  return bytes[0] === 0x89 ? 'image/png' : 'image/jpeg';
}

export function fillAndSign(faxId: FaxId, items: FillItem[]): Promise<IpcResult<StagedFile>> {
  return faxApi().fillAndSign({ faxId, items });
}

/** Pre-flight of a whole staged document (a filled copy before it is faxed): each page measured and flagged. */
export async function preflightDocument(fileId: string): Promise<PreflightPage[] | null> {
  const pages: PreflightPage[] = [];
  for (let from = 1; ; from += 8) {
    const result = await faxApi().preflightPages({ id: fileId, from, count: 8 });
    if (!result.ok) return null;
    pages.push(...result.value.pages);
    if (from + 8 > result.value.pageCount) return pages;
  }
}
