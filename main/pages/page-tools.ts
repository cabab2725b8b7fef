/**
 * Page tools on a PDF's bytes (issue 27's first step: the engine, before its window): split into parts by page
 * numbers, rotate pages for good, remove pages, merge several documents. Each returns new bytes — the document given
 * is never changed — and refuses what it cannot do with its own message: an encrypted or unreadable PDF, a page
 * number that is not there, removing every page, an empty part. Pages are copied whole (their annotations, forms
 * and resources with them), with @cantoo/pdf-lib (the maintained fork of pdf-lib, MIT).
 */
import { degrees, PDFDocument } from '@cantoo/pdf-lib';
import { msg } from '../../preload/i18n/translator';
import { readPageList } from '../../preload/page-list';
import { AppError } from '../errors';

export type QuarterTurn = 90 | 180 | 270;

/** Opens a PDF for page work; an encrypted or unreadable one is refused with its reason. */
export async function openForPages(bytes: Uint8Array): Promise<PDFDocument> {
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

async function documentOf(source: PDFDocument, indexes: readonly number[]): Promise<Uint8Array> {
  const part = await PDFDocument.create({ updateMetadata: false });
  for (const page of await part.copyPages(source, [...indexes])) part.addPage(page);
  return part.save({ useObjectStreams: true });
}

/** Page numbers as people type them ("1-3, 5, 8-") into 0-based indexes (preload/page-list.ts); refused with the reason. */
export function parsePageList(text: string, count: number): number[] {
  const read = readPageList(text, count);
  if (!read.ok) throw new AppError('invalid_input', read.message, { code: read.code });
  return read.indexes;
}

/** One new document per part (each part's pages in its order); the original stays as it was. */
export async function splitPdf(bytes: Uint8Array, parts: ReadonlyArray<readonly number[]>): Promise<Uint8Array[]> {
  const source = await openForPages(bytes);
  if (parts.length === 0 || parts.some((part) => part.length === 0)) throw new AppError('invalid_input', msg('pageTools.noPagesGiven'), { code: 'pages_empty' });
  for (const part of parts) checkPages(part, source.getPageCount());
  const out: Uint8Array[] = [];
  for (const part of parts) out.push(await documentOf(source, part));
  return out;
}

/** Turns pages for good (added to the turn they have); pages not named are as they were. */
export async function rotatePages(bytes: Uint8Array, turns: ReadonlyMap<number, QuarterTurn>): Promise<Uint8Array> {
  const document = await openForPages(bytes);
  checkPages([...turns.keys()], document.getPageCount());
  for (const [index, turn] of turns) {
    const page = document.getPage(index);
    page.setRotation(degrees((((page.getRotation().angle + turn) % 360) + 360) % 360));
  }
  return document.save({ useObjectStreams: true });
}

/** A copy without these pages; removing every page is refused. */
export async function removePages(bytes: Uint8Array, indexes: readonly number[]): Promise<Uint8Array> {
  const source = await openForPages(bytes);
  checkPages(indexes, source.getPageCount());
  const gone = new Set(indexes);
  const kept = Array.from({ length: source.getPageCount() }, (_, index) => index).filter((index) => !gone.has(index));
  if (kept.length === 0) throw new AppError('invalid_input', msg('pageTools.cannotRemoveAll'), { code: 'pages_all' });
  return documentOf(source, kept);
}

/** One document of several, in the order given. */
export async function mergePdfs(documents: readonly Uint8Array[]): Promise<Uint8Array> {
  if (documents.length === 0) throw new AppError('invalid_input', msg('pageTools.noPagesGiven'), { code: 'pages_empty' });
  const merged = await PDFDocument.create({ updateMetadata: false });
  for (const bytes of documents) {
    const source = await openForPages(bytes);
    for (const page of await merged.copyPages(source, source.getPageIndices())) merged.addPage(page);
  }
  return merged.save({ useObjectStreams: true });
}

/** A page of one of the sources (0-based), turned by this much more than it was. */
export interface PickedPage {
  source: number;
  index: number;
  turn: 0 | QuarterTurn;
}

/**
 * One new document of pages picked from several sources, in the order given, each turned as asked (added to the
 * turn it had): split, turn, remove and merge are all a list of picked pages. The sources stay as they were.
 */
export async function assemblePages(sources: readonly Uint8Array[], picked: readonly PickedPage[]): Promise<Uint8Array> {
  if (picked.length === 0) throw new AppError('invalid_input', msg('pageTools.noPagesGiven'), { code: 'pages_empty' });
  const opened = new Map<number, PDFDocument>();
  for (const source of new Set(picked.map((page) => page.source))) {
    const bytes = sources[source];
    if (!bytes) throw new AppError('invalid_input', msg('pageTools.unreadable'), { code: 'pages_unreadable' });
    opened.set(source, await openForPages(bytes));
  }
  const result = await PDFDocument.create({ updateMetadata: false });
  // Each source's pages are copied in one go (what they share, such as fonts, is copied once), then put in order.
  const copies = new Map<PickedPage, ReturnType<PDFDocument['getPage']>>();
  for (const [number, source] of opened) {
    const mine = picked.filter((pick) => pick.source === number);
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
