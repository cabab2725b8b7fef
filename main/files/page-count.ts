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

async function pdfPages(filePath: string, label: string): Promise<number> {
  const { getDocument } = await loadPdfJs();
  const data = new Uint8Array(await fs.readFile(filePath));
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

async function tiffPages(filePath: string): Promise<number> {
  const handle = await fs.open(filePath, 'r');
  try {
    const { size } = await handle.stat();
    const read = async (position: number, length: number): Promise<Buffer> => {
      const buffer = Buffer.alloc(length);
      const { bytesRead } = await handle.read(buffer, 0, length, position);
      return buffer.subarray(0, bytesRead);
    };
    const header = await read(0, 8);
    const little = header[0] === 0x49;
    const u16 = (buffer: Buffer) => (little ? buffer.readUInt16LE(0) : buffer.readUInt16BE(0));
    const u32 = (buffer: Buffer) => (little ? buffer.readUInt32LE(0) : buffer.readUInt32BE(0));
    let offset = u32(header.subarray(4));
    const visited = new Set<number>();
    let pages = 0;
    while (offset > 0 && offset + 2 <= size && !visited.has(offset) && pages < 10_000) {
      visited.add(offset);
      pages += 1;
      const entries = u16(await read(offset, 2));
      const nextAt = offset + 2 + entries * 12;
      if (nextAt + 4 > size) break;
      offset = u32(await read(nextAt, 4));
    }
    return pages;
  } finally {
    await handle.close();
  }
}

async function docxPages(filePath: string): Promise<PageCount> {
  const handle = await fs.open(filePath, 'r');
  try {
    const entries = await zipEntries(handle);
    const app = entries.get('docProps/app.xml');
    const appXml = app ? await zipEntryText(handle, app) : null;
    const stated = appXml ? /<Pages>(\d+)<\/Pages>/.exec(appXml)?.[1] : undefined;
    if (stated !== undefined && Number(stated) > 0) return { pages: Number(stated), estimated: true };
    const body = entries.get('word/document.xml');
    const xml = body ? await zipEntryText(handle, body) : null;
    const characters = (xml ?? '').replace(/<[^>]+>/g, '').length;
    return { pages: Math.max(1, Math.ceil(characters / 3000)), estimated: true };
  } finally {
    await handle.close();
  }
}

export async function countPages(kind: StagedFileKind, filePath: string, label: string): Promise<PageCount> {
  switch (kind) {
    case 'jpg':
    case 'png':
      return { pages: 1, estimated: false };
    case 'tiff': {
      const pages = await tiffPages(filePath);
      if (pages < 1) throw new AppError('file', `${label} is a damaged TIFF image with no pages.`);
      return { pages, estimated: false };
    }
    case 'docx':
      return docxPages(filePath);
    case 'pdf': {
      const pages = await pdfPages(filePath, label);
      if (pages < 1) throw new AppError('file', `${label} has no pages.`);
      return { pages, estimated: false };
    }
  }
}
