/**
 * A stamp image (an office stamp, a scanned signature) checked before it is kept: a PNG or a JPEG that the PDF
 * library can embed, of a sensible size. Checked with the PDF library itself, the one that will draw it, so an
 * image that passes here also draws; nothing is decoded by the canvas library (it once crashed on damaged images).
 */
import type { PDFDocument, PDFImage } from '@cantoo/pdf-lib';
import { pdfLibrary } from './pdf-library';
import { AppError } from '../errors';
import { msg } from '../../preload/i18n/translator';
import { stampImageMaxBytes } from '../../preload/fax-limits';

/** Wider or taller than this is a scanned page, not a stamp. */
export const stampImageMaxDots = 4000;

export type StampKind = 'png' | 'jpg';

export function stampKindOf(bytes: Uint8Array): StampKind | null {
  if (bytes.length >= 8 && bytes[0] === 0x89 && bytes[1] === 0x50 && bytes[2] === 0x4e && bytes[3] === 0x47) return 'png';
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'jpg';
  return null;
}

/** The image embedded in a document (drawing it is then the document's business). */
export async function embedStamp(document: PDFDocument, bytes: Uint8Array): Promise<PDFImage> {
  const kind = stampKindOf(bytes);
  if (!kind) throw new AppError('invalid_input', msg('fillSign.stampNotAnImage'), { code: 'stamp_kind' });
  try {
    return kind === 'png' ? await document.embedPng(bytes) : await document.embedJpg(bytes);
  } catch {
    throw new AppError('invalid_input', msg('fillSign.stampDamaged'), { code: 'stamp_damaged' });
  }
}

/** The image's size in dots, or the specific reason it cannot be a stamp. */
export async function checkStampImage(bytes: Uint8Array): Promise<{ width: number; height: number }> {
  if (bytes.length > stampImageMaxBytes) throw new AppError('invalid_input', msg('fillSign.stampTooLarge', { megabytes: stampImageMaxBytes / (1024 * 1024) }), { code: 'stamp_size' });
  const { PDFDocument } = await pdfLibrary();
  const image = await embedStamp(await PDFDocument.create(), bytes);
  if (image.width < 1 || image.height < 1 || image.width > stampImageMaxDots || image.height > stampImageMaxDots) {
    throw new AppError('invalid_input', msg('fillSign.stampDimensions', { dots: stampImageMaxDots }), { code: 'stamp_dimensions' });
  }
  return { width: image.width, height: image.height };
}
