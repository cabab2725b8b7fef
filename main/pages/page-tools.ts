/**
 * Page tools on a PDF's bytes (issue 27's first step: the engine, before its window): split into parts by page
 * numbers, rotate pages for good, remove pages, merge several documents. Each returns new bytes — the document given
 * is never changed — and refuses what it cannot do with its own message: an encrypted or unreadable PDF, a page
 * number that is not there, removing every page, an empty part. Pages are copied whole (their annotations, forms
 * and resources with them), with @cantoo/pdf-lib (the maintained fork of pdf-lib, MIT).
 */
import { degrees, PDFDocument } from '@cantoo/pdf-lib';
import { msg } from '../../preload/i18n/translator';
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
  if (document.getPageCount() === 0) throw new AppError('invalid_input', msg('pageTools.noPages'), { code: 'pages_none' });
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

/**
 * Page numbers as people type them ("1-3, 5, 8-"), 1-based, into 0-based indexes in the order given; a number or
 * range outside 1…count, a backwards range or anything else is refused with its reason.
 */
export function parsePageList(text: string, count: number): number[] {
  const indexes: number[] = [];
  const items = text.split(/[,;\s]+/).filter((item) => item !== '');
  if (items.length === 0) throw new AppError('invalid_input', msg('pageTools.noPagesGiven'), { code: 'pages_empty' });
  for (const item of items) {
    const match = /^(\d+)(?:-(\d*))?$/.exec(item);
    if (!match) throw new AppError('invalid_input', msg('pageTools.notAPageList', { item }), { code: 'pages_syntax' });
    const first = Number(match[1]);
    const last = match[2] === undefined ? first : match[2] === '' ? count : Number(match[2]);
    if (last < first) throw new AppError('invalid_input', msg('pageTools.notAPageList', { item }), { code: 'pages_syntax' });
    for (let page = first; page <= last; page += 1) indexes.push(page - 1);
  }
  checkPages(indexes, count);
  return indexes;
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
