/**
 * Page tools on PDFs' bytes: new documents of pages picked from one or several sources — a split, pages turned for
 * good, pages taken out, documents merged. New bytes every time — the sources are never changed — and what cannot be
 * done is refused with its own message: an encrypted or unreadable PDF, a page number that is not there, an empty
 * part. Pages are copied whole (their annotations, forms and resources with them), with @cantoo/pdf-lib (the
 * maintained fork of pdf-lib, MIT).
 */
import type { PDFDocument } from '@cantoo/pdf-lib';
import { pdfLibrary } from './pdf-library';
import { msg } from '../../preload/i18n/translator';
import { AppError } from '../errors';

export type QuarterTurn = 90 | 180 | 270;

/** Opens a PDF for page work; an encrypted or unreadable one is refused with its reason. */
export async function openForPages(bytes: Uint8Array): Promise<PDFDocument> {
  const { PDFDocument } = await pdfLibrary();
  let document: PDFDocument;
  try {
    document = await PDFDocument.load(bytes, { updateMetadata: false });
  } catch (error) {
    if (error instanceof Error && /encrypted/i.test(error.message)) throw new AppError('invalid_input', msg('pageTools.encrypted'), { code: 'pages_encrypted' });
    throw new AppError('invalid_input', msg('pageTools.unreadable'), { code: 'pages_unreadable' });
  }
  if (document.isEncrypted) throw new AppError('invalid_input', msg('pageTools.encrypted'), { code: 'pages_encrypted' });
  let count: number;
  try {
    count = document.getPageCount();
    // A file that parses but has no usable page tree fails here, not later halfway through the work.
    if (count > 0) document.getPages();
  } catch {
    throw new AppError('invalid_input', msg('pageTools.unreadable'), { code: 'pages_unreadable' });
  }
  if (count === 0) throw new AppError('invalid_input', msg('pageTools.noPages'), { code: 'pages_none' });
  return document;
}

function checkPages(indexes: readonly number[], count: number): void {
  const outside = indexes.find((index) => !Number.isInteger(index) || index < 0 || index >= count);
  if (outside !== undefined) throw new AppError('invalid_input', msg('pageTools.noSuchPage', { page: Number.isInteger(outside) ? outside + 1 : String(outside), count }), { code: 'pages_range' });
}

/** A page of one of the sources (0-based), turned by this much more than it was. */
export interface PickedPage {
  source: number;
  index: number;
  turn: 0 | QuarterTurn;
}

/** Builds one document of picked pages from the opened sources. */
async function assembleOne(opened: ReadonlyMap<number, PDFDocument>, picked: readonly PickedPage[]): Promise<Uint8Array> {
  const { degrees, PDFDocument } = await pdfLibrary();
  const result = await PDFDocument.create({ updateMetadata: false });
  // Each source's pages are copied in one go (what they share, such as fonts, is copied once), then put in order.
  const copies = new Map<PickedPage, ReturnType<PDFDocument['getPage']>>();
  for (const [number, source] of opened) {
    const mine = picked.filter((pick) => pick.source === number);
    if (mine.length === 0) continue;
    checkPages(mine.map((pick) => pick.index), source.getPageCount());
    const copied = await result.copyPages(source, mine.map((pick) => pick.index));
    mine.forEach((pick, at) => {
      const copy = copied[at];
      if (copy) copies.set(pick, copy);
    });
  }
  for (const pick of picked) {
    const copy = copies.get(pick);
    if (!copy) throw new AppError('invalid_input', msg('pageTools.unreadable'), { code: 'pages_unreadable' });
    if (pick.turn !== 0) copy.setRotation(degrees((((copy.getRotation().angle + pick.turn) % 360) + 360) % 360));
    result.addPage(copy);
  }
  return result.save({ useObjectStreams: true });
}

/**
 * New documents, one per part, of pages picked from several sources, each part in the order given and each page
 * turned as asked (added to the turn it had): split, turn, take out and merge are all lists of picked pages. Every
 * source is read once for all the parts; the sources stay as they were; a part with no pages is refused.
 */
export async function assembleDocuments(sources: readonly Uint8Array[], parts: ReadonlyArray<readonly PickedPage[]>): Promise<Uint8Array[]> {
  if (parts.length === 0 || parts.some((part) => part.length === 0)) throw new AppError('invalid_input', msg('pageTools.noPagesGiven'), { code: 'pages_empty' });
  const opened = new Map<number, PDFDocument>();
  for (const source of new Set(parts.flat().map((page) => page.source))) {
    const bytes = sources[source];
    if (!bytes) throw new AppError('invalid_input', msg('pageTools.unreadable'), { code: 'pages_unreadable' });
    opened.set(source, await openForPages(bytes));
  }
  const made: Uint8Array[] = [];
  for (const picked of parts) made.push(await assembleOne(opened, picked));
  return made;
}
