/**
 * How many pages a file will fax as: PDF pages (pdf.js, which reads damaged files the way viewers do), TIFF
 * image directories, 1 per JPG/PNG, and for DOCX the page count Word stored (or an estimate). A PDF that needs a
 * password, or that cannot be read at all, is refused: nobody could check it before sending, nor read it after.
 */
import fs from 'node:fs/promises';
import type { StagedFileKind } from '../../preload/models';
import { AppError } from '../errors';
import { zipEntries, zipEntryText } from './zip-directory';

export interface PageCount {
  pages: number;
  estimated: boolean;
}

type PdfJs = typeof import('pdfjs-dist/legacy/build/pdf.mjs');
let pdfjs: Promise<PdfJs> | null = null;

function loadPdfJs(): Promise<PdfJs> {
  pdfjs ??= import('pdfjs-dist/legacy/build/pdf.mjs');
  return pdfjs;
}

async function pdfPages(bytes: Buffer, label: string): Promise<number> {
  const { getDocument } = await loadPdfJs();
  // pdf.js may transfer the array it is given: hand it a copy.
  const data = new Uint8Array(bytes);
  const task = getDocument({ data, isEvalSupported: false, enableXfa: false, disableFontFace: true, useSystemFonts: false, stopAtErrors: false, verbosity: 0 });
  try {
    const document = await task.promise;
    return document.numPages;
  } catch (error) {
    const name = (error as { name?: string }).name;
    if (name === 'PasswordException') {
      throw new AppError('file', `${label} is password-protected. Remove the password (print it to a new PDF) and add it again: the recipient could not open it.`);
    }
    throw new AppError('file', `${label} is a damaged PDF that cannot be read. Open it in a PDF viewer and save or print it as a new PDF.`);
  } finally {
    await task.destroy();
  }
}

function tiffPages(bytes: Buffer): number {
  if (bytes.length < 8) return 0;
  const little = bytes[0] === 0x49;
  const u16 = (at: number) => (little ? bytes.readUInt16LE(at) : bytes.readUInt16BE(at));
  const u32 = (at: number) => (little ? bytes.readUInt32LE(at) : bytes.readUInt32BE(at));
  let offset = u32(4);
  const visited = new Set<number>();
  let pages = 0;
  while (offset > 0 && offset + 2 <= bytes.length && !visited.has(offset) && pages < 10_000) {
    visited.add(offset);
    pages += 1;
    const nextAt = offset + 2 + u16(offset) * 12;
    if (nextAt + 4 > bytes.length) break;
    offset = u32(nextAt);
  }
  return pages;
}

function docxPages(bytes: Buffer): PageCount {
  const entries = zipEntries(bytes);
  const app = entries.get('docProps/app.xml');
  const appXml = app ? zipEntryText(bytes, app) : null;
  const stated = appXml ? /<Pages>(\d+)<\/Pages>/.exec(appXml)?.[1] : undefined;
  if (stated !== undefined && Number(stated) > 0) return { pages: Number(stated), estimated: true };
  const body = entries.get('word/document.xml');
  const xml = body ? zipEntryText(bytes, body) : null;
  const characters = (xml ?? '').replace(/<[^>]+>/g, '').length;
  return { pages: Math.max(1, Math.ceil(characters / 3000)), estimated: true };
}

export async function countPagesOf(kind: StagedFileKind, bytes: Buffer, label: string): Promise<PageCount> {
  switch (kind) {
    case 'jpg':
    case 'png':
      return { pages: 1, estimated: false };
    case 'tiff': {
      const pages = tiffPages(bytes);
      if (pages < 1) throw new AppError('file', `${label} is a damaged TIFF image with no pages.`);
      return { pages, estimated: false };
    }
    case 'docx':
      return docxPages(bytes);
    case 'pdf': {
      const pages = await pdfPages(bytes, label);
      if (pages < 1) throw new AppError('file', `${label} has no pages.`);
      return { pages, estimated: false };
    }
  }
}

export async function countPages(kind: StagedFileKind, filePath: string, label: string): Promise<PageCount> {
  return countPagesOf(kind, await fs.readFile(filePath), label);
}
