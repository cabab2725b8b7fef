/**
 * What the sandbox does with uploaded documents: recognise the type by content (never by name), count pages
 * (PDF pages, TIFF directories, 1 per image, an estimate for DOCX), and render the fax's PDF with pdf-lib.
 * This is deliberately an implementation independent of the client's own checks.
 */
import fs from 'node:fs';
import zlib from 'node:zlib';
import { PDFDocument, StandardFonts, rgb, type PDFPage } from 'pdf-lib';

export type DocumentType = 'pdf' | 'docx' | 'jpg' | 'png' | 'tiff';

export const maxFileBytes = 25 * 1000 * 1000;

/** A ZIP archive's entry names, from its central directory. */
function zipEntries(bytes: Buffer): Map<string, { offset: number; method: number; compressedSize: number }> {
  const entries = new Map<string, { offset: number; method: number; compressedSize: number }>();
  const searchFrom = Math.max(0, bytes.length - 65_557);
  let eocd = -1;
  for (let index = bytes.length - 22; index >= searchFrom; index -= 1) {
    if (bytes.readUInt32LE(index) === 0x06054b50) {
      eocd = index;
      break;
    }
  }
  if (eocd < 0) return entries;
  const count = bytes.readUInt16LE(eocd + 10);
  let cursor = bytes.readUInt32LE(eocd + 16);
  for (let entry = 0; entry < count && cursor + 46 <= bytes.length; entry += 1) {
    if (bytes.readUInt32LE(cursor) !== 0x02014b50) break;
    const method = bytes.readUInt16LE(cursor + 10);
    const compressedSize = bytes.readUInt32LE(cursor + 20);
    const nameLength = bytes.readUInt16LE(cursor + 28);
    const extraLength = bytes.readUInt16LE(cursor + 30);
    const commentLength = bytes.readUInt16LE(cursor + 32);
    const offset = bytes.readUInt32LE(cursor + 42);
    const name = bytes.subarray(cursor + 46, cursor + 46 + nameLength).toString('utf8');
    entries.set(name, { offset, method, compressedSize });
    cursor += 46 + nameLength + extraLength + commentLength;
  }
  return entries;
}

function zipEntryText(bytes: Buffer, entry: { offset: number; method: number; compressedSize: number }): string | null {
  const local = entry.offset;
  if (local + 30 > bytes.length || bytes.readUInt32LE(local) !== 0x04034b50) return null;
  const start = local + 30 + bytes.readUInt16LE(local + 26) + bytes.readUInt16LE(local + 28);
  const data = bytes.subarray(start, start + entry.compressedSize);
  try {
    if (entry.method === 0) return data.toString('utf8');
    if (entry.method === 8) return zlib.inflateRawSync(data, { maxOutputLength: 50 * 1024 * 1024 }).toString('utf8');
  } catch {
    return null;
  }
  return null;
}

export function sniffType(head: Buffer, filePath: string): DocumentType | null {
  if (head.subarray(0, 1024).includes('%PDF-')) return 'pdf';
  if (head.length >= 8 && head.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return 'png';
  if (head.length >= 3 && head[0] === 0xff && head[1] === 0xd8 && head[2] === 0xff) return 'jpg';
  if (head.length >= 4 && (head.subarray(0, 4).equals(Buffer.from('II*\0', 'latin1')) || head.subarray(0, 4).equals(Buffer.from('MM\0*', 'latin1')))) {
    return 'tiff';
  }
  if (head.length >= 4 && head.readUInt32LE(0) === 0x04034b50) {
    const entries = zipEntries(fs.readFileSync(filePath));
    if (entries.has('word/document.xml') && entries.has('[Content_Types].xml')) return 'docx';
  }
  return null;
}

function tiffPageCount(bytes: Buffer): number {
  if (bytes.length < 8) return 0;
  const little = bytes[0] === 0x49;
  const u16 = (at: number) => (little ? bytes.readUInt16LE(at) : bytes.readUInt16BE(at));
  const u32 = (at: number) => (little ? bytes.readUInt32LE(at) : bytes.readUInt32BE(at));
  let offset = u32(4);
  const seen = new Set<number>();
  let pages = 0;
  while (offset !== 0 && offset + 2 <= bytes.length && !seen.has(offset) && pages < 10_000) {
    seen.add(offset);
    pages += 1;
    const entries = u16(offset);
    const next = offset + 2 + entries * 12;
    if (next + 4 > bytes.length) break;
    offset = u32(next);
  }
  return pages;
}

function docxPageEstimate(bytes: Buffer): number {
  const entries = zipEntries(bytes);
  const app = entries.get('docProps/app.xml');
  const appXml = app ? zipEntryText(bytes, app) : null;
  const stated = appXml ? /<Pages>(\d+)<\/Pages>/.exec(appXml)?.[1] : undefined;
  if (stated && Number(stated) > 0) return Math.min(Number(stated), 5000);
  const document = entries.get('word/document.xml');
  const xml = document ? zipEntryText(bytes, document) : null;
  const text = (xml ?? '').replace(/<[^>]+>/g, '');
  const breaks = (xml ?? '').match(/w:type="page"/g)?.length ?? 0;
  return Math.max(1, Math.ceil(text.length / 3000), breaks + 1);
}

async function quietly<T>(work: () => Promise<T>): Promise<T> {
  // pdf-lib reports recoverable parse problems on the console; the sandbox keeps its output clean.
   
  const { log, warn } = console;
  console.log = () => undefined;
  console.warn = () => undefined;
  try {
    return await work();
  } finally {
    console.log = log;
    console.warn = warn;
  }
   
}

async function pdfPageCount(bytes: Buffer): Promise<number> {
  try {
    const document = await quietly(() => PDFDocument.load(bytes, { ignoreEncryption: true, throwOnInvalidObject: false, updateMetadata: false }));
    const count = document.getPageCount();
    if (count > 0) return count;
  } catch {
    // fall through to the object scan below
  }
  return bytes.toString('latin1').match(/\/Type\s*\/Page(?![A-Za-z])/g)?.length ?? 0;
}

export async function countPages(type: DocumentType, filePath: string): Promise<number> {
  if (type === 'jpg' || type === 'png') return 1;
  const bytes = fs.readFileSync(filePath);
  if (type === 'tiff') return tiffPageCount(bytes);
  if (type === 'docx') return docxPageEstimate(bytes);
  return pdfPageCount(bytes);
}

export interface StoredDocument {
  path: string;
  type: DocumentType;
  pages: number;
}

function placeholderPages(target: PDFDocument, font: Awaited<ReturnType<PDFDocument['embedFont']>>, title: string, count: number): void {
  for (let index = 1; index <= count; index += 1) {
    const page = target.addPage([612, 792]);
    page.drawText(title, { x: 72, y: 700, size: 18, font });
    page.drawText(`Page ${index} of ${count}`, { x: 72, y: 670, size: 12, font, color: rgb(0.3, 0.3, 0.3) });
  }
}

function fitImage(page: PDFPage, width: number, height: number): { x: number; y: number; width: number; height: number } {
  const scale = Math.min((page.getWidth() - 72) / width, (page.getHeight() - 72) / height, 1);
  const w = width * scale;
  const h = height * scale;
  return { x: (page.getWidth() - w) / 2, y: (page.getHeight() - h) / 2, width: w, height: h };
}

/** The transmitted document: optional cover page, then every file's pages, as one PDF. */
export async function renderFaxPdf(options: {
  cover: { subject: string | null; notes: string | null; coverName: string } | null;
  documents: StoredDocument[];
}): Promise<Uint8Array> {
  const target = await PDFDocument.create();
  const font = await target.embedFont(StandardFonts.Helvetica);
  if (options.cover) {
    const page = target.addPage([612, 792]);
    page.drawText(`FAX — ${options.cover.coverName}`, { x: 72, y: 700, size: 22, font });
    if (options.cover.subject) page.drawText(`Subject: ${options.cover.subject.slice(0, 80)}`, { x: 72, y: 660, size: 13, font });
    if (options.cover.notes) page.drawText(options.cover.notes.slice(0, 80), { x: 72, y: 630, size: 11, font });
  }
  for (const document of options.documents) {
    const bytes = fs.readFileSync(document.path);
    if (document.type === 'pdf') {
      try {
        const source = await quietly(() => PDFDocument.load(bytes, { ignoreEncryption: true, throwOnInvalidObject: false, updateMetadata: false }));
        const pages = await target.copyPages(source, source.getPageIndices());
        for (const page of pages) target.addPage(page);
        continue;
      } catch {
        placeholderPages(target, font, 'PDF document (could not be re-rendered)', document.pages);
        continue;
      }
    }
    if (document.type === 'jpg' || document.type === 'png') {
      try {
        const image = document.type === 'jpg' ? await target.embedJpg(bytes) : await target.embedPng(bytes);
        const page = target.addPage([612, 792]);
        page.drawImage(image, fitImage(page, image.width, image.height));
        continue;
      } catch {
        placeholderPages(target, font, 'Image (could not be decoded)', 1);
        continue;
      }
    }
    placeholderPages(target, font, document.type === 'tiff' ? 'TIFF image' : 'Converted Word document', document.pages);
  }
  if (target.getPageCount() === 0) placeholderPages(target, font, 'Empty fax', 1);
  return target.save();
}

/** A generated document for an inbound fax. */
export async function renderInboundPdf(pages: number, senderName: string): Promise<Uint8Array> {
  const target = await PDFDocument.create();
  const font = await target.embedFont(StandardFonts.Helvetica);
  for (let index = 1; index <= pages; index += 1) {
    const page = target.addPage([612, 792]);
    page.drawText(`Inbound fax from ${senderName}`, { x: 72, y: 700, size: 18, font });
    page.drawText(`Page ${index} of ${pages}`, { x: 72, y: 670, size: 14, font });
    for (let line = 0; line < 20; line += 1) {
      page.drawText(`Sandbox document line ${line + 1} — generated test content, no real data.`, { x: 72, y: 620 - line * 22, size: 10, font });
    }
  }
  return target.save();
}
